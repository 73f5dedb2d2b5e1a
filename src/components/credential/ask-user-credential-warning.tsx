"use client";
import { type ComponentPropsWithoutRef, useEffect, useRef } from "react";
import { flushSync } from "react-dom";
import { useSelection } from "../../react/index.js";
import { selectPrompt } from "../../store/index.js";
import { useMergedRefs, usePromptScope } from "../parts/scope.js";
import { useCredentialGuard } from "./use-credential-guard.js";
import { namedForwardRef } from "../parts/named.js";

const CREDENTIAL_WARNING_NAME = "AskUserCredentialWarning";

export interface AskUserCredentialWarningProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {
  promptId?: string;
}

/**
 * Says that an Other answer looks like a credential, with "Send anyway" (an explicit second
 * confirmation) and "Edit answer" (focus on the text). The store holds every submit back until
 * then; each held submit moves focus here. The alert text mounts once per warning and never
 * changes, so a screen reader announces it once, not on every keystroke.
 */
export const AskUserCredentialWarning = /* @__PURE__ */ namedForwardRef<HTMLDivElement, AskUserCredentialWarningProps>(
  CREDENTIAL_WARNING_NAME,
  function AskUserCredentialWarning({ promptId: promptIdProp, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(CREDENTIAL_WARNING_NAME, promptIdProp);
    const guard = useCredentialGuard(promptId);
    const node = useRef<HTMLDivElement>(null);
    const mergedRef = useMergedRefs(ref, node);
    const { warning, holds } = guard;
    const pending = useSelection(store, (state) => (promptId === null ? false : selectPrompt(state, promptId)?.status === "pending"));
    const seenHolds = useRef(holds);
    useEffect(() => {
      if (holds > seenHolds.current) node.current?.focus();
      seenHolds.current = holds;
    }, [holds]);
    if (!warning || promptId === null) return null;

    const editAnswer = () => {
      const findField = () => {
        const scope = node.current?.closest('[data-slot="ask-user-root"], [data-slot="ask-user-cards"]');
        const question = [...(scope?.querySelectorAll('[data-slot="ask-user-question"]') ?? [])].find(
          (element) => element.getAttribute("data-question-id") === warning.questionId,
        );
        return question?.querySelector<HTMLTextAreaElement>('[data-slot="ask-user-other-input"]') ?? null;
      };
      let field = findField();
      if (!field) {
        // A stepper shows one question at a time: bring the one holding the secret on screen first.
        const entry = selectPrompt(store.getState(), promptId);
        const index = entry?.record.questions.findIndex((question) => question.questionId === warning.questionId) ?? -1;
        if (index >= 0) flushSync(() => store.getState().goToStep(promptId, index));
        field = findField();
      }
      field?.focus();
    };

    return (
      <div
        tabIndex={-1}
        data-slot="ask-user-credential-warning"
        data-kind={warning.kind}
        data-rule={warning.rule}
        data-question-id={warning.questionId}
        data-state={guard.confirmed ? "confirmed" : "unconfirmed"}
        {...props}
        ref={mergedRef}
      >
        <p role="alert" data-slot="ask-user-credential-warning-text">
          {messages.credentialWarning}
        </p>
        <div data-slot="ask-user-credential-actions">
          <button type="button" data-slot="ask-user-credential-edit" disabled={!pending} onClick={editAnswer}>
            {messages.editAnswer}
          </button>
          {guard.confirmed ? null : (
            <button type="button" data-slot="ask-user-credential-send" disabled={!pending} onClick={() => guard.sendAnyway()}>
              {messages.sendAnyway}
            </button>
          )}
        </div>
      </div>
    );
  },
);
