import { describe, expect, it } from "vitest";
import { selectPrompt, selectTranscript } from "../../src/store/selectors.js";
import { makeRecord, makeStore } from "./fixtures.js";

/** A store with `ids` open, then `settledIds` of them skipped and settled, in that order. */
function withSettled(ids: readonly string[], settledIds: readonly string[] = ids) {
  const harness = makeStore();
  const { state } = harness;
  state().upsertRecords(ids.map((id) => makeRecord({ id })));
  for (const id of settledIds) {
    state().skip(id);
    state().resolveSucceeded(id, { status: "cancelled" });
  }
  return harness;
}

describe("state.settled", () => {
  it("reads like a plain record of the terminal prompts, in order of settling", () => {
    const { state } = withSettled(["ask_a", "ask_b", "ask_c"], ["ask_c", "ask_a"]);
    const settled = state().settled;
    const forIn: string[] = [];
    for (const id in settled) forIn.push(id);
    expect(forIn).toEqual(["ask_c", "ask_a"]);
    expect(Object.keys(settled)).toEqual(["ask_c", "ask_a"]);
    expect(Object.values(settled).map((entry) => entry.status)).toEqual(["cancelled", "cancelled"]);
    expect(settled.ask_a?.id).toBe("ask_a");
    expect(settled.ask_b).toBeUndefined();
    expect(["ask_a" in settled, "ask_b" in settled]).toEqual([true, false]);
    expect([Object.hasOwn(settled, "ask_c"), Object.hasOwn(settled, "ask_b")]).toEqual([true, false]);
    expect(JSON.parse(JSON.stringify(settled))).toEqual(JSON.parse(JSON.stringify({ ask_c: settled.ask_c, ask_a: settled.ask_a })));
    expect({ ...settled }).toEqual({ ask_c: settled.ask_c, ask_a: settled.ask_a });
  });

  it("leaves an earlier state's settled as it was and keeps unchanged entries", () => {
    const { state } = withSettled(["ask_a", "ask_b"], ["ask_a"]);
    const earlier = state().settled;
    const entryA = earlier.ask_a;
    state().skip("ask_b");
    state().resolveSucceeded("ask_b", { status: "cancelled" });
    const later = state().settled;
    expect(later).not.toBe(earlier);
    expect(Object.keys(earlier)).toEqual(["ask_a"]);
    expect(earlier.ask_b).toBeUndefined();
    expect(Object.keys(later)).toEqual(["ask_a", "ask_b"]);
    expect(later.ask_a).toBe(entryA);
  });

  it("keeps the reference when an action changes nothing in it", () => {
    const { state } = withSettled(["ask_a", "ask_b"], ["ask_a"]);
    const settled = state().settled;
    state().pickOption("ask_b", "target", "Email");
    state().resolveSucceeded("ask_a", { status: "answered", answers: {} });
    expect(state().settled).toBe(settled);
  });

  it("gives a prompt back to prompts in the new state only when the gateway still has it pending", () => {
    const { state, clock } = makeStore();
    state().upsertRecord(makeRecord({ id: "ask_a", expiresAtMs: 20_000 }));
    state().expireDue(20_000);
    const expired = state().settled;
    expect(expired.ask_a?.locallyExpired).toBe(true);
    clock.ms = 15_000;
    state().upsertRecord(makeRecord({ id: "ask_a", expiresAtMs: 30_000 }));
    expect(state().prompts.ask_a?.status).toBe("pending");
    expect(Object.keys(state().settled)).toEqual([]);
    expect("ask_a" in state().settled).toBe(false);
    expect(expired.ask_a?.status).toBe("expired");
  });

  it("refuses writes like a frozen object", () => {
    const { state } = withSettled(["ask_a"]);
    const settled = state().settled as Record<string, unknown>;
    const entry = settled.ask_a;
    expect(() => {
      settled.ask_b = entry;
    }).toThrow(TypeError);
    expect(() => {
      delete settled.ask_a;
    }).toThrow(TypeError);
    expect(Object.keys(settled)).toEqual(["ask_a"]);
  });

  it("stays right for both when a host sets an earlier state back and settles something else", () => {
    const { store, state } = withSettled(["ask_a", "ask_b", "ask_c"], ["ask_c"]);
    const start = state();
    state().skip("ask_a");
    state().resolveSucceeded("ask_a", { status: "cancelled" });
    const branchA = state().settled;
    store.setState(start, true);
    state().skip("ask_b");
    state().resolveSucceeded("ask_b", { status: "cancelled" });
    expect(Object.keys(state().settled)).toEqual(["ask_c", "ask_b"]);
    expect(selectPrompt(state(), "ask_a")?.status).toBe("pending");
    expect(Object.keys(branchA)).toEqual(["ask_c", "ask_a"]);
    expect(Object.keys(start.settled)).toEqual(["ask_c"]);
    expect(branchA.ask_b).toBeUndefined();
  });

  it("takes a plain record a host set and extends it", () => {
    const { store, state } = withSettled(["ask_a", "ask_b"], ["ask_a"]);
    store.setState({ settled: { ...state().settled } });
    state().skip("ask_b");
    state().resolveSucceeded("ask_b", { status: "cancelled" });
    expect(Object.keys(state().settled)).toEqual(["ask_a", "ask_b"]);
    expect(selectTranscript(state()).map((entry) => entry.id)).toEqual(["ask_a", "ask_b"]);
  });

  it("is read by the selectors and submit", () => {
    const { state } = withSettled(["ask_a", "ask_b"], ["ask_b"]);
    expect(selectPrompt(state(), "ask_b")?.status).toBe("cancelled");
    expect(selectTranscript(state()).map((entry) => entry.id)).toEqual(["ask_b"]);
    expect(state().submit("ask_b")).toEqual({
      ok: false,
      reason: "NOT_PENDING",
      message: "Prompt 'ask_b' is already cancelled; it cannot be answered again.",
    });
  });
});
