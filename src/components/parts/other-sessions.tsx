"use client";
import { type ComponentPropsWithoutRef, useId } from "react";
import { useAskUserContext, useSelection } from "../../react/index.js";
import { type OtherSessionPending, sameOtherSessions, selectOtherSessionPending } from "../../store/index.js";
import { InboxIcon } from "./icons.js";
import { namedForwardRef } from "./named.js";
import { sessionDisplayName } from "./session-name.js";

const OTHER_SESSIONS_NAME = "AskUser.OtherSessions";

export interface AskUserOtherSessionsProps extends ComponentPropsWithoutRef<"p"> {
  /**
   * Take the person to those prompts (switch the host's session view). Without it, the button
   * docks every session's prompts here (`setViewSessionKey(null)`) until the host's
   * `viewSessionKey` changes.
   */
  onShowOtherSessions?: (pending: OtherSessionPending) => void;
}

/**
 * How many prompts wait in other sessions — and in which, when it is one — with a button to go
 * there: never silently hidden.
 */
export const AskUserOtherSessions = /* @__PURE__ */ namedForwardRef<HTMLParagraphElement, AskUserOtherSessionsProps>(
  OTHER_SESSIONS_NAME,
  function AskUserOtherSessions({ onShowOtherSessions, children, ...props }, ref) {
    const { store, messages } = useAskUserContext(OTHER_SESSIONS_NAME);
    const pending = useSelection(store, selectOtherSessionPending, sameOtherSessions);
    const textId = useId();
    if (pending.count === 0) return null;
    const session = sessionDisplayName(pending.sessionKeys[0]);
    const show = () => {
      if (onShowOtherSessions) onShowOtherSessions(pending);
      else store.getState().setViewSessionKey(null);
    };
    return (
      <p data-slot="ask-user-other-sessions" data-count={pending.count} data-session-key={pending.sessionKeys[0]} {...props} ref={ref}>
        <InboxIcon />
        <span id={textId} data-slot="ask-user-other-sessions-text">
          {children ?? messages.otherSessions(pending.count, session, pending.sessionKeys.length)}
        </span>{" "}
        <button type="button" aria-describedby={textId} data-slot="ask-user-other-sessions-show" onClick={show}>
          {messages.showOtherSessions(pending.sessionKeys.length > 1 ? null : session)}
        </button>
      </p>
    );
  },
);
