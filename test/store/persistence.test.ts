import { afterEach, describe, expect, it, vi } from "vitest";
import { createAskUserStore } from "../../src/store/create-ask-user-store.js";
import { DEFAULT_STORAGE_KEY_PREFIX } from "../../src/store/draft-persistence.js";
import { localSummaries } from "../../src/store/local-summaries.js";
import type { DraftStorage } from "../../src/store/types.js";
import { CHAT, createMemoryStorage, makeRecord, makeStore } from "./fixtures.js";

const ID = "ask_0001";
const KEY = `${DEFAULT_STORAGE_KEY_PREFIX}${ID}`;

function stored(drafts: unknown, step = 0) {
  return { [KEY]: JSON.stringify({ v: 1, step, drafts }) };
}

describe("draft persistence", () => {
  it("saves drafts and step on every draft change under prefix + id", () => {
    const storage = createMemoryStorage();
    const { state } = makeStore({ storage });
    state().upsertRecord(makeRecord());
    expect(storage.items.has(KEY)).toBe(false);
    state().pickOption(ID, "target", CHAT);
    expect(JSON.parse(storage.items.get(KEY)!)).toEqual({
      v: 1,
      step: 1,
      drafts: { target: { selected: [CHAT], otherText: "" }, extras: { selected: [], otherText: "" } },
    });
    state().setOtherText(ID, "extras", " typed ");
    expect(JSON.parse(storage.items.get(KEY)!).drafts.extras).toEqual({ selected: [], otherText: " typed " });
    state().previousStep(ID);
    expect(JSON.parse(storage.items.get(KEY)!).step).toBe(0);
  });

  it("round-trips drafts into a new store (a reload)", () => {
    const storage = createMemoryStorage();
    const first = makeStore({ storage });
    first.state().upsertRecord(makeRecord());
    first.state().pickOption(ID, "target", "Email");
    first.state().toggleOption(ID, "extras", "Metrics");
    first.state().toggleOption(ID, "extras", "Tests");
    first.state().setOtherText(ID, "extras", "Changelog");

    const second = makeStore({ storage });
    second.state().upsertRecord(makeRecord());
    const entry = second.state().prompts[ID]!;
    expect(entry.drafts).toEqual({
      target: { selected: ["Email"], otherText: "" },
      extras: { selected: ["Metrics", "Tests"], otherText: "Changelog" },
    });
    expect(entry.step).toBe(1);
  });

  it("uses a custom key prefix", () => {
    const storage = createMemoryStorage();
    const { state } = makeStore({ storage, storageKeyPrefix: "host:" });
    state().upsertRecord(makeRecord());
    state().setOtherText(ID, "target", "x");
    expect([...storage.items.keys()]).toEqual([`host:${ID}`]);
  });

  it.each([
    [
      "the prompt is answered",
      (s: ReturnType<typeof makeStore>["state"]) =>
        s().applyResolved({ id: ID, status: "answered", answers: { answers: { target: ["Email"], extras: ["Docs"] } } }),
    ],
    ["the prompt expires locally", (s: ReturnType<typeof makeStore>["state"]) => s().expireDue(901_000)],
    ["the prompt becomes unavailable", (s: ReturnType<typeof makeStore>["state"]) => s().markUnavailable(ID)],
  ])("removes the saved draft when %s", (_name, end) => {
    const storage = createMemoryStorage();
    const { state } = makeStore({ storage });
    state().upsertRecord(makeRecord());
    state().setOtherText(ID, "target", "x");
    expect(storage.items.has(KEY)).toBe(true);
    end(state);
    expect(storage.items.has(KEY)).toBe(false);
  });

  it("removes a leftover draft when the record arrives already terminal", () => {
    const storage = createMemoryStorage(stored({ target: { selected: ["Email"], otherText: "" } }));
    const { state } = makeStore({ storage });
    state().upsertRecord(makeRecord({ status: "expired" }));
    expect(storage.items.has(KEY)).toBe(false);
  });

  it("saves again when a locally-expired prompt returns to pending", () => {
    const storage = createMemoryStorage();
    const { state, clock } = makeStore({ storage });
    state().upsertRecord(makeRecord({ expiresAtMs: 20_000 }));
    state().setOtherText(ID, "target", "keep me");
    state().expireDue(20_000);
    expect(storage.items.has(KEY)).toBe(false);
    clock.ms = 15_000;
    state().upsertRecord(makeRecord({ expiresAtMs: 60_000 }));
    expect(JSON.parse(storage.items.get(KEY)!).drafts.target.otherText).toBe("keep me");
  });

  it.each([
    ["malformed JSON", { [KEY]: "{not json" }],
    ["a JSON string", { [KEY]: JSON.stringify("hello") }],
    ["null", { [KEY]: "null" }],
    ["drafts of the wrong type", { [KEY]: JSON.stringify({ v: 1, step: 0, drafts: [1, 2] }) }],
  ])("starts from empty drafts on %s", (_name, initial) => {
    const storage = createMemoryStorage(initial);
    const { state } = makeStore({ storage });
    expect(() => state().upsertRecord(makeRecord())).not.toThrow();
    expect(state().prompts[ID]!.drafts).toEqual({ target: { selected: [], otherText: "" }, extras: { selected: [], otherText: "" } });
    expect(state().prompts[ID]!.step).toBe(0);
  });

  it("drops what is not valid in a saved draft and keeps the rest", () => {
    const storage = createMemoryStorage(
      stored(
        {
          target: { selected: ["Slack", "Email", "Chat (Recommended)"], otherText: 5 },
          extras: { selected: ["Docs", 3, "Docs", "Benchmarks", "Tests"], otherText: "Changelog" },
          unknown_question: { selected: ["Docs"], otherText: "x" },
        },
        9,
      ),
    );
    const { state } = makeStore({ storage });
    state().upsertRecord(makeRecord());
    const entry = state().prompts[ID]!;
    expect(entry.drafts).toEqual({
      target: { selected: ["Email"], otherText: "" },
      extras: { selected: ["Docs", "Tests"], otherText: "Changelog" },
    });
    expect(entry.step).toBe(1);
  });

  it("keeps the typed text over a pick when a saved single-select draft has both", () => {
    const storage = createMemoryStorage(stored({ target: { selected: ["Email"], otherText: "Slack" } }, -2));
    const { state } = makeStore({ storage });
    state().upsertRecord(makeRecord());
    expect(state().prompts[ID]!.drafts.target).toEqual({ selected: [], otherText: "Slack" });
    expect(state().prompts[ID]!.step).toBe(0);
  });

  it("never lets a throwing storage break an action", () => {
    const throwing: DraftStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    const { state } = makeStore({ storage: throwing });
    expect(() => {
      state().upsertRecord(makeRecord());
      state().pickOption(ID, "target", "Email");
      state().toggleOption(ID, "extras", "Docs");
      state().submit(ID);
      state().resolveSucceeded(ID, { status: "answered", answers: { target: ["Email"], extras: ["Docs"] } });
    }).not.toThrow();
    expect(state().settled[ID]).toMatchObject({ status: "answered", outcomeSource: "local" });
  });

  it("persists nothing with storage: null", () => {
    const { state } = makeStore({ storage: null });
    state().upsertRecord(makeRecord());
    expect(() => state().setOtherText(ID, "target", "x")).not.toThrow();
  });
});

