import { afterEach, describe, expect, it, vi } from "vitest";
import { createAskUserStore } from "../../src/store/create-ask-user-store.js";
import { createClock, makeRecord, makeStore } from "./fixtures.js";

const ID = "ask_0001";

/** Injected timers: records what the store schedules and fires it on demand. */
function createTimers() {
  let next = 1;
  const pending = new Map<number, { fn: () => void; ms: number }>();
  return {
    pending,
    setTimeout: (fn: () => void, ms: number) => {
      const handle = next++;
      pending.set(handle, { fn, ms });
      return handle;
    },
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    fireAll() {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, timer] of due) timer.fn();
    },
  };
}

function timedStore() {
  const clock = createClock(10_000);
  const timers = createTimers();
  const store = createAskUserStore({ storage: null, now: clock.now, timers });
  return { store, clock, timers, state: () => store.getState() };
}

describe("expireDue", () => {
  it("expires open prompts whose time has passed, locally and without a source", () => {
    const { state } = makeStore();
    state().upsertRecords([makeRecord({ id: "ask_a", expiresAtMs: 20_000 }), makeRecord({ id: "ask_b", expiresAtMs: 30_000 })]);
    state().skip("ask_a");
    state().expireDue(20_000);
    expect(state().settled.ask_a).toMatchObject({ status: "expired", locallyExpired: true, resolvedAtMs: 20_000 });
    expect(state().settled.ask_a!.outcomeSource).toBeUndefined();
    expect(state().settled.ask_a!.intent).toBeUndefined();
    expect(state().prompts.ask_b!.status).toBe("pending");
    expect(state().activeId).toBe("ask_b");
  });

  it("is confirmed by the gateway's expired event (source elsewhere, flag cleared)", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ expiresAtMs: 20_000 }));
    state().expireDue(20_000);
    state().applyResolved({ id: ID, status: "expired" });
    expect(state().settled[ID]).toMatchObject({ status: "expired", outcomeSource: "elsewhere", resolvedAtMs: 20_000 });
    expect(state().settled[ID]!.locallyExpired).toBeUndefined();
  });

  it("yields to a gateway answer that won before expiry", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ expiresAtMs: 20_000 }));
    state().expireDue(20_000);
    state().applyResolved({ id: ID, status: "answered", answers: { answers: { target: ["Email"], extras: ["Docs"] } } });
    expect(state().settled[ID]).toMatchObject({ status: "answered", outcomeSource: "elsewhere" });
  });

  it("returns a locally-expired prompt to pending when the gateway still has it with time left", () => {
    const { state, clock } = makeStore();
    state().upsertRecord(makeRecord({ expiresAtMs: 20_000 }));
    state().setOtherText(ID, "target", "keep me");
    state().expireDue(20_000);
    expect(state().activeId).toBeNull();
    clock.ms = 19_000;
    state().upsertRecord(makeRecord({ expiresAtMs: 25_000 }));
    const entry = state().prompts[ID]!;
    expect(entry).toMatchObject({ status: "pending", record: { expiresAtMs: 25_000 } });
    expect(entry.locallyExpired).toBeUndefined();
    expect(entry.resolvedAtMs).toBeUndefined();
    expect(entry.drafts.target!.otherText).toBe("keep me");
    expect(state().settled).toEqual({});
    expect(state().activeId).toBe(ID);
  });

  it("keeps it expired when the gateway's pending copy has no time left", () => {
    const { state, clock } = makeStore();
    state().upsertRecord(makeRecord({ expiresAtMs: 20_000 }));
    state().expireDue(20_000);
    clock.ms = 20_000;
    state().upsertRecord(makeRecord({ expiresAtMs: 20_000 }));
    expect(state().settled[ID]!.status).toBe("expired");
  });

  it("ignores a non-number", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ expiresAtMs: 20_000 }));
    const before = state();
    state().expireDue(Number.NaN);
    state().expireDue("soon" as never);
    expect(state()).toBe(before);
  });
});

describe("automatic expiry timer", () => {
  it("keeps one timer for the soonest open prompt", () => {
    const { state, timers } = timedStore();
    expect(timers.pending.size).toBe(0);
    state().upsertRecord(makeRecord({ id: "ask_a", expiresAtMs: 40_000 }));
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([30_000]);
    state().upsertRecord(makeRecord({ id: "ask_b", expiresAtMs: 25_000 }));
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([15_000]);
    // A keystroke does not reschedule.
    const [handle] = timers.pending.keys();
    state().setOtherText("ask_b", "target", "x");
    expect([...timers.pending.keys()]).toEqual([handle]);
  });

  it("expires when the timer fires and then schedules the next one", () => {
    const { state, timers, clock } = timedStore();
    state().upsertRecords([makeRecord({ id: "ask_a", expiresAtMs: 40_000 }), makeRecord({ id: "ask_b", expiresAtMs: 25_000 })]);
    clock.ms = 25_000;
    timers.fireAll();
    expect(state().settled.ask_b).toMatchObject({ status: "expired", locallyExpired: true });
    expect(state().prompts.ask_a!.status).toBe("pending");
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([15_000]);
    clock.ms = 40_000;
    timers.fireAll();
    expect(state().settled.ask_a!.status).toBe("expired");
    expect(timers.pending.size).toBe(0);
  });

  it("clears the timer when the last open prompt settles", () => {
    const { state, timers } = timedStore();
    state().upsertRecord(makeRecord({ expiresAtMs: 40_000 }));
    state().applyResolved({ id: ID, status: "cancelled" });
    expect(timers.pending.size).toBe(0);
  });

  it("stops on destroy()", () => {
    const { store, state, timers } = timedStore();
    state().upsertRecord(makeRecord({ id: "ask_a", expiresAtMs: 40_000 }));
    store.destroy();
    expect(timers.pending.size).toBe(0);
    state().upsertRecord(makeRecord({ id: "ask_b", expiresAtMs: 30_000 }));
    expect(timers.pending.size).toBe(0);
  });

  it("clamps a delay beyond the timer range (setTimeout would fire at once)", () => {
    const { state, timers } = timedStore();
    state().upsertRecord(makeRecord({ expiresAtMs: 2 ** 33 }));
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([2_147_483_647]);
  });

  it("schedules nothing with autoExpire: false", () => {
    const timers = createTimers();
    const store = createAskUserStore({ storage: null, autoExpire: false, timers });
    store.getState().upsertRecord(makeRecord({ expiresAtMs: 1 }));
    expect(timers.pending.size).toBe(0);
    expect(() => store.destroy()).not.toThrow();
  });

  describe("with the host's timers", () => {
    afterEach(() => vi.useRealTimers());

    it("expires through globalThis.setTimeout by default", () => {
      vi.useFakeTimers({ now: 10_000 });
      const store = createAskUserStore({ storage: null });
      store.getState().upsertRecord(makeRecord({ expiresAtMs: 12_000 }));
      vi.advanceTimersByTime(1_999);
      expect(store.getState().prompts[ID]!.status).toBe("pending");
      vi.advanceTimersByTime(1);
      expect(store.getState().settled[ID]).toMatchObject({ status: "expired", locallyExpired: true });
      store.destroy();
    });
  });
});
