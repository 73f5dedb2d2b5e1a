import { AskUserTranscript } from "../../src/index.js";
import type { DemoRun } from "../api-types.js";

/** One agent turn of the demo: what it said, the `ask_user` call, its summary chips and the tool result. */
export function AgentTurn({ run }: { run: DemoRun }) {
  return (
    <article className="turn turn-agent" data-run-id={run.runId} data-run-status={run.status} aria-label={`Agent turn: ${run.title}`}>
      <p className="turn-author">Agent</p>
      <p>{run.intro}</p>
      <details className="tool-call">
        <summary>
          Called <code>ask_user</code> (question <code>{run.questionId}</code>)
        </summary>
        <pre>{JSON.stringify(run.input, null, 2)}</pre>
      </details>
      {run.status === "waiting" ? <p className="turn-status">Waiting for your answer…</p> : null}
      <AskUserTranscript runId={run.runId} className="turn-chips" />
      {run.toolResult ? (
        <section className="tool-result" aria-label="Tool result" data-status={run.toolResult.status}>
          <h3 className="tool-result-title">
            Tool result: <code>{run.toolResult.status}</code>
            {run.outcome && run.outcome !== "answered" ? <span className="tool-result-why"> (question {run.outcome})</span> : null}
          </h3>
          <p className="tool-result-label">details — the JSON the model gets</p>
          <pre className="tool-result-json">{JSON.stringify(run.toolResult, null, 2)}</pre>
          <p className="tool-result-label">content — the text the model reads</p>
          <pre className="tool-result-text">{run.toolResultText}</pre>
        </section>
      ) : null}
      {run.error ? (
        <p className="turn-error" role="status">
          {run.error}
        </p>
      ) : null}
    </article>
  );
}
