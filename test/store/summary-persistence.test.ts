import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_SHOWN_LABEL_LENGTH } from "../../src/contract/limits.js";
import { parseQuestionRecord } from "../../src/contract/parse-record.js";
import { clipUtf16 } from "../../src/contract/utf16.js";
import { summaryOutcome } from "../../src/store/summaries.js";
import { localSummaries } from "../../src/store/local-summaries.js";
import { createSummaryPersistence, MAX_SUMMARIES_PER_SESSION, MAX_SUMMARY_SESSIONS } from "../../src/store/summary-persistence.js";
import type { SummaryStorage } from "../../src/store/types.js";
import { CHAT, createMemoryStorage, makeRecord, makeStore } from "./fixtures.js";
import {
  createWebStorage,
  indexKey,
  instrumented,
  listedIds,
  MAIN,
  NONE,
  PROBE,
  SESSIONS_KEY,
  storages,
  storedSummary,
  summary,
  summaryKey,
} from "./summary-storage.js";

afterEach(() => vi.restoreAllMocks());

/** Lets the microtask that writes a turn's staged summaries run. */
const endOfTurn = () => Promise.resolve();

describe.each(storages)("summaries outlive a reload: %s", (_name, create) => {
  it("restores the chip with its outcome, canonical answers and unsent draft", () => {
    const storage = create();
    const first = makeStore({ summaries: localSummaries({ storage }) });
    first.state().upsertRecords([makeRecord({ sessionKey: "agent:main:main" }), makeRecord({ id: "ask_0002" })]);
    first.state().setOtherText("ask_0001", "target", "typed but never sent");
    first.state().applyResolved({ id: "ask_0001", status: "answered", answers: { answers: { target: ["Email"], extras: ["Docs"] } } });
    first.state().pickOption("ask_0002", "target", CHAT);
    first.state().toggleOption("ask_0002", "extras", "Tests");
    first.state().submit("ask_0002");
    first.state().resolveSucceeded("ask_0002", { status: "answered", answers: { target: [CHAT], extras: ["Tests"] } });

    const second = makeStore({ summaries: localSummaries({ storage }) });
    const elsewhere = second.state().settled.ask_0001!;
    expect(summaryOutcome(elsewhere)).toBe("answered-elsewhere");
    expect(elsewhere.answers).toEqual({ target: ["Email"], extras: ["Docs"] });
    expect(elsewhere.unsent).toEqual({ target: ["typed but never sent"] });
    expect(elsewhere.record.sessionKey).toBe("agent:main:main");
    const here = second.state().settled.ask_0002!;
    expect(summaryOutcome(here)).toBe("answered");
    expect(here.answers).toEqual({ target: [CHAT], extras: ["Tests"] });
    expect(here.unsent).toBeUndefined();
    expect(second.state().order).toEqual(["ask_0001", "ask_0002"]);
    expect(second.state().problems).toEqual([]);
  });

  it('keeps one index per canonical session (sessionless prompts under "") and each summary under its own key', async () => {
    const storage = create();
    const { state } = makeStore({ summaries: localSummaries({ storage }) });
    state().upsertRecords([
      makeRecord({ id: "ask_a", sessionKey: "main" }),
      makeRecord({ id: "ask_b", sessionKey: "agent:main:main" }),
      makeRecord({ id: "ask_c", sessionKey: "Probe" }),
      makeRecord({ id: "ask_d" }),
    ]);
    for (const id of ["ask_a", "ask_b", "ask_c", "ask_d"]) state().markUnavailable(id);
    await endOfTurn();
    expect([listedIds(storage, MAIN), listedIds(storage, PROBE), listedIds(storage, NONE)]).toEqual([["ask_a", "ask_b"], ["ask_c"], ["ask_d"]]);
    expect(storedSummary(storage, MAIN, "ask_b")!.record.sessionKey).toBe("agent:main:main");
    expect(storedSummary(storage, PROBE, "ask_c")!.outcome).toBe("unavailable");
    expect(storedSummary(storage, NONE, "ask_d")!.id).toBe("ask_d");
    expect(Object.keys(makeStore({ summaries: localSummaries({ storage }) }).state().settled).sort()).toEqual(["ask_a", "ask_b", "ask_c", "ask_d"]);
  });

  it(`bounds each session to ${MAX_SUMMARIES_PER_SESSION} newest and the sessions to ${MAX_SUMMARY_SESSIONS} most recent, removing what it evicts`, () => {
    const storage = create();
    const persistence = createSummaryPersistence(storage);
    persistence.load();
    for (let index = MAX_SUMMARIES_PER_SESSION + 4; index >= 0; index -= 1) persistence.save(summary(`ask_${index}`, 1_000 + index, "main"));
    persistence.flush();
    const kept = listedIds(storage, MAIN)!;
    expect(kept).toHaveLength(MAX_SUMMARIES_PER_SESSION);
    expect(kept[0]).toBe("ask_5");
    expect(kept.at(-1)).toBe(`ask_${MAX_SUMMARIES_PER_SESSION + 4}`);
    expect(storedSummary(storage, MAIN, "ask_4")).toBeUndefined();

    persistence.save(summary("ask_newest", 5_000, "main"));
    persistence.flush();
    expect(listedIds(storage, MAIN)![0]).toBe("ask_6");
    expect(storedSummary(storage, MAIN, "ask_5")).toBeUndefined();

    for (let index = 0; index < MAX_SUMMARY_SESSIONS; index += 1) persistence.save(summary(`ask_s${index}`, 10_000 + index, `session_${index}`));
    persistence.flush();
    expect(listedIds(storage, MAIN)).toBeNull();
    expect([...storage.items.keys()].filter((key) => key.includes(MAIN))).toEqual([]);
    // Each session's index and its one summary, and the sessions index where keys cannot be listed.
    expect(storage.items.size).toBe(2 * MAX_SUMMARY_SESSIONS + ("key" in storage ? 0 : 1));
    const reloaded = createSummaryPersistence(storage).load();
    expect(reloaded.summaries.map((saved) => saved.id).sort()).toEqual(
      Array.from({ length: MAX_SUMMARY_SESSIONS }, (_, index) => `ask_s${index}`).sort(),
    );
  });

  it("replaces a summary saved again under the same id", () => {
    const storage = create();
    const persistence = createSummaryPersistence(storage);
    persistence.save(summary("ask_x", 1_000));
    persistence.save({ ...summary("ask_x", 1_500), outcome: "expired" });
    persistence.flush();
    expect(listedIds(storage, NONE)).toEqual(["ask_x"]);
    expect(storedSummary(storage, NONE, "ask_x")!.outcome).toBe("expired");
    persistence.save(summary("ask_y", 1_800));
    persistence.save({ ...summary("ask_x", 2_000), outcome: "answered-elsewhere" });
    persistence.flush();
    expect(listedIds(storage, NONE)).toEqual(["ask_y", "ask_x"]);
    expect(storedSummary(storage, NONE, "ask_x")!.outcome).toBe("answered-elsewhere");
  });

  it("no session or id can make two keys alike", () => {
    const storage = create();
    const persistence = createSummaryPersistence(storage);
    // Joined with a plain separator these would collide: `agent:main:a` + `:b` vs `agent:main:a:b` + ``.
    persistence.save({ ...summary("b", 1_000, "a"), outcome: "expired" });
    persistence.save(summary("x", 1_001, "a:b"));
    persistence.save(summary('"]', 1_002, "a"));
    persistence.flush();
    const { summaries } = createSummaryPersistence(storage).load();
    expect(summaries.map((saved) => [saved.id, saved.record.sessionKey, saved.outcome]).sort()).toEqual([
      ['"]', "a", "skipped"],
      ["b", "a", "expired"],
      ["x", "a:b", "skipped"],
    ]);
  });
});

