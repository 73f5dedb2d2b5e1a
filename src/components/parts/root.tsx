"use client";
import { type ComponentPropsWithoutRef, type KeyboardEvent, useId } from "react";
import { useSelection } from "../../react/index.js";
import { selectPrompt } from "../../store/index.js";
import { activateOption, advancePrompt } from "./prompt-actions.js";
import { composeHandlers, entryOf, flag, offersOther, PromptScope, RootIdScope, usePromptScope } from "./scope.js";
import { elementOrSlot } from "./slot.js";
import { namedForwardRef } from "./named.js";

const ROOT_NAME = "AskUser.Root";

export interface AskUserRootProps extends ComponentPropsWithoutRef<"section"> {
  /** The prompt to show. Default: the store's active prompt. */
  promptId?: string;
  /** Render the one element given as children (your own container, e.g. a `<form>`) as the root. */
  asChild?: boolean;
}

const rootElement = elementOrSlot(ROOT_NAME, "section");

/**
 * The panel element: a labelled group that owns the keyboard (spec §5) and tells the parts inside
 * which prompt they show. Renders nothing when there is no such prompt.
 */
export const AskUserRoot = /* @__PURE__ */ namedForwardRef<HTMLElement, AskUserRootProps>(
  ROOT_NAME,
  function AskUserRoot({ promptId: promptIdProp, id: idProp, asChild, onKeyDown, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(ROOT_NAME, promptIdProp);
    const status = useSelection(store, (state) => entryOf(state, promptId)?.status);
    const step = useSelection(store, (state) => entryOf(state, promptId)?.step ?? 0);
    const total = useSelection(store, (state) => entryOf(state, promptId)?.record.questions.length ?? 0);
    const collapsed = useSelection(store, (state) => state.collapsed);
    const generatedId = useId();
    const id = idProp ?? generatedId;
    if (promptId === null || status === undefined) return null;

    const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
      // Keys that finish an IME composition (Vietnamese, CJK) must never pick, advance or submit.
      if (event.nativeEvent.isComposing || event.keyCode === 229) return;
      const state = store.getState();
      const entry = selectPrompt(state, promptId);
      if (!entry || entry.status !== "pending") return;
      const question = entry.record.questions[entry.step];
      if (!question) return;
      const target = event.target as HTMLElement;
      const typing =
        target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type !== "checkbox" && target.type !== "radio");
      const modified = event.ctrlKey || event.altKey || event.metaKey;

      // While Skip asks for confirmation, keys answer that question only: Esc keeps answering.
      if (entry.confirmingSkip) {
        if (event.key === "Escape" && !modified) {
          event.preventDefault();
          state.cancelSkip(promptId);
        }
        return;
      }
      if (event.key === "Escape" && !modified) {
        event.preventDefault();
        state.setCollapsed(true);
        return;
      }
      if (event.key === "Enter" && typing && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        advancePrompt(store, promptId);
        return;
      }
      if (modified || typing || target.closest("a[href]")) return;

      if (/^[1-9]$/.test(event.key)) {
        const index = Number(event.key) - 1;
        const option = question.options[index];
        if (option) {
          event.preventDefault();
          activateOption(store, promptId, question, option.label, true);
        } else if (index === question.options.length && question.options.length > 0 && offersOther(question)) {
          const other = event.currentTarget.querySelector<HTMLElement>('[data-slot="ask-user-other-input"]');
          if (other) {
            event.preventDefault();
            other.focus();
          }
        }
        return;
      }
      if (event.key === "Enter" && !(target instanceof HTMLButtonElement)) {
        event.preventDefault();
        advancePrompt(store, promptId);
      }
    };

    const Section = rootElement(asChild);
    return (
      <PromptScope.Provider value={promptId}>
        <RootIdScope.Provider value={id}>
          <Section
            id={id}
            role="group"
            aria-label={messages.question}
            tabIndex={-1}
            data-slot="ask-user-root"
            data-state={collapsed ? "collapsed" : "open"}
            data-status={status}
            data-step={step + 1}
            data-total={total}
            data-disabled={flag(status !== "pending")}
            {...props}
            ref={ref}
            onKeyDown={composeHandlers(onKeyDown, handleKeyDown)}
          >
            {children}
          </Section>
        </RootIdScope.Provider>
      </PromptScope.Provider>
    );
  },
);
