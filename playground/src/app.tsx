import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
import type { GatewayClient } from "../../src/client/index.js";
import { detectCredential } from "../../src/contract/index.js";
import { AskUserDock, AskUserProvider, useAskUserStore, vi } from "../../src/index.js";
import type { OtherSessionPending } from "../../src/store/index.js";
import { localSummaries } from "../../src/store/local-summaries.js";
import type { DemoRun, PlaygroundConfig } from "../api-types.js";
import { restartGateway, startRun } from "./api.js";
import { Composer } from "./composer.js";
import { Conversation, type NoteActions } from "./conversation.js";
import { Header } from "./header.js";
import { type Preferences, usePreferences } from "./preferences.js";
import { ELSEWHERE_DEMO, SCENARIO_NAMES, SEVERAL, otherSession } from "./scenarios.js";
import { noteForStartFailure } from "./start-failure.js";
import { STRINGS } from "./strings.js";
import { answerWithText } from "./text-reply.js";
import { type PageTurn, useTurnLog } from "./turn-log.js";
import { type Runs, useRuns } from "./use-runs.js";
import { StringsContext, useStrings } from "./use-strings.js";
import { useViewSession } from "./view-session.js";

/**
 * The showcase opts in to the credential hold (a secret-looking Other answer waits for "Send
 * anyway") and keeps its chips in localStorage, so a reload or a new tab puts them back.
 */
const STORE_OPTIONS = { detectCredential, summaries: localSummaries() };

export interface AppProps {
  config: PlaygroundConfig;
  client: GatewayClient;
  /** Read (and applied) before the first render, so the page starts in the right theme. */
  initialPreferences: Preferences;
}

/**
 * One session on screen (`?session=`, default the main one): its questions dock, other sessions'
 * are counted above the composer with a button that switches the view to them. The language
 * toggle sets the kit's locale and the page's own words alike.
 */
export function App({ config, client, initialPreferences }: AppProps) {
  const [session, switchSession] = useViewSession();
  const [preferences, setPreferences] = usePreferences(initialPreferences);
  return (
    <StringsContext.Provider value={STRINGS[preferences.language]}>
      <AskUserProvider client={client} storeOptions={STORE_OPTIONS} viewSessionKey={session} locale={preferences.language === "vi" ? vi : "en"}>
        <Sessions
          config={config}
          client={client}
          session={session}
          onSwitchSession={switchSession}
          preferences={preferences}
          onPreferences={setPreferences}
        />
      </AskUserProvider>
    </StringsContext.Provider>
  );
}