describe("unreadable saved summaries", () => {
  const good = summary("ask_good", 1_000);
  const probe = summary("ask_probe", 2_000, "agent:main:probe");
  /** The sessionless index lists ask_good and ask_bad; the probe session is intact. */
  const stored = (overrides: { index?: string; bad?: unknown; good?: unknown }) =>
    createWebStorage({
      [indexKey(NONE)]:
        overrides.index ??
        JSON.stringify({
          v: 2,
          entries: [
            ["ask_good", 1_000],
            ["ask_bad", 3],
          ],
        }),
      [summaryKey(NONE, "ask_good")]: JSON.stringify(overrides.good ?? good),
      ...(overrides.bad === undefined ? {} : { [summaryKey(NONE, "ask_bad")]: JSON.stringify(overrides.bad) }),
      [indexKey(PROBE)]: JSON.stringify({ v: 2, entries: [["ask_probe", 2_000]] }),
      [summaryKey(PROBE, "ask_probe")]: JSON.stringify(probe),
    });
  const bad = summary("ask_bad", 3);

  it.each([
    ["an index that is not JSON", stored({ index: "{not json" }), indexKey(NONE), /the index is not a JSON object/, false],
    [
      "an index of a foreign version",
      stored({ index: JSON.stringify({ v: 3, entries: [["ask_good", 1_000]] }) }),
      indexKey(NONE),
      /v is 3; only version 2 is read/,
      false,
    ],
    ["an index without a version", stored({ index: JSON.stringify({ entries: [] }) }), indexKey(NONE), /v is missing/, false],
    ["index entries not a list", stored({ index: JSON.stringify({ v: 2, entries: {} }) }), indexKey(NONE), /entries is not an array/, false],
    [
      "a bad index entry, twice",
      stored({
        index: JSON.stringify({
          v: 2,
          entries: [
            ["ask_good", 1_000],
            ["", 1],
            ["ask_x", -1],
          ],
        }),
      }),
      indexKey(NONE),
      /entries\[1\] must be \[id, epoch milliseconds\] \(2 entries skipped\)/,
      true,
    ],
    ["a summary that is not JSON", withText(stored({}), "{oops"), summaryKey(NONE, "ask_bad"), /the summary is not an object/, true],
    ["a bad outcome", stored({ bad: { ...bad, outcome: "won" } }), summaryKey(NONE, "ask_bad"), /^outcome must be one of/, true],
    ["a bad record", stored({ bad: { ...bad, record: { id: "ask_bad" } } }), summaryKey(NONE, "ask_bad"), /^record: questions is required/, true],
    [
      "answers not string arrays",
      stored({ bad: { ...bad, answers: { target: "Email" } } }),
      summaryKey(NONE, "ask_bad"),
      /^answers\.target must be an array of strings/,
      true,
    ],
    ["unsent not string arrays", stored({ bad: { ...bad, unsent: { target: [1] } } }), summaryKey(NONE, "ask_bad"), /^unsent\.target/, true],
    [
      "a bad time",
      stored({ bad: { ...bad, resolvedAtMs: -5 } }),
      summaryKey(NONE, "ask_bad"),
      /^resolvedAtMs must be non-negative epoch milliseconds/,
      true,
    ],
    [
      "an id the index does not list",
      stored({ bad: { ...bad, id: "ask_other" } }),
      summaryKey(NONE, "ask_bad"),
      /id is "ask_other" but the index lists "ask_bad"/,
      true,
    ],
    // The index lists ask_bad (settled at 3) first: the problem names the first in time order.
    [
      "two bad summaries",
      stored({ bad: { ...bad, id: "" }, good: { ...good, outcome: 4 } }),
      summaryKey(NONE, "ask_bad"),
      /^id must be a non-empty string \(2 summaries skipped\)$/,
      false,
    ],
  ])("%s: the good summaries are kept and the store shows one problem naming the key and field", (_name, storage, key, detail, goodKept) => {
    const { state } = makeStore({ summaries: localSummaries({ storage }) });
    expect(state().problems).toHaveLength(1);
    const [problem] = state().problems;
    expect(problem!.kind).toBe("summary-storage-corrupt");
    expect(problem!.detail.startsWith(`${key}: `)).toBe(true);
    expect(problem!.detail.slice(key.length + 2)).toMatch(detail);
    expect(Object.keys(state().settled)).toContain("ask_probe");
    expect("ask_good" in state().settled).toBe(goodKept);
    expect("ask_bad" in state().settled).toBe(false);
  });

  it("an entry listed but never written (a refused write, storage cleared by hand) is skipped without a problem", () => {
    const { state } = makeStore({ summaries: localSummaries({ storage: stored({}) }) });
    expect(state().problems).toEqual([]);
    expect(Object.keys(state().settled).sort()).toEqual(["ask_good", "ask_probe"]);
  });

  it("a corrupt sessions index is a problem, not a throw", () => {
    const { state } = makeStore({ summaries: localSummaries({ storage: createMemoryStorage({ [SESSIONS_KEY]: '{"a":1}' }) }) });
    expect(state().problems.map((problem) => [problem.kind, problem.detail])).toEqual([
      ["summary-storage-corrupt", `${SESSIONS_KEY}: the session index is not a JSON array of strings`],
    ]);
  });

  it("the next write of a session replaces its corrupt index", () => {
    const storage = stored({ index: "{not json" });
    const persistence = createSummaryPersistence(storage);
    persistence.load();
    persistence.save(summary("ask_new", 5_000));
    persistence.flush();
    expect(listedIds(storage, NONE)).toEqual(["ask_new"]);
    expect(createSummaryPersistence(storage).load().problems).toEqual([]);
  });
});

