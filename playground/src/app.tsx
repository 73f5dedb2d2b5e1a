import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { GatewayClient } from "../../src/client/index.js";
import { AskUserDock, AskUserProvider, AskUserSummary, useAskUser, useAskUserStore, useAskUserTranscript } from "../../src/index.js";
import type { DemoRun, PlaygroundConfig } from "../api-types.js";
import { AgentTurn } from "./agent-turn.js";
import { listRuns, restartGateway, startRun, waitForRun } from "./api.js";
import { Composer } from "./composer.js";
import { answerWithText } from "./text-reply.js";

type NewTurn = { kind: "user"; text: string } | { kind: "note"; text: string; tone: "info" | "error" } | { kind: "agent"; runId: string };
type Turn = NewTurn & { key: number };

export interface AppProps {
  config: PlaygroundConfig;
  client: GatewayClient;
}

export function App({ config, client }: AppProps) {
  return (
    <AskUserProvider client={client}>
      <Chat config={config} client={client} />
    </AskUserProvider>
  );
}

function Chat({ config, client }: AppProps) {
  const store = useAskUserStore();
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLElement>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [runs, setRuns] = useState<Record<string, DemoRun>>({});
  const nextKey = useRef(0);

  const addTurn = useCallback((turn: NewTurn) => {
    nextKey.current += 1;
    const key = nextKey.current;
    setTurns((current) => [...current, { ...turn, key }]);
  }, []);
  const note = useCallback((text: string, tone: "info" | "error" = "info") => addTurn({ kind: "note", text, tone }), [addTurn]);

  // Each run gets one agent turn (StrictMode runs the loading effect twice), and each waiting run
  // one long-poll loop until the tool returns.
  const shown = useRef(new Set<string>());
  const following = useRef(new Set<string>());
  const showRun = useCallback((run: DemoRun) => {
    setRuns((current) => ({ ...current, [run.runId]: run }));
    if (!shown.current.has(run.runId)) {
      shown.current.add(run.runId);
      addTurn({ kind: "agent", runId: run.runId });
    }
    if (run.status !== "waiting" || following.current.has(run.runId)) return;
    following.current.add(run.runId);
    void (async () => {
      for (;;) {
        try {
          const latest = await waitForRun(run.runId);
          setRuns((current) => ({ ...current, [latest.runId]: latest }));
          if (latest.status !== "waiting") break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 2_000));
        }
      }
      following.current.delete(run.runId);
    })();
  }, [addTurn]);

  // Turns of runs started before this page load (a reload keeps the conversation).
  useEffect(() => {
    listRuns().then(
      (existing) => existing.forEach(showRun),
      (error: unknown) => note(`Could not load earlier runs: ${error instanceof Error ? error.message : String(error)}`, "error"),
    );
  }, [showRun, note]);

  const runDemo = useCallback(
    async (name: string) => {
      const started = await startRun(name);
      if (!started.ok) {
        note(started.message, "error");
        return;
      }
      showRun(started.run);
    },
    [showRun, note],
  );

  const restart = useCallback(async () => {
    try {
      await restartGateway();
      note("The embedded gateway restarted: it dropped every connection and forgot every question. The page reconnects on its own.");
    } catch (error) {
      note(error instanceof Error ? error.message : String(error), "error");
    }
  }, [note]);

  const onSend = (text: string) => {
    addTurn({ kind: "user", text });
    if (text.startsWith("/")) {
      const command = text.slice(1).trim().split(/\s+/)[0]?.toLowerCase() ?? "";
      if (config.demos.some((demo) => demo.name === command)) void runDemo(command);
      else if (command === "restart" && config.gateway.embedded) void restart();
      else if (command === "help") note(helpText(config));
      else note(`Unknown command /${command}. ${helpText(config)}`, "error");
      return;
    }
    const state = store.getState();
    const promptId = state.activeId;
    if (promptId === null || state.prompts[promptId]?.status !== "pending") {
      note(`Nothing is waiting for an answer. ${helpText(config)}`);
      return;
    }
    const replied = answerWithText(store, promptId, text);
    if (!replied.ok) note(replied.message, "error");
  };

  const runIds = useMemo(() => new Set(Object.keys(runs)), [runs]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [turns, runs]);

  return (
    <div className="app">
      <header className="app-header">
        <div className="app-title">
          <h1>ask-user-kit playground</h1>
          <GatewayStatus config={config} client={client} />
        </div>
        <nav className="demo-bar" aria-label="Demos">
          {config.demos.map((demo) => (
            <button key={demo.name} type="button" className="button" onClick={() => onSend(`/${demo.name}`)}>
              {demo.title}
            </button>
          ))}
          {config.gateway.embedded ? (
            <button type="button" className="button button-quiet" onClick={() => void restart()}>
              Restart gateway
            </button>
          ) : null}
        </nav>
      </header>
      <main className="chat" ref={scroller}>
        <div className="chat-log" role="log" aria-label="Conversation">
          <article className="turn turn-agent">
            <p className="turn-author">Agent</p>
            <p>
              Hi! I am a scripted agent. Each demo makes me call <code>ask_user</code> through the gateway; answer in the panel (keys 1–N pick,
              Enter goes on, Esc folds it away) or type a plain reply below. I show the tool result I get back.
            </p>
          </article>
          {turns.map((turn) => {
            if (turn.kind === "user") {
              return (
                <article key={turn.key} className="turn turn-user" aria-label="You">
                  <p>{turn.text}</p>
                </article>
              );
            }
            if (turn.kind === "note") {
              return (
                <p key={turn.key} className="turn-note" data-tone={turn.tone}>
                  {turn.text}
                </p>
              );
            }
            const run = runs[turn.runId];
            return run ? <AgentTurn key={turn.key} run={run} /> : null;
          })}
          <ElsewhereSummaries runIds={runIds} />
        </div>
      </main>
      <footer className="app-footer">
        <AskUserDock className="dock" composerRef={composerRef}>
          <Composer onSend={onSend} textareaRef={composerRef} />
        </AskUserDock>
      </footer>
    </div>
  );
}

