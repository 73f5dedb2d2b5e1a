import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PromptSummary } from "../../src/contract/summary.js";
import { localSummaries } from "../../src/store/local-summaries.js";
import { createSummaryPersistence, MAX_SUMMARIES_PER_SESSION } from "../../src/store/summary-persistence.js";
import { createMemoryStorage, makeStore } from "./fixtures.js";
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
  v1Document,
  v1Key,
  V1_SESSIONS_KEY,
  type TestStorage,
} from "./summary-storage.js";

/** What version 1 left: one document per session, and the sessions index where keys cannot be listed. */
function v1Storage(create: (initial?: Record<string, string>) => TestStorage, docs: Record<string, readonly PromptSummary[]>) {
  const items = Object.fromEntries(Object.entries(docs).map(([name, summaries]) => [v1Key(name), v1Document(summaries)]));
  const listable = "key" in create();
  return create(listable ? items : { ...items, [V1_SESSIONS_KEY]: JSON.stringify(Object.keys(docs)) });
}

const byId = (summaries: readonly PromptSummary[]) => [...summaries].sort((a, b) => (a.id < b.id ? -1 : 1));
const versionOneKeys = (storage: TestStorage) => [...storage.items.keys()].filter((key) => key.includes(":v1:") || key.endsWith("index-v1"));

describe.each(storages)("version 1 documents are migrated: %s", (_name, create) => {
  const docs = {
    "agent:main:main": [summary("ask_a", 1_000, "main"), { ...summary("ask_b", 2_000, "agent:main:main"), outcome: "expired" as const }],
    _: [summary("ask_c", 1_500)],
    "agent:main:probe": [summary("ask_d", 3_000, "probe")],
  };

  it("a document found at load is read, rewritten as version 2 and removed; the next load reads version 2 alone", () => {
    const storage = v1Storage(create, docs);
    const first = createSummaryPersistence(storage).load();
    expect(first.problems).toEqual([]);
    expect(byId(first.summaries)).toEqual(byId(Object.values(docs).flat()));
    expect(versionOneKeys(storage)).toEqual([]);
    expect([listedIds(storage, MAIN), listedIds(storage, NONE), listedIds(storage, PROBE)]).toEqual([["ask_a", "ask_b"], ["ask_c"], ["ask_d"]]);
    expect(storedSummary(storage, MAIN, "ask_b")).toEqual(docs["agent:main:main"][1]);

    const log = instrumented(storage);
    const second = createSummaryPersistence(storage).load();
    expect(byId(second.summaries)).toEqual(byId(first.summaries));
    expect(second.problems).toEqual([]);
    expect([log.writes, log.removes]).toEqual([[], []]);
  });

  it("the store restores the migrated transcript", () => {
    const { state } = makeStore({ summaries: localSummaries({ storage: v1Storage(create, docs) }) });
    expect(state().order).toEqual(["ask_a", "ask_c", "ask_b", "ask_d"]);
    expect(state().problems).toEqual([]);
  });

  it("a summary version 2 already holds was written after the document and is not overwritten", () => {
    const storage = v1Storage(create, docs);
    const newer = { ...summary("ask_a", 1_000, "main"), outcome: "answered-elsewhere" as const };
    storage.items.set(indexKey(MAIN), JSON.stringify({ v: 2, entries: [["ask_a", 1_000]] }));
    storage.items.set(summaryKey(MAIN, "ask_a"), JSON.stringify(newer));
    if (!("key" in storage)) storage.items.set(SESSIONS_KEY, JSON.stringify([MAIN]));
    const { summaries } = createSummaryPersistence(storage).load();
    expect(summaries.find((saved) => saved.id === "ask_a")!.outcome).toBe("answered-elsewhere");
    expect(storedSummary(storage, MAIN, "ask_a")).toEqual(newer);
    expect(listedIds(storage, MAIN)).toEqual(["ask_a", "ask_b"]);
  });

  it("a refused rewrite keeps the documents and still returns their summaries; a later load finishes the migration", () => {
    const storage = v1Storage(create, docs);
    const log = instrumented(storage);
    log.refusing = true;
    const first = createSummaryPersistence(storage).load();
    expect(byId(first.summaries)).toEqual(byId(Object.values(docs).flat()));
    expect(first.problems.map((problem) => problem.kind)).toEqual(["summary-storage-full"]);
    expect(versionOneKeys(storage)).toHaveLength("key" in storage ? 3 : 4);

    log.refusing = false;
    const second = createSummaryPersistence(storage).load();
    expect(second.problems).toEqual([]);
    expect(byId(second.summaries)).toEqual(byId(first.summaries));
    expect(versionOneKeys(storage)).toEqual([]);
  });

  it("the refused summaries wait in memory and the next write carries them", () => {
    const storage = v1Storage(create, docs);
    const log = instrumented(storage);
    log.refusing = true;
    const persistence = createSummaryPersistence(storage);
    persistence.load();
    log.refusing = false;
    persistence.save(summary("ask_e", 4_000));
    expect(persistence.flush()).toBeNull();
    expect([listedIds(storage, MAIN), listedIds(storage, NONE), listedIds(storage, PROBE)]).toEqual([["ask_a", "ask_b"], ["ask_c", "ask_e"], ["ask_d"]]);
  });
});