/** The stored() storage with the bad summary's text replaced by `text`. */
function withText(storage: ReturnType<typeof createWebStorage>, text: string) {
  storage.items.set(summaryKey(NONE, "ask_bad"), text);
  return storage;
}

describe("storage that refuses", () => {
  it("a full storage is reported once and the store keeps working; the next write that fits carries the summaries along", async () => {
    const storage = createWebStorage();
    const log = instrumented(storage);
    log.refusing = true;
    const { state } = makeStore({ summaries: localSummaries({ storage }) });
    state().upsertRecords([makeRecord({ id: "ask_a" }), makeRecord({ id: "ask_b" }), makeRecord({ id: "ask_c" })]);
    state().markUnavailable("ask_a");
    await endOfTurn();
    state().markUnavailable("ask_b");
    await endOfTurn();
    expect(state().problems.map((problem) => problem.kind)).toEqual(["summary-storage-full"]);
    expect(state().problems[0]!.detail).toMatch(/QuotaExceededError/);
    expect(Object.keys(state().settled)).toEqual(["ask_a", "ask_b"]);
    expect(state().setOtherText("ask_c", "target", "still works")).toBeUndefined();

    log.refusing = false;
    state().markUnavailable("ask_c");
    await endOfTurn();
    expect(listedIds(storage, NONE)).toEqual(["ask_a", "ask_b", "ask_c"]);
    expect(["ask_a", "ask_b", "ask_c"].map((id) => storedSummary(storage, NONE, id)?.outcome)).toEqual(["unavailable", "unavailable", "unavailable"]);
    expect(state().problems).toHaveLength(1);
  });

  it("a summary refused after its index was written is listed but skipped on load, and written by the next flush", () => {
    const storage = createWebStorage();
    const setItem = storage.setItem;
    let refuseSummaries = true;
    storage.setItem = (key, value) => {
      if (refuseSummaries && key.includes("[")) throw new DOMException("full", "QuotaExceededError");
      setItem(key, value);
    };
    const persistence = createSummaryPersistence(storage);
    persistence.save(summary("ask_a", 1_000));
    persistence.save(summary("ask_b", 2_000));
    expect(persistence.flush()?.kind).toBe("summary-storage-full");
    expect(listedIds(storage, NONE)).toEqual(["ask_a", "ask_b"]);
    expect(createSummaryPersistence(storage).load()).toEqual({ summaries: [], problems: [] });

    persistence.save(summary("ask_c", 3_000));
    expect(persistence.flush()).toBeNull();
    refuseSummaries = false;
    persistence.save(summary("ask_d", 4_000));
    expect(persistence.flush()).toBeNull();
    expect(
      createSummaryPersistence(storage)
        .load()
        .summaries.map((saved) => saved.id),
    ).toEqual(["ask_a", "ask_b", "ask_c", "ask_d"]);
  });

  it("a summary refused beside a full session still removes the one its index no longer lists", () => {
    const storage = createWebStorage();
    const persistence = createSummaryPersistence(storage);
    for (let index = 0; index < MAX_SUMMARIES_PER_SESSION; index += 1) persistence.save(summary(`ask_${index}`, 1_000 + index));
    persistence.flush();
    const setItem = storage.setItem;
    storage.setItem = (key, value) => {
      if (key === summaryKey(NONE, "ask_new")) throw new DOMException("full", "QuotaExceededError");
      setItem(key, value);
    };
    persistence.save(summary("ask_new", 5_000));
    expect(persistence.flush()?.kind).toBe("summary-storage-full");
    expect(listedIds(storage, NONE)![0]).toBe("ask_1");
    expect(storedSummary(storage, NONE, "ask_0")).toBeUndefined();
    expect([...storage.items.keys()]).toHaveLength(1 + MAX_SUMMARIES_PER_SESSION - 1);
  });

  it("a flush stops at the first refusal: the other sessions' summaries wait without an attempt each", () => {
    const storage = createWebStorage();
    const log = instrumented(storage);
    const attempts: string[] = [];
    const refuse = storage.setItem;
    storage.setItem = (key, value) => {
      attempts.push(key);
      refuse(key, value);
    };
    const persistence = createSummaryPersistence(storage);
    for (const session of ["main", "probe", undefined]) persistence.save(summary(`ask_${session}`, 1_000, session));
    log.refusing = true;
    expect(persistence.flush()?.kind).toBe("summary-storage-full");
    expect(attempts).toEqual([indexKey(MAIN)]);
    log.refusing = false;
    expect(persistence.flush()).toBeNull();
    expect([listedIds(storage, MAIN), listedIds(storage, PROBE), listedIds(storage, NONE)]).toEqual([["ask_main"], ["ask_probe"], ["ask_undefined"]]);
  });

  it("a storage whose reads throw (privacy mode) is tolerated", () => {
    const storage: SummaryStorage = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {},
      removeItem: () => {},
      get length(): number {
        throw new DOMException("denied", "SecurityError");
      },
      key: () => null,
    };
    const { state } = makeStore({ summaries: localSummaries({ storage }) });
    state().upsertRecord(makeRecord());
    state().markUnavailable("ask_0001");
    expect(state().problems).toEqual([]);
    expect(Object.keys(state().settled)).toEqual(["ask_0001"]);
  });

  it("null turns persistence off", () => {
    const persistence = createSummaryPersistence(null);
    expect(persistence.load()).toEqual({ summaries: [], problems: [] });
    persistence.save(summary("ask_x", 1));
    expect(persistence.flush()).toBeNull();
  });
});

