import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { GatewayClient } from "../../src/client/index.js";
import { AskUserDock, AskUserProvider, useAskUser, useAskUserStore } from "../../src/index.js";
import type { OtherSessionPending } from "../../src/store/index.js";
import type { PlaygroundConfig } from "../api-types.js";
import { restartGateway, startRun } from "./api.js";
import { Composer } from "./composer.js";
import { Conversation } from "./conversation.js";
import { SessionSwitcher } from "./session-switcher.js";
import { answerWithText } from "./text-reply.js";
import { useTurnLog } from "./turn-log.js";
import { type Runs, useRuns } from "./use-runs.js";
import { useViewSession } from "./view-session.js";

export interface AppProps {
  config: PlaygroundConfig;
  client: GatewayClient;
}

/**
 * One session on screen (`?session=`, default the main one): its questions dock, other sessions'
 * are counted above the composer with a button that switches the view to them.
 */
export function App({ config, client }: AppProps) {
  const [session, switchSession] = useViewSession();
  return (
    <AskUserProvider client={client} viewSessionKey={session}>
      <Sessions config={config} client={client} session={session} onSwitchSession={switchSession} />
    </AskUserProvider>
  );
}

interface SessionsProps extends AppProps {
  session: string;
  onSwitchSession(sessionKey: string): void;
}

/** What outlives a session switch: the runs (and their long polls). */
function Sessions({ session, onSwitchSession, ...props }: SessionsProps) {
  const runs = useRuns();
  const showOtherSessions = useCallback(
    (pending: OtherSessionPending) => {
      const first = pending.sessionKeys[0];
      if (first !== undefined) onSwitchSession(first);
    },
    [onSwitchSession],
  );
  // Keyed by session: the conversation log and the composer's draft are the session's own.
  return <Chat key={session} {...props} session={session} runs={runs} onSwitchSession={onSwitchSession} onShowOtherSessions={showOtherSessions} />;
}

interface ChatProps extends AppProps {
  session: string;
  runs: Runs;
  onSwitchSession(sessionKey: string): void;
  onShowOtherSessions(pending: OtherSessionPending): void;
}

function Chat({ config, client, session, runs, onSwitchSession, onShowOtherSessions }: ChatProps) {
  const store = useAskUserStore();
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLElement>(null);
  const [turns, addTurn] = useTurnLog(session);
  const note = useCallback((text: string, tone: "info" | "error" = "info") => addTurn({ kind: "note", text, tone }), [addTurn]);
  const { track } = runs;

  const runDemo = useCallback(
    async (name: string) => {
      const started = await startRun(name, session);
      if (!started.ok) {
        note(started.message, "error");
        return;
      }
      track(started.run);
    },
    [session, track, note],
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

  const runSessions = useMemo(() => [...new Set(Object.values(runs.runs).map((run) => run.sessionKey))], [runs.runs]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [turns, runs.runs]);

  return (
    <div className="app">
      <header className="app-header">
        <div className="app-title">
          <h1>ask-user-kit playground</h1>
          <SessionSwitcher session={session} runSessions={runSessions} onSwitch={onSwitchSession} />
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
        <Conversation session={session} turns={turns} runs={runs.runs} runsLoaded={runs.loaded} />
        {runs.loadError ? (
          <p className="turn-note" data-tone="error">
            Could not load earlier runs: {runs.loadError}
          </p>
        ) : null}
      </main>
      <footer className="app-footer">
        <AskUserDock className="dock" composerRef={composerRef} onShowOtherSessions={onShowOtherSessions}>
          <Composer onSend={onSend} textareaRef={composerRef} />
        </AskUserDock>
      </footer>
    </div>
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
