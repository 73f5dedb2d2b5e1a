/**
 * The in-memory transcript is bounded as the persisted one is: at most MAX_SUMMARIES_PER_SESSION
 * settled prompts per session, the most recently settled; what leaves `settled` leaves `order` too.
 */
import { describe, expect, it } from "vitest";
import type { PromptSummary } from "../../src/contract/summary.js";
import { selectPrompt, selectTranscript } from "../../src/store/index.js";
import { MAX_SUMMARIES_PER_SESSION } from "../../src/store/transcript-bound.js";
import { makeRecord, makeStore } from "./fixtures.js";

const MAX = MAX_SUMMARIES_PER_SESSION;
const range = <T = string>(count: number, make: (index: number) => T) => Array.from({ length: count }, (_, index) => make(index));

/** A store whose prompts `ids` (session `sessionKey`) arrive, then settle one by one, each a millisecond later. */
function settledOneByOne(ids: readonly string[], sessionKey?: string) {
  const harness = makeStore();
  const { state, clock } = harness;
  state().upsertRecords(ids.map((id) => makeRecord({ id, ...(sessionKey ? { sessionKey } : {}) })));
  for (const id of ids) {
    clock.ms += 1;
    state().applyResolved({ id, status: "cancelled" });
  }
  return harness;
}

describe(`the transcript keeps at most ${MAX} settled prompts per session`, () => {
  it("drops the least recently settled one when the next settles, from settled, order and the transcript", () => {
    const ids = range(MAX + 1, (index) => `ask_${index}`);
    const { state } = settledOneByOne(ids.slice(0, MAX));
    expect(Object.keys(state().settled)).toHaveLength(MAX);

    state().upsertRecord(makeRecord({ id: ids[MAX]! }));
    expect(Object.keys(state().settled)).toHaveLength(MAX);
    state().applyResolved({ id: ids[MAX]!, status: "cancelled" });

    expect(Object.keys(state().settled)).toHaveLength(MAX);
    expect(selectPrompt(state(), "ask_0")).toBeUndefined();
    expect(state().order).toEqual(ids.slice(1));
    expect(selectTranscript(state()).map((entry) => entry.id)).toEqual(ids.slice(1));
  });

  it("goes by when a prompt settled, not when it arrived, and never drops an open prompt", () => {
    const ids = range(MAX + 2, (index) => `ask_${index}`);
    const { state, clock } = settledOneByOne(ids.slice(1, MAX + 1));
    state().upsertRecord(makeRecord({ id: ids[0]! }));
    state().upsertRecord(makeRecord({ id: ids[MAX + 1]! }));
    clock.ms += 1;
    // The oldest arrival settles last: the earliest settle (ask_1) leaves instead.
    state().applyResolved({ id: ids[0]!, status: "cancelled" });
    expect(selectPrompt(state(), "ask_0")?.status).toBe("cancelled");
    expect(selectPrompt(state(), "ask_1")).toBeUndefined();
    expect(selectPrompt(state(), ids[MAX + 1]!)?.status).toBe("pending");
    expect(Object.keys(state().settled)).toHaveLength(MAX);
  });

  it("counts each session apart, its key aliases as one", () => {
    const { state, clock } = settledOneByOne(
      range(MAX, (index) => `ask_main_${index}`),
      "main",
    );
    state().upsertRecords([
      makeRecord({ id: "ask_ops", sessionKey: "agent:ops:main" }),
      makeRecord({ id: "ask_alias", sessionKey: "agent:main:main" }),
    ]);
    clock.ms += 1;
    state().applyResolved({ id: "ask_ops", status: "cancelled" });
    expect(Object.keys(state().settled)).toHaveLength(MAX + 1);
    expect(selectPrompt(state(), "ask_main_0")).toBeDefined();

    state().applyResolved({ id: "ask_alias", status: "cancelled" });
    expect(Object.keys(state().settled)).toHaveLength(MAX + 1);
    expect(selectPrompt(state(), "ask_main_0")).toBeUndefined();
    expect(selectTranscript(state(), { sessionKey: "main" })).toHaveLength(MAX);
    expect(selectTranscript(state(), { sessionKey: "agent:ops:main" }).map((entry) => entry.id)).toEqual(["ask_ops"]);
  });

  it("keeps the newest of a list of terminal records longer than the bound", () => {
    const ids = range(MAX * 3, (index) => `ask_done_${index}`);
    const { state } = makeStore();
    state().upsertRecords(ids.map((id) => makeRecord({ id, status: "cancelled" })));
    expect(Object.keys(state().settled)).toEqual(ids.slice(-MAX));
    expect(state().order).toEqual(ids.slice(-MAX));
  });

  it("lets chat history older than a full session's chips leave at once, and keeps the live ones", () => {
    const live = range(MAX, (index) => `ask_live_${index}`);
    const { state } = settledOneByOne(live);
    const history = range<PromptSummary>(3, (index) => ({
      id: `ask_history_${index}`,
      record: makeRecord({ id: `ask_history_${index}`, status: "cancelled", createdAtMs: index }),
      outcome: "skipped",
      resolvedAtMs: index,
    }));
    const before = state().settled;
    state().restoreSummaries(history);
    expect(Object.keys(state().settled)).toEqual(live);
    expect(state().order).toEqual(live);
    expect(Object.keys(before)).toEqual(live);
  });
});
