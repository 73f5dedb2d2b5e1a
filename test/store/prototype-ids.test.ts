// Found by the hostile-frames test (issue 12): a record or resolution whose id is "__proto__" was
// assigned into the prompt maps with `map[id] = …`, which swaps the map's prototype instead of
// adding an entry. The prompt vanished, and `for…in` over `prompts` then walked the entry's own
// fields as ids: the expiry timer's subscriber threw out of every later store write.
import { expect, test } from "vitest";
import type { QuestionRecord } from "../../src/contract/types.js";
import { createAskUserStore, selectPrompt } from "../../src/store/index.js";

const now = Date.now();
const record = (id: string): QuestionRecord => ({
  id,
  questions: [{ questionId: "target", header: "Target", question: "Where?", options: [{ label: "Chat" }, { label: "Email" }] }],
  createdAtMs: now,
  expiresAtMs: now + 600_000,
  status: "pending",
});

test("prompts with ids like __proto__ and constructor are ordinary entries", () => {
  const store = createAskUserStore({ storage: null });
  try {
    for (const id of ["__proto__", "constructor", "toString"]) expect(() => store.getState().upsertRecord(record(id))).not.toThrow();
    const state = store.getState();
    expect(Object.getPrototypeOf(state.prompts)).toBe(Object.prototype);
    expect(Object.keys(state.prompts)).toEqual(["__proto__", "constructor", "toString"]);
    expect(selectPrompt(state, "__proto__")?.status).toBe("pending");
    // A later write still goes through (the expiry timer re-reads every open prompt on each one).
    store.getState().applyResolved({ id: "__proto__", status: "cancelled" });
    expect(selectPrompt(store.getState(), "__proto__")?.status).toBe("cancelled");
    expect(Object.keys(store.getState().prompts)).toEqual(["constructor", "toString"]);
  } finally {
    store.destroy();
  }
});

test("a resolution held for an unknown __proto__ id is an own entry, matched when its record comes", () => {
  const store = createAskUserStore({ storage: null, autoExpire: false });
  store.getState().applyResolved({ id: "__proto__", status: "expired" });
  const held = store.getState().heldResolutions;
  expect(Object.getPrototypeOf(held)).toBe(Object.prototype);
  expect(Object.keys(held)).toEqual(["__proto__"]);
  store.getState().upsertRecord(record("__proto__"));
  expect(selectPrompt(store.getState(), "__proto__")?.status).toBe("expired");
  expect(Object.keys(store.getState().heldResolutions)).toEqual([]);
});