describe("default storage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses globalThis.sessionStorage when it exists", () => {
    const storage = createMemoryStorage();
    vi.stubGlobal("sessionStorage", storage);
    const store = createAskUserStore({ autoExpire: false });
    store.getState().upsertRecord(makeRecord());
    store.getState().setOtherText(ID, "target", "x");
    expect(storage.items.has(KEY)).toBe(true);
  });

  it("works without storage when reading sessionStorage throws", () => {
    Object.defineProperty(globalThis, "sessionStorage", {
      configurable: true,
      get() {
        throw new Error("SecurityError: access denied");
      },
    });
    try {
      const store = createAskUserStore({ autoExpire: false });
      store.getState().upsertRecord(makeRecord());
      expect(() => store.getState().setOtherText(ID, "target", "x")).not.toThrow();
      expect(store.getState().prompts[ID]!.drafts.target!.otherText).toBe("x");
    } finally {
      delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    }
  });
});

describe("summaries: the host's choice", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** One prompt settled in a store, then the turn's batched writes. */
  async function settleOne(store: ReturnType<typeof createAskUserStore>) {
    store.getState().upsertRecord(makeRecord());
    store.getState().applyResolved({ id: ID, status: "cancelled" });
    await Promise.resolve();
    store.destroy();
  }

  it("without the summaries option nothing is written to localStorage, and a new store starts empty", async () => {
    const local = createMemoryStorage();
    vi.stubGlobal("localStorage", local);
    await settleOne(createAskUserStore({ storage: null, autoExpire: false }));
    expect(local.items.size).toBe(0);
    expect(createAskUserStore({ storage: null, autoExpire: false }).getState().settled).toEqual({});
  });

  it("localSummaries() writes to globalThis.localStorage, looked up when the store is made, and a reload restores the chip", async () => {
    const summaries = localSummaries();
    const local = createMemoryStorage();
    vi.stubGlobal("localStorage", local);
    await settleOne(createAskUserStore({ storage: null, autoExpire: false, summaries }));
    expect(local.items.size).toBeGreaterThan(0);
    expect(createAskUserStore({ storage: null, autoExpire: false, summaries }).getState().settled[ID]?.status).toBe("cancelled");
  });

  it("localSummaries() keeps nothing, and throws nothing, where reading localStorage throws", async () => {
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new Error("SecurityError: access denied");
      },
    });
    try {
      const store = createAskUserStore({ storage: null, autoExpire: false, summaries: localSummaries() });
      await expect(settleOne(store)).resolves.toBeUndefined();
      expect(store.getState().problems).toEqual([]);
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});
