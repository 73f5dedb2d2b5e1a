"use client";
import { type ComponentPropsWithoutRef, type MouseEvent, useContext } from "react";
import { useSelection } from "../../react/index.js";
import { isOpenStatus, selectPromptPosition } from "../../store/index.js";
import { ChevronIcon, QuestionIcon } from "./icons.js";
import { composeHandlers, entryOf, RootIdScope, usePromptScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const COLLAPSE_NAME = "AskUser.Collapse";
const COLLAPSE_BAR_NAME = "AskUser.CollapseBar";

export interface AskUserCollapseProps extends Omit<ComponentPropsWithoutRef<"button">, "type"> {
  promptId?: string;
}

/** The chevron in the open panel that folds it into the bar. Collapsing never answers or skips. */
export const AskUserCollapse = /* @__PURE__ */ namedForwardRef<HTMLButtonElement, AskUserCollapseProps>(
  COLLAPSE_NAME,
  function AskUserCollapse({ promptId: promptIdProp, onClick, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(COLLAPSE_NAME, promptIdProp);
    const rootId = useContext(RootIdScope);
    const open = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      return entry !== undefined && isOpenStatus(entry.status);
    });
    if (!open) return null;
    return (
      <button
        type="button"
        aria-label={messages.collapse}
        aria-expanded={true}
        aria-controls={rootId}
        data-slot="ask-user-collapse"
        {...props}
        ref={ref}
        onClick={composeHandlers(onClick, (_: MouseEvent<HTMLButtonElement>) => store.getState().setCollapsed(true))}
      >
        {children ?? <ChevronIcon direction="down" />}
      </button>
    );
  },
);

export interface AskUserCollapseBarProps extends Omit<ComponentPropsWithoutRef<"button">, "type"> {
  promptId?: string;
  /** Id of the panel the bar expands (`aria-controls`). */
  controls?: string;
}

/**
 * The slim bar shown while collapsed: "Question · <header>", `i/N`, and "+2 waiting" when other
 * requests wait behind this one. Pressing it re-opens the panel. Rendered only while collapsed
 * with a prompt to show.
 */
export const AskUserCollapseBar = /* @__PURE__ */ namedForwardRef<HTMLButtonElement, AskUserCollapseBarProps>(
  COLLAPSE_BAR_NAME,
  function AskUserCollapseBar({ promptId: promptIdProp, controls, onClick, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(COLLAPSE_BAR_NAME, promptIdProp);
    // Read only while collapsed: the open panel's step changes then re-render nothing here.
    const collapsed = useSelection(store, (state) => state.collapsed);
    const header = useSelection(store, (state) => {
      const entry = state.collapsed ? entryOf(state, promptId) : undefined;
      return entry?.record.questions[entry.step]?.header;
    });
    const step = useSelection(store, (state) => (state.collapsed ? (entryOf(state, promptId)?.step ?? 0) + 1 : 0));
    const total = useSelection(store, (state) => entryOf(state, promptId)?.record.questions.length ?? 0);
    const waiting = useSelection(store, (state) => Math.max((selectPromptPosition(state)?.total ?? 1) - 1, 0));
    if (!collapsed || header === undefined) return null;
    return (
      <button
        type="button"
        aria-expanded={false}
        aria-controls={controls}
        title={messages.expand}
        data-slot="ask-user-collapse-bar"
        data-step={step}
        data-total={total}
        data-waiting={waiting}
        {...props}
        ref={ref}
        onClick={composeHandlers(onClick, (_: MouseEvent<HTMLButtonElement>) => store.getState().setCollapsed(false))}
      >
        {children ?? (
          <>
            <QuestionIcon />
            <span data-slot="ask-user-collapse-bar-label">{messages.collapsedLabel(header)}</span>
            <span data-slot="ask-user-collapse-bar-progress">{messages.progress(step, total)}</span>
            {waiting > 0 ? <span data-slot="ask-user-collapse-bar-waiting">{messages.alsoWaiting(waiting)}</span> : null}
            <ChevronIcon direction="up" />
          </>
        )}
      </button>
    );
  },
);
