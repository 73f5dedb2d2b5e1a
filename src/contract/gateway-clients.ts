/**
 * The client ids and modes an OpenClaw gateway accepts in `connect` (openclaw@2026.9.6
 * `client-info`). Shared by the client, which refuses anything else up front, and by the embedded
 * gateway, which rejects it exactly as the real one does.
 */
export const GATEWAY_CLIENT_IDS = [
  "webchat-ui",
  "openclaw-control-ui",
  "openclaw-browser-copilot",
  "openclaw-tui",
  "webchat",
  "cli",
  "gateway-client",
  "openclaw-macos",
  "openclaw-linux",
  "openclaw-ios",
  "openclaw-watchos",
  "openclaw-android",
  "node-host",
  "openclaw-worker",
  "test",
  "fingerprint",
  "openclaw-probe",
] as const;

export const GATEWAY_CLIENT_MODES = ["webchat", "cli", "ui", "backend", "node", "worker", "probe", "test"] as const;