/** Chips of questions no demo run asked (another agent, a raw `question.request`). */
function ElsewhereSummaries({ runIds }: { runIds: ReadonlySet<string> }) {
  const entries = useAskUserTranscript().filter((entry) => entry.record.runId === undefined || !runIds.has(entry.record.runId));
  if (entries.length === 0) return null;
  return (
    <article className="turn turn-agent" aria-label="Questions from elsewhere">
      <p className="turn-author">Other questions</p>
      {entries.map((entry) => (
        <AskUserSummary key={entry.id} promptId={entry.id} />
      ))}
    </article>
  );
}

function GatewayStatus({ config, client }: AppProps) {
  const connection = useAskUser((state) => state.connection);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const stopErrors = client.onError((error) => setProblem(error.message));
    const stopStatus = client.onStatus((status) => {
      if (status === "connected") setProblem(null);
    });
    return () => {
      stopErrors();
      stopStatus();
    };
  }, [client]);

  return (
    <div className="gateway-status">
      <span className="connection" data-connection={connection} role="status">
        {connection === "connected" ? "Connected" : connection === "connecting" ? "Connecting…" : "Disconnected"}
      </span>
      <span className="gateway-url">
        {config.gateway.embedded ? "embedded gateway" : "OpenClaw gateway"} <code>{config.gateway.url}</code>
      </span>
      {problem ? <p className="gateway-problem">{problem}</p> : null}
    </div>
  );
}

function helpText(config: PlaygroundConfig): string {
  const commands = config.demos.map((demo) => `/${demo.name} (${demo.title})`);
  if (config.gateway.embedded) commands.push("/restart (restart the gateway)");
  return `Commands: ${commands.join(", ")}, /help.`;
}
