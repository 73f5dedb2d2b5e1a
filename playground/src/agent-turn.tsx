import { AskUserTranscript } from "../../src/index.js";
import type { DemoRun } from "../api-types.js";
import { demoTitle } from "./strings.js";
import { useStrings } from "./use-strings.js";

/**
 * One agent turn of the demo: what it said and the summary chips of its question, then the trace
 * folded away — the `ask_user` call and, once it returned, the tool result (the text the model
 * reads and the JSON it gets), each under its own disclosure, so the chip is what the eye finds.
 */
export function AgentTurn({ run }: { run: DemoRun }) {
  const strings = useStrings();
  const result = run.toolResult;
  return (
    <article
      className="turn turn-agent"
      data-run-id={run.runId}
      data-run-status={run.status}
      data-sessionless={run.sessionKey === null ? "" : undefined}
      aria-label={strings.agentTurn(demoTitle(strings, { name: run.demo, title: run.title }))}
    >
      <p className="turn-author">{run.sessionKey === null ? strings.backgroundJob : strings.agent}</p>
      <p>{run.intro}</p>
      {run.status === "waiting" ? <p className="turn-status">{strings.waitingForAnswer}</p> : null}
      <AskUserTranscript runId={run.runId} className="turn-chips" />
      {run.status === "failed" ? (
        <p className="turn-error" role="status">
          {strings.runLost}
        </p>
      ) : null}
      <div className="turn-trace">
        <details className="disclosure tool-call">
          <summary>
            {strings.calledTool} <code>ask_user</code>
          </summary>
          <p className="tool-result-label">
            {strings.questionId} <code>{run.questionId}</code>
          </p>
          <pre>{JSON.stringify(run.input, null, 2)}</pre>
        </details>
        {result ? (
          <details className="disclosure tool-result" data-status={result.status}>
            <summary>
              {strings.toolResult}
              <span className="tool-result-status" data-status={result.status}>
                <code>{result.status}</code>
                {run.outcome && run.outcome !== "answered" ? <span className="tool-result-why"> · {strings.outcomes[run.outcome]}</span> : null}
              </span>
            </summary>
            <p className="tool-result-label">{strings.toolResultText}</p>
            <pre className="tool-result-text">{run.toolResultText}</pre>
            {/* The text above already ends with this JSON; the structured half stays one click further. */}
            <details className="disclosure tool-result-details">
              <summary>{strings.toolResultJson}</summary>
              <pre className="tool-result-json">{JSON.stringify(result, null, 2)}</pre>
            </details>
          </details>
        ) : null}
      </div>
    </article>
  );
}
