import { useEffect, useId, useRef, useState } from "react";
import type { GatewayClient } from "../../src/client/index.js";
import { useAskUser } from "../../src/index.js";
import type { PlaygroundConfig } from "../api-types.js";
import type { Preferences } from "./preferences.js";
import { SCENARIO_NAMES, type ScenarioName } from "./scenarios.js";
import { SessionSwitcher } from "./session-switcher.js";
import { demoTitle } from "./strings.js";
import { LanguageToggle, ThemeToggle } from "./toggles.js";
import { useStrings } from "./use-strings.js";

export interface HeaderProps {
  config: PlaygroundConfig;
  client: GatewayClient;
  session: string;
  runSessions: readonly string[];
  onSwitchSession(sessionKey: string): void;
  preferences: Preferences;
  onPreferences(change: Partial<Preferences>): void;
  /** Runs a composer command (`single`, `several`, `restart`, …) as if it had been typed. */
  onCommand(command: string): void;
}

/**
 * The page's header: title and connection, the session on screen, theme and language, and the
 * demo bar. On a narrow screen the demo bar folds behind a "Demos" button so it never clips and
 * never eats the conversation's height; from 60rem it is always shown.
 */
export function Header({ config, client, session, runSessions, onSwitchSession, preferences, onPreferences, onCommand }: HeaderProps) {
  const strings = useStrings();
  const demosId = useId();
  const [demosOpen, setDemosOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const run = (command: string) => {
    // Folding the bar hides the button that has focus: give it to the toggle (where the bar folds) first.
    const toggle = toggleRef.current;
    if (demosOpen && toggle && toggle.offsetParent !== null) toggle.focus();
    setDemosOpen(false);
    onCommand(command);
  };
  const scenarioTitles: Record<ScenarioName, string> = { several: strings.severalTitle, elsewhere: strings.elsewhereTitle };

  return (
    <header className="app-header">
      <h1 className="app-title">
        ask-user-kit <span className="app-title-rest">playground</span>
      </h1>
      <GatewayStatus config={config} client={client} />
      <SessionSwitcher session={session} runSessions={runSessions} onSwitch={onSwitchSession} />
      <div className="app-settings">
        <ThemeToggle value={preferences.theme} onChange={(theme) => onPreferences({ theme })} />
        <LanguageToggle value={preferences.language} onChange={(language) => onPreferences({ language })} />
      </div>
      <button
        ref={toggleRef}
        type="button"
        className="button demo-toggle"
        aria-expanded={demosOpen}
        aria-controls={demosId}
        onClick={() => setDemosOpen((open) => !open)}
      >
        {strings.showDemos}
        <svg
          className="demo-toggle-icon"
          viewBox="0 0 16 16"
          width="16"
          height="16"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m4 6 4 4 4-4" />
        </svg>
      </button>
      <nav id={demosId} className="demo-bar" aria-label={strings.demos} data-open={demosOpen ? "" : undefined}>
        <div className="demo-group">
          {config.demos.map((demo) => (
            <button key={demo.name} type="button" className="button" onClick={() => run(demo.name)}>
              {demoTitle(strings, demo)}
            </button>
          ))}
        </div>
        <div className="demo-group">
          {SCENARIO_NAMES.map((name) => (
            <button key={name} type="button" className="button" onClick={() => run(name)}>
              {scenarioTitles[name]}
            </button>
          ))}
        </div>
        {config.gateway.embedded ? (
          <button type="button" className="button button-quiet" onClick={() => run("restart")}>
            {strings.restartGateway}
          </button>
        ) : null}
      </nav>
    </header>
  );
}

function GatewayStatus({ config, client }: { config: PlaygroundConfig; client: GatewayClient }) {
  const strings = useStrings();
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
  const gateway = config.gateway.embedded ? strings.embeddedGateway : strings.realGateway;

  return (
    <div className="gateway-status" title={`${gateway} ${config.gateway.url}`}>
      <span className="connection" data-connection={connection} role="status">
        <span className="connection-label">{strings.connection[connection]}</span>
      </span>
      <span className="gateway-url">
        {gateway} <code>{config.gateway.url}</code>
      </span>
      {problem ? <p className="gateway-problem">{problem}</p> : null}
    </div>
  );
}
