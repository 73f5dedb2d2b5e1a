"use client";
import { useAskUserContext, useSelection } from "../react/index.js";
import { type AskUserStoreState, selectOtherSessionPending, selectPromptPosition } from "../store/index.js";
import { AskUserCredentialWarning } from "./credential/ask-user-credential-warning.js";
import { AskUserBack, AskUserNext, AskUserSkip, AskUserSubmit } from "./parts/buttons.js";
import { AskUserChecking } from "./parts/checking.js";
import { AskUserConnection } from "./parts/connection.js";
import { AskUserError } from "./parts/error.js";
import { AskUserNavigator } from "./parts/navigator.js";
import { AskUserOtherSessions, type AskUserOtherSessionsProps } from "./parts/other-sessions.js";
import { AskUserProblems } from "./parts/problems.js";
import { entryOf } from "./parts/scope.js";
import { AskUserSkipConfirm } from "./parts/skip-confirm.js";

/*
 * The ready-made panel and dock mount a part only while it has something to show, decided here from
 * one selection per place. Each part still renders nothing by itself when empty (hosts composing
 * the parts rely on that); mounted empty, though, a question's arrival paid for every one of them
 * (its hooks, its store subscriptions) to render nothing: nine parts, some twenty subscriptions.
 * Back, Next and Submit are not gated: each is empty on some steps only, and with them mounted
 * throughout a step change mounts nothing.
 */

const CONNECTION = 1;
const CHECKING = 2;
const ERROR = 4;
const CREDENTIAL = 8;
const SKIP_CONFIRM = 16;

/** Which of the panel's messages have something to say, as bits (a number: equal until one changes). */
function noticesOf(state: AskUserStoreState, promptId: string): number {
  const entry = entryOf(state, promptId);
  if (!entry) return 0;
  return (
    (state.connectionLost ? CONNECTION : 0) |
    (entry.checking === true ? CHECKING : 0) |
    (entry.error ? ERROR : 0) |
    (entry.credentialWarning ? CREDENTIAL : 0) |
    (entry.confirmingSkip === true ? SKIP_CONFIRM : 0)
  );
}

interface PromptGateProps {
  promptId: string;
}

/** The messages above the panel's buttons: connection, checking, error, credential hold, Skip's question. */
function PanelNotices({ promptId }: PromptGateProps) {
  const { store } = useAskUserContext("AskUserPanel");
  const notices = useSelection(store, (state) => noticesOf(state, promptId));
  if (notices === 0) return null;
  return (
    <>
      {notices & CONNECTION ? <AskUserConnection /> : null}
      {notices & CHECKING ? <AskUserChecking /> : null}
      {notices & ERROR ? <AskUserError /> : null}
      {notices & CREDENTIAL ? <AskUserCredentialWarning /> : null}
      {notices & SKIP_CONFIRM ? <AskUserSkipConfirm /> : null}
    </>
  );
}

/**
 * The end of a prompt's card, in the dock and in the inbox: what answers the person's last action
 * (a refusal, an error, a question back) right above the actions, so both stay in view together.
 */
export function PanelEnd({ promptId }: PromptGateProps) {
  return (
    <div data-slot="ask-user-panel-end">
      <PanelNotices promptId={promptId} />
      <div data-slot="ask-user-footer">
        <AskUserBack />
        <AskUserSkip />
        <AskUserNext />
        <AskUserSubmit />
      </div>
    </div>
  );
}

/** The request navigator, while several prompts are docked and this one is on screen. */
export function PanelNavigator({ promptId }: PromptGateProps) {
  const { store } = useAskUserContext("AskUserPanel");
  const several = useSelection(store, (state) => state.activeId === promptId && (selectPromptPosition(state)?.total ?? 0) > 1);
  return several ? <AskUserNavigator /> : null;
}

/** The dock's notes above the panel: problems out of sight, prompts waiting in other sessions. */
export function DockNotices({ onShowOtherSessions }: Pick<AskUserOtherSessionsProps, "onShowOtherSessions">) {
  const { store } = useAskUserContext("AskUserDock");
  const notes = useSelection(store, (state) => (state.problems.length > 0 ? 1 : 0) | (selectOtherSessionPending(state).count > 0 ? 2 : 0));
  if (notes === 0) return null;
  return (
    <>
      {notes & 1 ? <AskUserProblems /> : null}
      {notes & 2 ? <AskUserOtherSessions onShowOtherSessions={onShowOtherSessions} /> : null}
    </>
  );
}