interface SessionsProps extends Omit<AppProps, "initialPreferences"> {
  session: string;
  onSwitchSession(sessionKey: string): void;
  preferences: Preferences;
  onPreferences(change: Partial<Preferences>): void;
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

interface ChatProps extends Omit<SessionsProps, "onSwitchSession"> {
  runs: Runs;
  onSwitchSession(sessionKey: string): void;
  onShowOtherSessions(pending: OtherSessionPending): void;
}

function Chat({ config, client, session, runs, onSwitchSession, onShowOtherSessions, preferences, onPreferences }: ChatProps) {
  const strings = useStrings();
  const store = useAskUserStore();
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLElement>(null);
  const [turns, addTurn] = useTurnLog(session);
  const note = useCallback((turn: Omit<Extract<PageTurn, { kind: "note" }>, "kind">) => addTurn({ kind: "note", ...turn } as PageTurn), [addTurn]);
  const { track } = runs;

  const commands = useMemo(() => {
    const names = [...config.demos.map((demo) => demo.name), ...SCENARIO_NAMES, ...(config.gateway.embedded ? ["restart"] : []), "help"];
    return names.map((name) => `/${name}`).join(", ");
  }, [config]);

  /** Starts `demo` in `sessionKey`; says why in a note when it does not start. */
  const start = useCallback(
    async (demo: string, sessionKey: string | null): Promise<DemoRun | undefined> => {
      const started = await startRun(demo, sessionKey, strings.lang);
      if (started.ok) return started.run;
      const failure = noteForStartFailure(started.failure, { demo, sessionKey, viewSession: session });
      note({ tone: failure.note === "sessionBusy" || failure.note === "otherSessionBusy" ? "info" : "error", ...failure });
      return undefined;
    },
    [session, note, strings.lang],
  );

  const runDemo = useCallback(
    async (name: string) => {
      const run = await start(name, session);
      if (run) track(run);
    },
    [start, session, track],
  );

  const runSeveral = useCallback(async () => {
    const asked = await Promise.all(SEVERAL.map((entry) => startRun(entry.demo, entry.in === "view" ? session : null, strings.lang)));
    let waiting = 0;
    asked.forEach((result, index) => {
      const entry = SEVERAL[index];
      if (result.ok) {
        waiting += 1;
        track(result.run);
      } else if (result.failure.kind === "refused" && result.failure.reason === "session-busy") {
        // This session's question is already waiting: it is one of the several.
        waiting += 1;
      } else if (entry) {
        note({
          tone: "error",
          ...noteForStartFailure(result.failure, {
            demo: "several",
            sessionKey: entry.in === "view" ? session : null,
            viewSession: session,
          }),
        });
      }
    });
    if (waiting > 1) note({ tone: "info", note: "severalAsked", values: { count: String(waiting) } });
  }, [session, track, note, strings.lang]);

  const runElsewhere = useCallback(async () => {
    const target = otherSession(session);
    const run = await start(ELSEWHERE_DEMO, target);
    if (!run) return;
    track(run);
    note({ tone: "info", note: "askedElsewhere", values: { session: target } });
  }, [session, start, track, note]);

  const restart = useCallback(async () => {
    const restarted = await restartGateway();
    if (restarted.ok) note({ tone: "info", note: "restarted", values: {} });
    else if (restarted.refused) note({ tone: "error", note: "restartRefused", values: {} });
    else note({ tone: "error", note: "restartFailed", values: { detail: restarted.detail } });
  }, [note]);

  const runCommand = useCallback(
    (command: string) => {
      if (config.demos.some((demo) => demo.name === command)) void runDemo(command);
      else if (command === "several") void runSeveral();
      else if (command === "elsewhere") void runElsewhere();
      else if (command === "restart" && config.gateway.embedded) void restart();
      else if (command === "help") note({ tone: "info", note: "help", values: { commands } });
      else note({ tone: "error", note: "unknownCommand", values: { command, commands } });
    },
    [config, runDemo, runSeveral, runElsewhere, restart, note, commands],
  );

  const onSend = (text: string) => {
    addTurn({ kind: "user", text });
    if (text.startsWith("/")) {
      runCommand(text.slice(1).trim().split(/\s+/)[0]?.toLowerCase() ?? "");
      return;
    }
    const state = store.getState();
    const promptId = state.activeId;
    if (promptId === null || state.prompts[promptId]?.status !== "pending") {
      note({ tone: "info", note: "nothingWaiting", values: { commands } });
      return;
    }
    const replied = answerWithText(store, promptId, text);
    if (!replied.ok)
      note(
        replied.reason === "gone"
          ? { tone: "error", note: "replyTooLate", values: {} }
          : { tone: "error", note: "replyNotUnderstood", values: { detail: replied.message } },
      );
  };

  const actions = useMemo<NoteActions>(
    () => ({
      showQuestion: () => store.getState().setCollapsed(false),
      switchSession: onSwitchSession,
      runCommand,
    }),
    [store, onSwitchSession, runCommand],
  );

  const runSessions = useMemo(
    () => [...new Set(Object.values(runs.runs).flatMap((run) => (run.sessionKey === null ? [] : [run.sessionKey])))],
    [runs.runs],
  );

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [turns, runs.runs]);

  return (
    <div className="app">
      <Header
        config={config}
        client={client}
        session={session}
        runSessions={runSessions}
        onSwitchSession={onSwitchSession}
        preferences={preferences}
        onPreferences={onPreferences}
        onCommand={(command) => onSend(`/${command}`)}
      />
      <main className="chat" ref={scroller}>
        <Conversation session={session} turns={turns} runs={runs.runs} runsLoaded={runs.loaded} actions={actions} />
        {runs.loadError ? (
          <p className="turn-note" data-tone="error">
            {strings.loadRunsFailed(runs.loadError)}
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
