"use client";
import { type ComponentPropsWithoutRef, forwardRef, useId } from "react";
import { useSelection } from "../../react/ask-user-hooks.js";
import { type OtherSessionPending, selectOtherSessionPending } from "../../store/selectors.js";
import { usePromptScope } from "./scope.js";

export const OTHER_SESSIONS_NAME = "AskUser.OtherSessions";

export interface AskUserOtherSessionsProps extends ComponentPropsWithoutRef<"p"> {
  /**
   * Take the person to those prompts (switch the host's session view). Without it, the button
   * docks every session's prompts here (`setViewSessionKey(null)`) until the host's
   * `viewSessionKey` changes.
   */
  onShowOtherSessions?: (pending: OtherSessionPending) => void;
}

/** How many prompts wait in other sessions, and a way to reach them: never silently hidden. */
export const AskUserOtherSessions = forwardRef<HTMLParagraphElement, AskUserOtherSessionsProps>(function AskUserOtherSessions(
  { onShowOtherSessions, children, ...props },
  ref,
) {
  const { store, messages } = usePromptScope(OTHER_SESSIONS_NAME, undefined);
  const pending = useSelection(store, selectOtherSessionPending);
  const textId = useId();
  if (pending.count === 0) return null;
  const show = () => {
    if (onShowOtherSessions) onShowOtherSessions(pending);
    else store.getState().setViewSessionKey(null);
  };
  return (
    <p data-slot="ask-user-other-sessions" data-count={pending.count} {...props} ref={ref}>
      <span id={textId}>{children ?? messages.otherSessions(pending.count)}</span>{" "}
      <button type="button" aria-describedby={textId} data-slot="ask-user-other-sessions-show" onClick={show}>
        {messages.showOtherSessions}
      </button>
    </p>
  );
});
AskUserOtherSessions.displayName = OTHER_SESSIONS_NAME;
