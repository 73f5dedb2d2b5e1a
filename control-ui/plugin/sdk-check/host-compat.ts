/**
 * The plugin's own description of the Control UI host (src/host.ts) against OpenClaw's SDK types:
 * compiled by scripts/openclaw/plugin.mjs (checkPluginTypes) with `openclaw/*` resolved to the
 * cached package, so an OpenClaw whose host no longer fits fails the build, not the page.
 */
import type { ControlUiHost, ControlUiPlugin } from "openclaw/plugin-sdk/control-ui";
import type { PluginDefinition, PluginHost } from "../src/host.js";

/** The host the Control UI gives is the host the plugin's code uses. */
export const hostFits = (host: ControlUiHost): PluginHost => host;
/** The plugin's definition is what the Control UI's loader activates. */
export const definitionFits = (definition: PluginDefinition): ControlUiPlugin => ({
  id: definition.id,
  activate: (host) => definition.activate(host),
});
