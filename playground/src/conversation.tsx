import { useMemo } from "react";
import { sameSessionKey } from "../../src/contract/index.js";
import { AskUserSummary, useAskUserTranscript } from "../../src/index.js";
import type { DemoRun } from "../api-types.js";
import { AgentTurn } from "./agent-turn.js";
import { type LooseQuestion, buildTimeline } from "./timeline.js";
import type { LoggedTurn } from "./turn-log.js";

export interface ConversationProps {
  session: string;
  turns: readonly LoggedTurn[];
  /** Every run the page knows, of any session (a chip of another session's run is not loose). */
  runs: Readonly<Record<string, DemoRun>>;
  /** The run list has been read: before that, no chip is placed on its own. */
  runsLoaded: boolean;
}

/** The session's conversation: the agent's greeting, then every turn and chip in time order. */
export function Conversation({ session, turns, runs, runsLoaded }: ConversationProps) {
  const settled = useAskUserTranscript();
  const timeline = useMemo(() => {
    const sessionRuns = Object.values(runs).filter((run) => run.sessionKey === session);
    const loose: LooseQuestion[] = !runsLoaded
      ? []
      : settled.filter(({ record }) => (record.runId === undefined || !Object.hasOwn(runs, record.runId)) && inSession(record.sessionKey, session))
      .map(({ id, record }) => ({ promptId: id, createdAtMs: record.createdAtMs }));
    return buildTimeline(turns, sessionRuns, loose);
  }, [session, turns, runs, runsLoaded, settled]);

  return (
    <div className="chat-log" role="log" aria-label="Conversation">
      <article className="turn turn-agent">
        <p className="turn-author">Agent</p>
        <p>
          Hi! I am a scripted agent. Each demo makes me call <code>ask_user</code> through the gateway; answer in the panel (keys 1–N pick,
          Enter goes on, Esc folds it away) or type a plain reply below. I show the tool result I get back.
        </p>
      </article>
      {timeline.map((item) => {
        if (item.kind === "run") return <AgentTurn key={item.key} run={item.run} />;
        if (item.kind === "question") {
          return (
            <article key={item.key} className="turn turn-agent" aria-label="Question from elsewhere" data-prompt-id={item.promptId}>
              <p className="turn-author">Question from elsewhere</p>
              <AskUserSummary promptId={item.promptId} />
            </article>
          );
        }
        const { turn } = item;
        if (turn.kind === "user") {
          return (
            <article key={item.key} className="turn turn-user" aria-label="You">
              <p>{turn.text}</p>
            </article>
          );
        }
        return (
          <p key={item.key} className="turn-note" data-tone={turn.tone}>
            {turn.text}
          </p>
        );
      })}
    </div>
  );
}

/** A sessionless question docks in every session, so its chip shows in every one too. */
function inSession(sessionKey: string | undefined, session: string): boolean {
  return sessionKey === undefined || sameSessionKey(sessionKey, session);
}
