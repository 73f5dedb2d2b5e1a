// Types for start-gateway.mjs, which stays plain JavaScript so the system Node runs it without a build.
export interface StartOptions {
  port?: number;
  token?: string;
  allowedOrigins?: string[];
  /** Served as the Control UI (`gateway.controlUi.root`), e.g. control-ui-root.mjs's copy. */
  controlUiRoot?: string;
  /** Settings → Labs → Custom plugin UI (`gateway.controlUi.experimental.customPlugins`). */
  customPlugins?: boolean;
  /** Plugin archives installed with `openclaw plugins install` before the gateway starts. */
  pluginArchives?: string[];
  fakeModel?: boolean;
  home?: string;
  log?: (line: string) => void;
}

export interface StartedGateway {
  url: string;
  token: string;
  port: number;
  pid: number;
  home: string;
  startMs: number;
  fakeModelUrl: string | undefined;
  /** SIGTERM, then SIGKILL if the gateway has not exited within 20 s with `keepHome` (a restart), else 3 s. */
  stop(options?: { keepHome?: boolean }): Promise<void>;
}

export declare function freePort(): Promise<number>;
export declare function gatewayConfig(options: {
  port: number;
  token: string;
  home: string;
  allowedOrigins?: string[];
  controlUiRoot?: string;
  customPlugins?: boolean;
  fakeModelBaseUrl?: string;
}): Record<string, unknown>;
export declare function gatewayEnv(home: string): NodeJS.ProcessEnv;
export declare function startOpenClawGateway(options?: StartOptions): Promise<StartedGateway>;
