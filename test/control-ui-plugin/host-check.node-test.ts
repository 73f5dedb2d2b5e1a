import { describe, expect, it } from "vitest";
import { assertHostFits } from "../../control-ui/plugin/src/host-check.js";

const fn = () => () => {};
const fullHost = () => ({
  request: fn(),
  onEvent: fn(),
  subscribe: fn(),
  connection: { connected: true },
  sessions: { rows: [], open: fn() },
  ui: { registerPage: fn(), registerNavigation: fn(), registerReplacement: fn(), selectReplacement: fn() },
});

describe("the plugin's check of the Control UI host", () => {
  it("lets a 2026.9.6 host through", () => {
    expect(() => assertHostFits(fullHost())).not.toThrow();
  });

  it("names every missing part in one message, for Plugins → Customize UI", () => {
    const { ui, connection: _connection, ...rest } = fullHost();
    const older = { ...rest, ui: { ...ui, registerPage: undefined, registerReplacement: "no" } };
    expect(() => assertHostFits(older)).toThrow(
      "ask-user-kit needs the Control UI plugin API of OpenClaw 2026.9.6 or later; this Control UI has no host.ui.registerPage(), host.ui.registerReplacement(), host.connection. Update OpenClaw, or remove the plugin (openclaw plugins uninstall ask-user-kit).",
    );
  });

  it("says so for no host at all", () => {
    expect(() => assertHostFits(undefined)).toThrow(/has no host\.request\(\), host\.onEvent\(\), .* host\.connection\./);
  });
});
