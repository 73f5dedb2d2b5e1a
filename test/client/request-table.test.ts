import { describe, expect, it } from "vitest";
import { ClientErrorCodes, GatewayError } from "../../src/client/index.js";
import { createRequestTable } from "../../src/client/request-table.js";
import { createManualClock } from "../testing/manual-clock.js";

function setup() {
  const clock = createManualClock();
  let id = 0;
  const table = createRequestTable(clock, () => `r${++id}`);
  const sent: unknown[] = [];
  const socket = { send: (data: string) => void sent.push(JSON.parse(data)) };
  return { clock, table, sent, socket };
}

describe("request table", () => {
  it("settles each request once: by its response, and ignores a second or unknown one", async () => {
    const { clock, table, sent, socket } = setup();
    const ok = table.send(socket, "question.list", {}, 1_000);
    const failing = table.send(socket, "question.get", { id: "q" }, 1_000);
    expect(sent).toEqual([
      { type: "req", id: "r1", method: "question.list", params: {} },
      { type: "req", id: "r2", method: "question.get", params: { id: "q" } },
    ]);
    table.settle({
      type: "res",
      id: "r2",
      ok: false,
      error: { code: "INVALID_REQUEST", message: "nope", details: { reason: "QUESTION_NOT_FOUND" } },
    });
    table.settle({ type: "res", id: "r1", ok: true, payload: { questions: [] } });
    table.settle({ type: "res", id: "r1", ok: true, payload: "again" });
    table.settle({ type: "res", id: "unknown", ok: true });
    await expect(ok).resolves.toEqual({ questions: [] });
    await expect(failing).rejects.toMatchObject({ code: "INVALID_REQUEST", reason: "QUESTION_NOT_FOUND" });
    expect(clock.pending()).toBe(0);
  });

  it("times out with a cancel frame, and rejectAll rejects the rest with the given error", async () => {
    const { clock, table, sent, socket } = setup();
    const slow = table.send(socket, "question.resolve", {}, 50);
    const waiting = table.send(socket, "question.list", {}, 1_000);
    clock.advance(50);
    await expect(slow).rejects.toMatchObject({ code: ClientErrorCodes.TIMEOUT });
    expect(sent.at(-1)).toEqual({ type: "cancel", id: "r1" });
    table.rejectAll(new GatewayError({ code: ClientErrorCodes.DISCONNECTED, message: "gone" }));
    await expect(waiting).rejects.toMatchObject({ code: ClientErrorCodes.DISCONNECTED });
    expect(clock.pending()).toBe(0);
  });

  it("rejects with DISCONNECTED when the socket refuses the frame", async () => {
    const { clock, table } = setup();
    const closedSocket = {
      send() {
        throw new Error("socket is not open");
      },
    };
    const refused = table.send(closedSocket, "question.list", {}, 1_000);
    await expect(refused).rejects.toMatchObject({
      code: ClientErrorCodes.DISCONNECTED,
      message: "question.list: sending failed: socket is not open",
    });
    expect(clock.pending()).toBe(0);
  });
});
