import { describe, expect, it } from "vitest";
import { diffStoreEvents } from "../../src/store/store-events.js";
import { makeRecord, makeStore } from "./fixtures.js";

const ids = (count: number) => Array.from({ length: count }, (_, i) => `ask_${String(i).padStart(4, "0")}`);

/** A store with `count` prompts that expired here (settled, in id order). */
function withExpired(count: number) {
  const harness = makeStore();
  harness.state().upsertRecords(ids(count).map((id) => makeRecord({ id })));
  harness.state().expireDue(Number.MAX_SAFE_INTEGER);
  return harness;
}

const answered = (id: string) => ({ id, status: "answered" as const, answers: { answers: { target: ["Email"] } } });

describe("diffStoreEvents on settled prompts", () => {
  it("reports the one settled outcome that changed beside many", () => {
    const { state } = withExpired(200);
    const previous = state();
    state().applyResolved(answered("ask_0150"));
    const events = diffStoreEvents(state(), previous);
    expect(events.map((event) => [event.type, "promptId" in event.detail ? event.detail.promptId : null])).toEqual([["resolved", "ask_0150"]]);
  });

  it("reports several changed in one burst in transcript order, not in the order they changed", () => {
    const { state } = withExpired(5);
    const previous = state();
    state().upsertRecords([
      makeRecord({ id: "ask_0003", status: "answered", answers: { answers: { target: ["Email"] } } }),
      makeRecord({ id: "ask_0001", status: "cancelled" }),
    ]);
    const events = diffStoreEvents(state(), previous);
    expect(events.map((event) => ("promptId" in event.detail ? event.detail.promptId : null))).toEqual(["ask_0001", "ask_0003"]);
  });

  it("compares a record a host set like its own", () => {
    const { store, state } = withExpired(3);
    const previous = state();
    const changed = { ...previous.settled, ask_0002: { ...previous.settled.ask_0002!, status: "answered" as const } };
    store.setState({ settled: changed });
    expect(diffStoreEvents(state(), previous).map((event) => event.type)).toEqual(["resolved"]);
  });
});
