import { afterEach, beforeEach, vi } from "vitest";
import { createGatewayClient, createQuestionClient, type GatewayClient, type QuestionClient } from "../../../src/client/index.js";
import { createFakeSocketClass, type FakeSocket, handshake } from "./fake-socket.js";

export interface SoleDeliveryHarness {
  socket: FakeSocket;
  gateway: GatewayClient;
  questions: QuestionClient;
  /** Every payload of the event that JSON.parse made, in order: what a kept payload is compared with. */
  payloads: unknown[];
}

/** Per test: a connected question client on a fake socket, and every `event` payload JSON.parse made. */
export function useSoleDeliveryHarness(event: string): SoleDeliveryHarness {
  const harness = { payloads: [] } as unknown as SoleDeliveryHarness;
  beforeEach(async () => {
    const Socket = createFakeSocketClass();
    harness.gateway = createGatewayClient({ url: "ws://127.0.0.1:1", WebSocket: Socket });
    harness.questions = createQuestionClient(harness.gateway);
    harness.socket = Socket.latest();
    await handshake(harness.socket);
    harness.payloads = [];
    const parse = JSON.parse;
    vi.spyOn(JSON, "parse").mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
      const value = parse(text, reviver) as { event?: unknown; payload?: unknown };
      if (value?.event === event) harness.payloads.push(value.payload);
      return value;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    harness.gateway.close();
  });
  return harness;
}
