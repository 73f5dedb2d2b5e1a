/**
 * What the plugin uses of the Control UI's host (`ControlUiHost` of `openclaw/plugin-sdk/control-ui`,
 * OpenClaw 2026.9.6), written out so this code typechecks without OpenClaw installed. The plugin's
 * build checks the real SDK's types against these (scripts/openclaw/plugin.mjs, sdk-check/).
 */
export type Disposer = () => void;

/** Only the fields the plugin reads of a session row. */
interface HostSession {
  readonly key: string;
  readonly agentId?: string;
  readonly label?: string;
  readonly displayName?: string;
  readonly derivedTitle?: string;
}

// Members are properties, not methods, so the SDK check compares their parameters strictly.
export interface ViewContext<P> {
  readonly host: PluginHost;
  readonly signal: AbortSignal;
  readonly props: P;
  readonly presented: boolean;
  readonly mountDefault: (container: HTMLElement) => Disposer;
}

export type View<P> = (
  container: HTMLElement,
  context: ViewContext<P>,
) => { update?: (context: ViewContext<P>) => void; focus?: () => void; dispose?: Disposer } | void;

/** The props of a `tool-result` replacement: one tool row of a transcript. */
export interface ToolResultProps {
  sessionKey: string;
  agentId?: string;
  toolName: string;
  toolCallId: string;
  input: unknown;
  output: unknown;
  expanded: boolean;
}

export interface PluginHost {
  readonly pluginId: string;
  readonly signal: AbortSignal;
  readonly basePath: string;
  readonly locale: string;
  readonly connection: { readonly connected: boolean };
  readonly request: <T = unknown>(method: string, params?: Record<string, unknown>) => Promise<T>;
  readonly onEvent: (event: string, listener: (payload: unknown) => void) => Disposer;
  readonly subscribe: (listener: () => void) => Disposer;
  readonly sessions: {
    readonly rows: readonly HostSession[];
    readonly open: (session: { sessionKey: string; agentId?: string }) => void;
  };
  readonly ui: {
    readonly registerPage: (page: { id: string; label: string; mount: View<Readonly<Record<string, string>>> }) => Disposer;
    readonly registerNavigation: (item: { id: string; label: string; page: { id: string }; icon?: string; order?: number }) => Disposer;
    readonly registerReplacement: (replacement: { id: string; label: string; surface: "tool-result"; mount: View<ToolResultProps> }) => Disposer;
    readonly selectReplacement: (surface: "tool-result", id: string | null) => void;
  };
}

/** The browser entry's default export, as the Control UI's loader checks it. */
export interface PluginDefinition {
  id: string;
  activate: (host: PluginHost) => Disposer | void | Promise<Disposer | void>;
}