describe("unreadable version 1 documents", () => {
  const good = summary("ask_good", 1_000);
  const stored = (doc: unknown) => createWebStorage({ [v1Key("_")]: JSON.stringify(doc), [v1Key("agent:main:probe")]: v1Document([summary("ask_probe", 2_000, "agent:main:probe")]) });

  it.each([
    ["corrupt JSON", createWebStorage({ [v1Key("_")]: "{not json", [v1Key("agent:main:probe")]: v1Document([summary("ask_probe", 2_000)]) }), /not a JSON object/],
    ["a foreign version", stored({ v: 2, summaries: [good] }), /v is 2; only version 1/],
    ["no version", stored({ summaries: [good] }), /v is missing/],
    ["summaries not a list", stored({ v: 1, summaries: {} }), /summaries is not an array/],
    ["a bad outcome", stored({ v: 1, summaries: [good, { ...summary("ask_bad", 3), outcome: "won" }] }), /summaries\[1\]\.outcome must be one of/],
    ["a bad record", stored({ v: 1, summaries: [{ ...summary("ask_bad", 3), record: { id: "ask_bad" } }, good] }), /summaries\[0\]\.record: questions is required/],
    ["answers not string arrays", stored({ v: 1, summaries: [good, { ...summary("ask_bad", 3), answers: { target: "Email" } }] }), /summaries\[1\]\.answers\.target must be an array of strings/],
    ["unsent not string arrays", stored({ v: 1, summaries: [good, { ...summary("ask_bad", 3), unsent: { target: [1] } }] }), /summaries\[1\]\.unsent\.target/],
    ["a missing id, twice", stored({ v: 1, summaries: [{ ...good, id: "" }, good, { ...good, id: 4 }] }), /summaries\[0\]\.id must be a non-empty string \(2 entries skipped\)/],
    ["an entry that is not an object", stored({ v: 1, summaries: [good, 7] }), /summaries\[1\] is not an object/],
  ])("%s: the good summaries are migrated, the store shows one problem naming the key and field, and the document is removed", (_name, storage, detail) => {
    const { state } = makeStore({ summaries: localSummaries({ storage }) });
    expect(state().problems).toHaveLength(1);
    const [problem] = state().problems;
    expect(problem!.kind).toBe("summary-storage-corrupt");
    expect(problem!.detail).toContain(`${v1Key("_")}: `);
    expect(problem!.detail).toMatch(detail);
    expect(Object.keys(state().settled)).toContain("ask_probe");
    const goodKept = !/JSON object|version|missing|not an array/.test(String(detail));
    expect("ask_good" in state().settled).toBe(goodKept);

    expect(versionOneKeys(storage)).toEqual([]);
    const again = makeStore({ summaries: localSummaries({ storage }) }).state();
    expect(again.problems).toEqual([]);
    expect("ask_good" in again.settled).toBe(goodKept);
  });

  it("an id found in two documents keeps its newest copy", () => {
    const newer = { ...summary("ask_x", 5_000, "main"), outcome: "expired" as const };
    // Version 1 filed a summary by its own session; a document holding another session's is hand-made.
    const storage = createWebStorage({ [v1Key("_")]: v1Document([newer]), [v1Key("agent:main:main")]: v1Document([summary("ask_x", 1_000, "main")]) });
    createSummaryPersistence(storage).load();
    expect(listedIds(storage, MAIN)).toEqual(["ask_x"]);
    expect(storedSummary(storage, MAIN, "ask_x")).toEqual(newer);
  });

  it("a corrupt version 1 sessions index is reported once and removed", () => {
    const storage = createMemoryStorage({ [V1_SESSIONS_KEY]: '{"a":1}' });
    expect(makeStore({ summaries: localSummaries({ storage }) }).state().problems.map((problem) => problem.detail)).toEqual([`${V1_SESSIONS_KEY}: the session index is not a JSON array of strings`]);
    expect(makeStore({ summaries: localSummaries({ storage }) }).state().problems).toEqual([]);
  });
});

