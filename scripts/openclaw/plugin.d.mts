// Types for plugin.mjs, which stays plain JavaScript so the system Node runs it without a build.
import type { StartOptions, StartedGateway } from "./start-gateway.mjs";

export declare const pluginDir: string;
export declare const pluginUiDir: string;
export declare const pluginArchiveDir: string;
export declare const PLUGIN_ID: string;

export interface PackReceipt {
  path: string;
  sha256: string;
  pluginId: string;
  bytes: number;
}

export declare function checkPluginTypes(options?: { log?: (line: string) => void }): void;
export declare function buildPluginUi(options?: { log?: (line: string) => void }): Promise<void>;
export declare function packPlugin(options?: { log?: (line: string) => void }): PackReceipt;
export declare function preparePluginArchive(options?: { log?: (line: string) => void }): Promise<string>;
export declare function startPluginGateway(
  options?: Omit<StartOptions, "customPlugins" | "pluginArchives" | "controlUiRoot">,
): Promise<StartedGateway>;
