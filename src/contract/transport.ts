/**
 * The least the kit needs from a gateway connection. The kit's own gateway client fits it as it is;
 * a host that already holds a signed-in connection (an OpenClaw feature plugin's `host.request` /
 * `host.onEvent`, the Control UI's own client) fills it in a few lines, so the kit opens no socket
 * of its own and bundles no client.
 */
import type { ConnectionStatus } from "./wire.js";

export interface AskUserTransport {
  /**
   * Sends one gateway request and resolves with the response payload. A refusal rejects with the
   * gateway's error as the host's client gives it (an object with `code`, `message` and optional
   * `details.reason`, or an `Error` carrying them); a lost connection rejects with any error.
   */
  request(method: string, params?: unknown, options?: { timeoutMs?: number }): Promise<unknown>;
  /** Calls `listener` with the payload of every gateway event named `event`; returns the unsubscribe. */
  onEvent(event: string, listener: (payload: unknown) => void): () => void;
  /** Where the connection stands now. A host whose connection is signed in before the kit runs says `"connected"`. */
  getStatus(): ConnectionStatus;
  /** Calls `listener` on every change of status; returns the unsubscribe. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Optional: events were lost (a `seq` gap), so the kit lists the pending questions again. */
  onGap?(listener: () => void): () => void;
}