describe("migration properties", () => {
  const sessions = ["agent:main:main", "agent:main:probe", "agent:main:third", ""] as const;
  /** Documents as version 1 wrote them: each summary under its own session, unique times (ties would make "newest" ambiguous). */
  const documents = fc
    .record({
      rows: fc.array(fc.record({ session: fc.constantFrom(...sessions), id: fc.constantFrom("a", "b", "c", "d", "e", "f"), atMs: fc.nat(1_000_000), outcome: fc.constantFrom("skipped" as const, "expired" as const, "answered-elsewhere" as const) }), { maxLength: 40 }),
      bulk: fc.boolean(),
    });

  /** Version 1's reading: each document's newest 200, then one summary per id, the newest. */
  function readAsVersionOne(docs: Map<string, PromptSummary[]>): PromptSummary[] {
    const newest = new Map<string, PromptSummary>();
    for (const doc of docs.values()) {
      const kept = [...doc].sort((a, b) => a.resolvedAtMs! - b.resolvedAtMs!).slice(-MAX_SUMMARIES_PER_SESSION);
      for (const saved of kept) if (!newest.has(saved.id) || newest.get(saved.id)!.resolvedAtMs! < saved.resolvedAtMs!) newest.set(saved.id, saved);
    }
    return byId([...newest.values()]);
  }

  it("any version 1 documents load the same before and after the migration, and leave no version 1 key", () => {
    fc.assert(
      fc.property(documents, fc.boolean(), ({ rows, bulk }, listable) => {
        const docs = new Map<string, PromptSummary[]>();
        rows.forEach((row, index) => {
          const saved = { ...summary(row.id, row.atMs * 100 + index, row.session || undefined), outcome: row.outcome };
          docs.set(row.session, [...(docs.get(row.session) ?? []), saved]);
        });
        // Past the cap once in a while: a document of 205 (version 1 never wrote more than 200).
        if (bulk) docs.set("agent:main:bulk", Array.from({ length: MAX_SUMMARIES_PER_SESSION + 5 }, (_, index) => summary(`bulk_${index}`, 5_000_000 + index, "agent:main:bulk")));
        const named = Object.fromEntries([...docs].map(([session, saved]) => [session || "_", saved]));
        const storage = v1Storage(listable ? createWebStorage : createMemoryStorage, named);
        const expected = readAsVersionOne(docs);
        const migrated = createSummaryPersistence(storage).load();
        expect(migrated.problems).toEqual([]);
        expect(byId(migrated.summaries)).toEqual(expected);
        expect(versionOneKeys(storage)).toEqual([]);
        expect(byId(createSummaryPersistence(storage).load().summaries)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
