import { describe, expect, it } from "vitest";
import { changedSettledIds } from "../../src/store/settled-record.js";
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

describe("changedSettledIds", () => {
  it("names only what a change touched, however long the transcript", () => {
    const { store, state } = withExpired(500);
    const previous = state();
    state().applyResolved(answered("ask_0042"));
    expect(changedSettledIds(state().settled, previous.settled)).toEqual(["ask_0042"]);
    const middle = state();
    state().applyResolved(answered("ask_0007"));
    expect(changedSettledIds(state().settled, middle.settled)).toEqual(["ask_0007"]);
    expect(changedSettledIds(state().settled, previous.settled)).toEqual(["ask_0042", "ask_0007"]);
    // A state that changed nothing in settled: nothing to compare.
    store.setState({ collapsed: !state().collapsed });
    expect(changedSettledIds(state().settled, middle.settled)).toEqual(["ask_0007"]);
  });

  it("cannot tell for a record a host set or a state set back, and says so", () => {
    const { store, state } = withExpired(3);
    const earlier = state();
    state().applyResolved(answered("ask_0001"));
    expect(changedSettledIds({ ...state().settled }, earlier.settled)).toBeUndefined();
    // The older state first: not a later view of the same history.
    expect(changedSettledIds(earlier.settled, state().settled)).toBeUndefined();
    store.setState(earlier, true);
    state().applyResolved(answered("ask_0002"));
    expect(changedSettledIds(state().settled, earlier.settled)).toBeUndefined();
  });
});

describe("diffStoreEvents on settled prompts", () => {
  it("reports the one settled outcome that changed beside many", () => {
    const { state } = withExpired(300);
    const previous = state();
    state().applyResolved(answered("ask_0150"));
    const events = diffStoreEvents(state(), previous);
    expect(events.map((event) => [event.type, "promptId" in event.detail ? event.detail.promptId : null])).toEqual([["resolved", "ask_0150"]]);
  });

  it("reports several changed in one burst in transcript order, not in the order they changed", () => {
    const { state } = withExpired(5);
    const previous = state();
    state().upsertRecords([makeRecord({ id: "ask_0003", status: "answered", answers: { answers: { target: ["Email"] } } }), makeRecord({ id: "ask_0001", status: "cancelled" })]);
    const events = diffStoreEvents(state(), previous);
    expect(events.map((event) => ("promptId" in event.detail ? event.detail.promptId : null))).toEqual(["ask_0001", "ask_0003"]);
  });

  it("still compares every id when settled is a record a host set", () => {
    const { store, state } = withExpired(3);
    const previous = state();
    const changed = { ...previous.settled, ask_0002: { ...previous.settled.ask_0002!, status: "answered" as const } };
    store.setState({ settled: changed });
    expect(diffStoreEvents(state(), previous).map((event) => event.type)).toEqual(["resolved"]);
  });
});