describe("writes", () => {
  it("a settle does not re-parse the index this store holds, but picks up another tab's write", () => {
    const storage = createWebStorage();
    const persistence = createSummaryPersistence(storage);
    persistence.load();
    persistence.save(summary("ask_a", 1_000));
    persistence.flush();
    const parse = vi.spyOn(JSON, "parse");
    persistence.save(summary("ask_b", 2_000));
    persistence.flush();
    expect(parse).not.toHaveBeenCalled();

    const otherTab = createSummaryPersistence(storage);
    otherTab.load();
    otherTab.save(summary("ask_other", 2_500));
    otherTab.flush();
    persistence.save(summary("ask_c", 3_000));
    persistence.flush();
    expect(listedIds(storage, NONE)).toEqual(["ask_a", "ask_b", "ask_other", "ask_c"]);
  });

  it("a provider that loads first writes what another provider on the page has staged in the same storage", () => {
    const storage = createWebStorage();
    const first = createSummaryPersistence(storage, { schedule: () => {} });
    first.save(summary("ask_staged", 1_000));
    expect(
      createSummaryPersistence(storage)
        .load()
        .summaries.map((saved) => saved.id),
    ).toEqual(["ask_staged"]);
  });
});

describe("summary persistence properties", () => {
  const validSummary = fc
    .record({
      id: fc.string({ minLength: 1, maxLength: 8 }),
      atMs: fc.nat(),
      session: fc.option(fc.constantFrom("main", "probe"), { nil: undefined }),
    })
    .map(({ id, atMs, session }) => summary(id, atMs, session));
  const mangledSummary = fc.oneof(
    validSummary,
    fc
      .tuple(validSummary, fc.constantFrom("id", "outcome", "record", "answers", "unsent", "resolvedAtMs"), fc.anything({ maxDepth: 2 }))
      .map(([saved, field, value]) => ({ ...saved, [field]: value })),
    fc.anything({ maxDepth: 3 }),
  );
  const anyText = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.json());
  const indexText = fc.oneof(
    anyText,
    fc
      .record({
        v: fc.oneof(fc.constant(2), fc.anything({ maxDepth: 1 })),
        entries: fc.oneof(
          fc.array(fc.oneof(fc.tuple(fc.constantFrom("a", "b", ""), fc.oneof(fc.nat(), fc.double())), fc.anything({ maxDepth: 1 })), {
            maxLength: 4,
          }),
          fc.anything({ maxDepth: 2 }),
        ),
      })
      .map((index) => JSON.stringify(index)),
  );
  const summaryText = fc.oneof(
    anyText,
    mangledSummary.map((saved) => JSON.stringify(saved) ?? "null"),
  );
  const storedKeys = fc.record(
    {
      [indexKey(NONE)]: indexText,
      [indexKey(MAIN)]: indexText,
      [summaryKey(NONE, "a")]: summaryText,
      [summaryKey(NONE, "b")]: summaryText,
      [summaryKey(MAIN, "a")]: summaryText,
      [SESSIONS_KEY]: fc.oneof(anyText, fc.constant(JSON.stringify([NONE, MAIN]))),
      [`${indexKey(NONE).slice(0, -2)}x`]: anyText,
      unrelated: anyText,
    },
    { requiredKeys: [] },
  );

  it("whatever text is stored, loading never throws and yields only valid summaries, one per id", () => {
    fc.assert(
      fc.property(storedKeys, fc.boolean(), (items, listable) => {
        const storage = listable ? createWebStorage(items as Record<string, string>) : createMemoryStorage(items as Record<string, string>);
        const { summaries, problems } = createSummaryPersistence(storage).load();
        expect(new Set(summaries.map((loaded) => loaded.id)).size).toBe(summaries.length);
        for (const loaded of summaries) {
          expect(typeof loaded.id === "string" && loaded.id !== "").toBe(true);
          expect(["answered", "answered-elsewhere", "skipped", "skipped-elsewhere", "expired", "run-ended", "unavailable", "no-answer"]).toContain(
            loaded.outcome,
          );
          expect(parseQuestionRecord(loaded.record).ok).toBe(true);
          for (const map of [loaded.answers, loaded.unsent]) {
            for (const values of Object.values(map ?? {}))
              expect(Array.isArray(values) && values.every((value) => typeof value === "string")).toBe(true);
          }
        }
        for (const problem of problems) expect(problem.kind).toBe("summary-storage-corrupt");
        expect(() => makeStore({ summaries: localSummaries({ storage }) })).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe("write cost is bounded", () => {
  it("the settles of one turn write each session's index once and each summary once, at the scheduled flush", () => {
    const storage = createWebStorage();
    const log = instrumented(storage);
    const flushes: (() => void)[] = [];
    const persistence = createSummaryPersistence(storage, { schedule: (flush) => flushes.push(flush) });
    persistence.load();
    for (let index = 0; index < 50; index += 1) persistence.save(summary(`ask_${index}`, 1_000 + index, index % 2 ? "main" : undefined));
    persistence.save({ ...summary("ask_7", 1_007, "main"), outcome: "expired" });
    expect(log.writes).toEqual([]);
    expect(flushes).toHaveLength(1);
    flushes[0]!();
    const keys = log.writes.map((write) => write.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(
      [indexKey(MAIN), indexKey(NONE), ...Array.from({ length: 50 }, (_, index) => summaryKey(index % 2 ? MAIN : NONE, `ask_${index}`))].sort(),
    );
    expect(storedSummary(storage, MAIN, "ask_7")!.outcome).toBe("expired");
    expect(listedIds(storage, MAIN)).toHaveLength(25);
  });

  it.each([0, 1, 100, MAX_SUMMARIES_PER_SESSION - 1, MAX_SUMMARIES_PER_SESSION, 10_000])(
    "beside %i settled prompts a settle writes only its own summary and its session's index (and removes the one it evicts)",
    async (size) => {
      const storage = createWebStorage();
      const { state } = makeStore({ summaries: localSummaries({ storage }) });
      state().upsertRecords(
        Array.from({ length: size }, (_, index) => makeRecord({ id: `ask_done_${index}`, status: "cancelled", createdAtMs: index })),
      );
      state().upsertRecord(makeRecord({ id: "ask_live", createdAtMs: 20_000 }));
      await endOfTurn();
      const log = instrumented(storage);
      state().markUnavailable("ask_live");
      await endOfTurn();
      expect(log.writes.map((write) => write.key)).toEqual([indexKey(NONE), summaryKey(NONE, "ask_live")]);
      const evicted = size >= MAX_SUMMARIES_PER_SESSION ? [summaryKey(NONE, `ask_done_${size - MAX_SUMMARIES_PER_SESSION}`)] : [];
      expect(log.removes).toEqual(evicted);
      expect(log.writes[1]!.chars).toBe(JSON.stringify(storedSummary(storage, NONE, "ask_live")).length);
      expect(listedIds(storage, NONE)).toHaveLength(Math.min(size + 1, MAX_SUMMARIES_PER_SESSION));
    },
  );

  it("a store writes the newest 200 of 10,000 terminal records of one list in one flush; destroy writes what is staged", async () => {
    const storage = createWebStorage();
    const log = instrumented(storage);
    const { store, state } = makeStore({ summaries: localSummaries({ storage }) });
    state().upsertRecords(
      Array.from({ length: 10_000 }, (_, index) => makeRecord({ id: `ask_done_${index}`, status: "cancelled", createdAtMs: index })),
    );
    await endOfTurn();
    expect(log.writes).toHaveLength(1 + MAX_SUMMARIES_PER_SESSION);
    expect(log.writes[0]!.key).toBe(indexKey(NONE));
    expect(listedIds(storage, NONE)![0]).toBe(`ask_done_${10_000 - MAX_SUMMARIES_PER_SESSION}`);
    expect(log.removes).toEqual([]);

    state().upsertRecord(makeRecord({ id: "ask_last", createdAtMs: 20_000 }));
    state().markUnavailable("ask_last");
    store.destroy();
    expect(log.writes).toHaveLength(3 + MAX_SUMMARIES_PER_SESSION);
    expect(listedIds(storage, NONE)!.at(-1)).toBe("ask_last");
    await endOfTurn();
    expect(log.writes).toHaveLength(3 + MAX_SUMMARIES_PER_SESSION);
  });

  it("labels of 100,000 characters are persisted clipped to what is shown unless they are the answer or the unsent draft", async () => {
    const storage = createWebStorage();
    const log = instrumented(storage);
    const huge = (letter: string) => letter.repeat(100_000);
    const hostile = (id: string) =>
      makeRecord({
        id,
        questions: [
          {
            questionId: "target",
            header: "Target",
            question: "Where?",
            options: [{ label: huge("a") }, { label: huge("b") }, { label: huge("c") }],
            isOther: true,
          },
        ],
      });
    const { state } = makeStore({ summaries: localSummaries({ storage }) });
    state().upsertRecords(Array.from({ length: MAX_SUMMARIES_PER_SESSION }, (_, index) => hostile(`ask_${index}`)));
    for (let index = 0; index < MAX_SUMMARIES_PER_SESSION - 1; index += 1) state().markUnavailable(`ask_${index}`);
    state().pickOption(`ask_${MAX_SUMMARIES_PER_SESSION - 1}`, "target", huge("b"));
    state().applyResolved({
      id: `ask_${MAX_SUMMARIES_PER_SESSION - 1}`,
      status: "answered",
      answers: { answers: { target: [huge("c")] } },
    });
    await endOfTurn();

    // 200 summaries of three 100,000-character labels would be 60 million characters; clipped,
    // each carries at most three shown labels, plus the one answer and the one unsent pick kept exact.
    expect(log.writes).toHaveLength(1 + MAX_SUMMARIES_PER_SESSION);
    expect(log.writes.reduce((sum, write) => sum + write.chars, 0)).toBeLessThan(MAX_SUMMARIES_PER_SESSION * 2_000 + 2 * 100_000);
    const reloaded = makeStore({ summaries: localSummaries({ storage }) }).state().settled;
    const last = reloaded[`ask_${MAX_SUMMARIES_PER_SESSION - 1}`]!;
    expect(last.answers).toEqual({ target: [huge("c")] });
    expect(last.unsent).toEqual({ target: [huge("b")] });
    expect(last.record.questions[0]!.options.map((option) => option.label.length)).toEqual([MAX_SHOWN_LABEL_LENGTH, 100_000, 100_000]);
    expect(reloaded.ask_0!.record.questions[0]!.options.map((option) => option.label)).toEqual(
      ["a", "b", "c"].map((letter) => clipUtf16(huge(letter), MAX_SHOWN_LABEL_LENGTH)),
    );
  });
});
