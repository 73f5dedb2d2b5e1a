"use client";
import { forwardRef, useId, useLayoutEffect, useRef } from "react";
import { useAskUserContext } from "../react/ask-user-context.js";
import { useSelection } from "../react/ask-user-hooks.js";
import { AskUserBack, AskUserClose, AskUserNext, AskUserSkip, AskUserSubmit } from "./parts/buttons.js";
import { AskUserCollapse, AskUserCollapseBar } from "./parts/collapse.js";
import { AskUserCountdown } from "./parts/countdown.js";
import { AskUserError } from "./parts/error.js";
import { AskUserNavigator } from "./parts/navigator.js";
import { AskUserOutcome } from "./parts/outcome.js";
import { AskUserQuestion } from "./parts/question.js";
import { AskUserRoot, type AskUserRootProps } from "./parts/root.js";
import { CloseScope, composeHandlers, entryOf, useMergedRefs } from "./parts/scope.js";
import { AskUserStepIndicator } from "./parts/step-indicator.js";
import { AskUserCredentialWarning } from "./credential/ask-user-credential-warning.js";
import { useCredentialGuard } from "./credential/use-credential-guard.js";
import { useShownPrompt } from "./use-shown-prompt.js";

export const PANEL_NAME = "AskUserPanel";

export interface AskUserPanelProps extends AskUserRootProps {
  /** Show the countdown only in the last this-many seconds. Default 60. */
  countdownThreshold?: number;
  /** Clock for the countdown; default `Date.now`. */
  now?: () => number;
  /** Focus the panel when it opens, on each step and on re-expand. Default true. */
  autoFocus?: boolean;
}

/**
 * The ready-made question panel, composed from the public `AskUser.*` parts: one question per
 * step, Back/Skip/Next/Submit, collapse to a bar. Shows the active prompt unless `promptId` is given.
 */
export const AskUserPanel = forwardRef<HTMLElement, AskUserPanelProps>(function AskUserPanel({ promptId, ...props }, ref) {
  const { store } = useAskUserContext(PANEL_NAME);
  const shown = useShownPrompt(store);
  return <PanelView {...props} ref={ref} promptId={promptId ?? shown.promptId} close={promptId === undefined ? shown.close : null} />;
});
AskUserPanel.displayName = PANEL_NAME;

export interface PanelViewProps extends Omit<AskUserPanelProps, "promptId"> {
  promptId: string | null;
  close: (() => void) | null;
}

export const PanelView = forwardRef<HTMLElement, PanelViewProps>(function PanelView(
  { promptId, close, countdownThreshold = 60, now, autoFocus = true, id: idProp, ...rootProps },
  ref,
) {
  const { store, messages } = useAskUserContext(PANEL_NAME);
  const generatedId = useId();
  const rootId = idProp ?? generatedId;
  const rootRef = useRef<HTMLElement>(null);
  const mergedRef = useMergedRefs(ref, rootRef);
  const barRef = useRef<HTMLButtonElement>(null);
  const collapsed = useSelection(store, (state) => state.collapsed);
  const step = useSelection(store, (state) => entryOf(state, promptId)?.step ?? 0);
  const exists = useSelection(store, (state) => entryOf(state, promptId) !== undefined);
  // Other text that looks like a credential needs a second, explicit confirmation before it is sent.
  const guard = useCredentialGuard(promptId);

  // Focus follows the question: on open, on every step and on re-expand (never while collapsed,
  // so a question that docks collapsed does not pull focus out of the composer).
  const previous = useRef<{ promptId: string | null; step: number; collapsed: boolean } | null>(null);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { promptId, step, collapsed };
    if (promptId === null || !exists) return;
    if (collapsed) {
      // Keep focus out of the hidden panel; a dock then hands it on to the composer.
      if (before && !before.collapsed && rootRef.current?.contains(document.activeElement)) barRef.current?.focus();
      return;
    }
    if (!autoFocus) return;
    if (!before || before.promptId !== promptId || before.step !== step || before.collapsed) rootRef.current?.focus({ preventScroll: true });
  }, [autoFocus, promptId, step, collapsed, exists]);

  if (promptId === null || !exists) return null;
  return (
    <CloseScope.Provider value={close}>
      <div data-slot="ask-user-panel" data-state={collapsed ? "collapsed" : "open"}>
        <AskUserCollapseBar promptId={promptId} controls={rootId} ref={barRef} />
        <AskUserRoot
          {...rootProps}
          id={rootId}
          promptId={promptId}
          hidden={collapsed || rootProps.hidden}
          ref={mergedRef}
          onKeyDown={composeHandlers(rootProps.onKeyDown, guard.onRootKeyDown)}
        >
          <div data-slot="ask-user-header">
            <span data-slot="ask-user-eyebrow" aria-hidden="true">
              {messages.question}
            </span>
            <AskUserStepIndicator />
            <AskUserCountdown threshold={countdownThreshold} now={now} />
            <AskUserNavigator />
            <AskUserCollapse />
          </div>
          <AskUserQuestion />
          <AskUserOutcome />
          <AskUserError guardSubmit={guard.guardSubmit} />
          <AskUserCredentialWarning guard={guard} />
          <div data-slot="ask-user-footer">
            <AskUserBack />
            <AskUserSkip />
            <AskUserNext />
            <AskUserSubmit onClick={guard.onSubmitClick} />
            <AskUserClose />
          </div>
        </AskUserRoot>
      </div>
    </CloseScope.Provider>
  );
});
PanelView.displayName = "AskUserPanelView";
