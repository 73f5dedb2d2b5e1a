import { useMemo } from "react";
import { sameSessionKey } from "../../src/contract/index.js";
import { AskUserSummary, useAskUser, useAskUserTranscript } from "../../src/index.js";
import type { DemoRun } from "../api-types.js";
import { AgentTurn } from "./agent-turn.js";
import { type Note, noteText } from "./strings.js";
import { type LooseQuestion, buildTimeline } from "./timeline.js";
import type { LoggedTurn, NoteTone } from "./turn-log.js";
import { useStrings } from "./use-strings.js";

/** What a note's buttons do. */
export interface NoteActions {
  /** Opens the docked question that is waiting. */
  showQuestion(): void;
  switchSession(sessionKey: string): void;
  /** Runs a composer command again (`single`, `several`, …). */
  runCommand(command: string): void;
}

export interface ConversationProps {
  session: string;
  turns: readonly LoggedTurn[];
  /** Every run the page knows, of any session (a chip of another session's run is not loose). */
  runs: Readonly<Record<string, DemoRun>>;
  /** The run list has been read: before that, no chip is placed on its own. */
  runsLoaded: boolean;
  actions: NoteActions;
}

/** The session's conversation: the agent's greeting, then every turn and chip in time order. */
export function Conversation({ session, turns, runs, runsLoaded, actions }: ConversationProps) {
  const strings = useStrings();
  const settled = useAskUserTranscript();
  const timeline = useMemo(() => {
    // A run asked with no session docks in every session, so its turn shows in every one.
    const sessionRuns = Object.values(runs).filter((run) => run.sessionKey === null || run.sessionKey === session);
    const loose: LooseQuestion[] = !runsLoaded
      ? []
      : settled
          .filter(({ record }) => (record.runId === undefined || !Object.hasOwn(runs, record.runId)) && inSession(record.sessionKey, session))
          .map(({ id, record }) => ({ promptId: id, createdAtMs: record.createdAtMs }));
    return buildTimeline(turns, sessionRuns, loose);
  }, [session, turns, runs, runsLoaded, settled]);

  return (
    <div className="chat-log" role="log" aria-label={strings.conversation}>
      <article className="turn turn-agent">
        <p className="turn-author">{strings.agent}</p>
        <p>
          {strings.greetingBefore} <code>ask_user</code> {strings.greetingAfter}
        </p>
      </article>
      {timeline.map((item) => {
        if (item.kind === "run") return <AgentTurn key={item.key} run={item.run} />;
        if (item.kind === "question") {
          return (
            <article key={item.key} className="turn turn-agent" aria-label={strings.questionFromElsewhere} data-prompt-id={item.promptId}>
              <p className="turn-author">{strings.questionFromElsewhere}</p>
              <AskUserSummary promptId={item.promptId} />
            </article>
          );
        }
        const { turn } = item;
        if (turn.kind === "user") {
          return (
            <article key={item.key} className="turn turn-user" aria-label={strings.you}>
              <p>{turn.text}</p>
            </article>
          );
        }
        return <NoteTurn key={item.key} note={turn} tone={turn.tone} session={session} actions={actions} />;
      })}
    </div>
  );
}

/** A note of the page, with the way forward it offers as buttons. */
function NoteTurn({ note, tone, session, actions }: { note: Note; tone: NoteTone; session: string; actions: NoteActions }) {
  const strings = useStrings();
  // "Show the question" only while one is waiting on screen.
  const questionWaiting = useAskUser((state) => state.activeId !== null && state.prompts[state.activeId]?.status === "pending");
  const buttons: { label: string; onClick(): void }[] = [];
  switch (note.note) {
    case "sessionBusy":
      if (questionWaiting) buttons.push({ label: strings.showQuestion, onClick: actions.showQuestion });
      buttons.push({ label: strings.elsewhereTitle, onClick: () => actions.runCommand("elsewhere") });
      break;
    case "otherSessionBusy":
    case "askedElsewhere":
      if (note.values.session !== session)
        buttons.push({ label: strings.goToSession(note.values.session), onClick: () => actions.switchSession(note.values.session) });
      break;
    case "gatewayRefused":
    case "serverUnreachable":
      buttons.push({ label: strings.tryAgain, onClick: () => actions.runCommand(note.values.demo) });
      break;
    default:
      break;
  }
  return (
    <div className="turn-note" data-tone={tone} data-note={note.note}>
      <NoteIcon tone={tone} />
      <div className="turn-note-body">
        <p>{noteText(strings, note)}</p>
        {buttons.length > 0 ? (
          <div className="turn-note-actions">
            {buttons.map((button) => (
              <button key={button.label} type="button" className="button button-small" onClick={button.onClick}>
                {button.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function NoteIcon({ tone }: { tone: NoteTone }) {
  return (
    <svg
      className="turn-note-icon"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
    >
      <circle cx="8" cy="8" r="6.25" />
      {tone === "error" ? <path d="M8 4.75v3.75M8 11h.01" /> : <path d="M8 7.5v3.75M8 5h.01" />}
    </svg>
  );
}

/** A sessionless question docks in every session, so its chip shows in every one too. */
function inSession(sessionKey: string | undefined, session: string): boolean {
  return sessionKey === undefined || sameSessionKey(sessionKey, session);
}
