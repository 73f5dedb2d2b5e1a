import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_SHOWN_LABEL_LENGTH } from "../../src/contract/limits.js";
import { parseQuestionRecord } from "../../src/contract/parse-record.js";
import type { PromptSummary } from "../../src/contract/summary.js";
import { clipUtf16 } from "../../src/contract/utf16.js";
import { summaryOutcome } from "../../src/store/summaries.js";
import {
  createSummaryPersistence,
  DEFAULT_SUMMARY_KEY_PREFIX,
  MAX_SUMMARIES_PER_SESSION,
  MAX_SUMMARY_SESSIONS,
} from "../../src/store/summary-persistence.js";
import type { SummaryStorage } from "../../src/store/types.js";
import { CHAT, createMemoryStorage, makeRecord, makeStore } from "./fixtures.js";

const MAIN_KEY = `${DEFAULT_SUMMARY_KEY_PREFIX}v1:agent:main:main`;
const PROBE_KEY = `${DEFAULT_SUMMARY_KEY_PREFIX}v1:agent:main:probe`;
const NONE_KEY = `${DEFAULT_SUMMARY_KEY_PREFIX}v1:_`;
const INDEX_KEY = `${DEFAULT_SUMMARY_KEY_PREFIX}index-v1`;

/** Web Storage's shape: it can list its keys. */
function createWebStorage(initial: Record<string, string> = {}) {
  const memory = createMemoryStorage(initial);
  const listed = Object.assign(memory, { length: 0, key: (index: number) => [...memory.items.keys()][index] ?? null });
  return Object.defineProperty(listed, "length", { get: () => memory.items.size });
}

const storages = [
  ["Web Storage (listed by key)", createWebStorage],
  ["a get/set-only storage (session index)", createMemoryStorage],
] as const;

function summary(id: string, atMs: number, sessionKey?: string): PromptSummary {
  return { id, record: makeRecord({ id, status: "cancelled", createdAtMs: atMs, ...(sessionKey ? { sessionKey } : {}) }), outcome: "skipped", resolvedAtMs: atMs };
}

function docOf(storage: { items: Map<string, string> }, key: string) {
  return JSON.parse(storage.items.get(key)!) as { v: number; summaries: PromptSummary[] };
}

afterEach(() => vi.restoreAllMocks());

/** Lets the microtask that writes a turn's staged summaries run. */
const endOfTurn = () => Promise.resolve();

describe.each(storages)("summaries outlive a reload: %s", (_name, create) => {
  it("restores the chip with its outcome, canonical answers and unsent draft", () => {
    const storage = create();
    const first = makeStore({ summaryStorage: storage });
    first.state().upsertRecords([makeRecord({ sessionKey: "agent:main:main" }), makeRecord({ id: "ask_0002" })]);
    first.state().setOtherText("ask_0001", "target", "typed but never sent");
    first.state().applyResolved({ id: "ask_0001", status: "answered", answers: { answers: { target: ["Email"], extras: ["Docs"] } } });
    first.state().pickOption("ask_0002", "target", CHAT);
    first.state().toggleOption("ask_0002", "extras", "Tests");
    first.state().submit("ask_0002");
    first.state().resolveSucceeded("ask_0002", { status: "answered", answers: { target: [CHAT], extras: ["Tests"] } });

    const second = makeStore({ summaryStorage: storage });
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

  it("keeps one document per canonical session, sessionless prompts under _", async () => {
    const storage = create();
    const { state } = makeStore({ summaryStorage: storage });
    state().upsertRecords([
      makeRecord({ id: "ask_a", sessionKey: "main" }),
      makeRecord({ id: "ask_b", sessionKey: "agent:main:main" }),
      makeRecord({ id: "ask_c", sessionKey: "Probe" }),
      makeRecord({ id: "ask_d" }),
    ]);
    for (const id of ["ask_a", "ask_b", "ask_c", "ask_d"]) state().markUnavailable(id);
    await endOfTurn();
    const ids = (key: string) => docOf(storage, key).summaries.map((saved) => saved.id);
    expect([ids(MAIN_KEY), ids(PROBE_KEY), ids(NONE_KEY)]).toEqual([["ask_a", "ask_b"], ["ask_c"], ["ask_d"]]);
    expect(docOf(storage, MAIN_KEY).v).toBe(1);
    expect(Object.keys(makeStore({ summaryStorage: storage }).state().settled).sort()).toEqual(["ask_a", "ask_b", "ask_c", "ask_d"]);
  });

  it(`bounds each session to ${MAX_SUMMARIES_PER_SESSION} newest and the sessions to ${MAX_SUMMARY_SESSIONS} most recent`, () => {
    const storage = create();
    const persistence = createSummaryPersistence(storage);
    persistence.load();
    for (let index = MAX_SUMMARIES_PER_SESSION + 4; index >= 0; index -= 1) persistence.save(summary(`ask_${index}`, 1_000 + index, "main"));
    persistence.flush();
    const kept = docOf(storage, MAIN_KEY).summaries;
    expect(kept).toHaveLength(MAX_SUMMARIES_PER_SESSION);
    expect(kept[0]!.id).toBe("ask_5");
    expect(kept.at(-1)!.id).toBe(`ask_${MAX_SUMMARIES_PER_SESSION + 4}`);

    for (let index = 0; index < MAX_SUMMARY_SESSIONS; index += 1) persistence.save(summary(`ask_s${index}`, 10_000 + index, `session_${index}`));
    persistence.flush();
    const sessionKeys = [...storage.items.keys()].filter((key) => key.startsWith(`${DEFAULT_SUMMARY_KEY_PREFIX}v1:`));
    expect(sessionKeys).toHaveLength(MAX_SUMMARY_SESSIONS);
    expect(sessionKeys).not.toContain(MAIN_KEY);
    const reloaded = createSummaryPersistence(storage).load();
    expect(reloaded.summaries.map((saved) => saved.id).sort()).toEqual(Array.from({ length: MAX_SUMMARY_SESSIONS }, (_, index) => `ask_s${index}`).sort());
  });

  it("replaces a summary saved again under the same id", () => {
    const storage = create();
    const persistence = createSummaryPersistence(storage);
    persistence.save(summary("ask_x", 1_000));
    persistence.save({ ...summary("ask_x", 1_500), outcome: "expired" });
    persistence.flush();
    expect(docOf(storage, NONE_KEY).summaries.map((saved) => [saved.id, saved.outcome])).toEqual([["ask_x", "expired"]]);
    persistence.save({ ...summary("ask_x", 2_000), outcome: "answered-elsewhere" });
    persistence.flush();
    expect(docOf(storage, NONE_KEY).summaries.map((saved) => [saved.id, saved.outcome])).toEqual([["ask_x", "answered-elsewhere"]]);
  });
});

describe("unreadable saved summaries", () => {
  const good = summary("ask_good", 1_000);
  const stored = (doc: unknown) => createWebStorage({ [NONE_KEY]: JSON.stringify(doc), [PROBE_KEY]: JSON.stringify({ v: 1, summaries: [summary("ask_probe", 2_000, "agent:main:probe")] }) });

  it.each([
    ["corrupt JSON", createWebStorage({ [NONE_KEY]: "{not json", [PROBE_KEY]: JSON.stringify({ v: 1, summaries: [summary("ask_probe", 2_000)] }) }), /not a JSON object/],
    ["a foreign version", stored({ v: 2, summaries: [good] }), /v is 2; only version 1/],
    ["no version", stored({ summaries: [good] }), /v is missing/],
    ["summaries not a list", stored({ v: 1, summaries: {} }), /summaries is not an array/],
    ["a bad outcome", stored({ v: 1, summaries: [good, { ...summary("ask_bad", 3), outcome: "won" }] }), /summaries\[1\]\.outcome must be one of/],
    ["a bad record", stored({ v: 1, summaries: [{ ...summary("ask_bad", 3), record: { id: "ask_bad" } }, good] }), /summaries\[0\]\.record: questions is required/],
    ["answers not string arrays", stored({ v: 1, summaries: [good, { ...summary("ask_bad", 3), answers: { target: "Email" } }] }), /summaries\[1\]\.answers\.target must be an array of strings/],
    ["unsent not string arrays", stored({ v: 1, summaries: [good, { ...summary("ask_bad", 3), unsent: { target: [1] } }] }), /summaries\[1\]\.unsent\.target/],
    ["a missing id, twice", stored({ v: 1, summaries: [{ ...good, id: "" }, good, { ...good, id: 4 }] }), /summaries\[0\]\.id must be a non-empty string \(2 entries skipped\)/],
  ])("%s: the good summaries are kept and the store shows one problem naming the key and field", (_name, storage, detail) => {
    const { state } = makeStore({ summaryStorage: storage });
    expect(state().problems).toHaveLength(1);
    const [problem] = state().problems;
    expect(problem!.kind).toBe("summary-storage-corrupt");
    expect(problem!.detail).toContain(NONE_KEY);
    expect(problem!.detail).toMatch(detail);
    expect(Object.keys(state().settled)).toContain("ask_probe");
    const goodKept = !/JSON object|version|missing|not an array/.test(String(detail));
    expect("ask_good" in state().settled).toBe(goodKept);
  });

  it("a corrupt session index is a problem, not a throw", () => {
    const { state } = makeStore({ summaryStorage: createMemoryStorage({ [INDEX_KEY]: '{"a":1}' }) });
    expect(state().problems.map((problem) => [problem.kind, problem.detail])).toEqual([["summary-storage-corrupt", `${INDEX_KEY}: the session index is not a JSON array of strings`]]);
  });
});

describe("storage that refuses", () => {
  it("a full storage is reported once and the store keeps working; the next write that fits carries the summary along", async () => {
    const storage = createWebStorage();
    let quota = true;
    const setItem = storage.setItem;
    storage.setItem = (key, value) => {
      if (quota) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      setItem(key, value);
    };
    const { state } = makeStore({ summaryStorage: storage });
    state().upsertRecords([makeRecord({ id: "ask_a" }), makeRecord({ id: "ask_b" }), makeRecord({ id: "ask_c" })]);
    state().markUnavailable("ask_a");
    await endOfTurn();
    state().markUnavailable("ask_b");
    await endOfTurn();
    expect(state().problems.map((problem) => problem.kind)).toEqual(["summary-storage-full"]);
    expect(state().problems[0]!.detail).toMatch(/QuotaExceededError/);
    expect(Object.keys(state().settled)).toEqual(["ask_a", "ask_b"]);
    expect(state().setOtherText("ask_c", "target", "still works")).toBeUndefined();

    quota = false;
    state().markUnavailable("ask_c");
    await endOfTurn();
    expect(docOf(storage, NONE_KEY).summaries.map((saved) => saved.id)).toEqual(["ask_a", "ask_b", "ask_c"]);
    expect(state().problems).toHaveLength(1);
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
    const { state } = makeStore({ summaryStorage: storage });
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
  it("a settle does not re-parse the document this store holds, but picks up another tab's write", () => {
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
    expect(docOf(storage, NONE_KEY).summaries.map((saved) => saved.id)).toEqual(["ask_a", "ask_b", "ask_other", "ask_c"]);
  });
});

describe("summary persistence properties", () => {
  const validSummary = fc.record({ id: fc.string({ minLength: 1, maxLength: 8 }), atMs: fc.nat(), session: fc.option(fc.constantFrom("main", "probe"), { nil: undefined }) }).map(({ id, atMs, session }) => summary(id, atMs, session));
  const mangledSummary = fc.oneof(
    validSummary,
    fc.tuple(validSummary, fc.constantFrom("id", "outcome", "record", "answers", "unsent", "resolvedAtMs"), fc.anything({ maxDepth: 2 })).map(([saved, field, value]) => ({ ...saved, [field]: value })),
    fc.anything({ maxDepth: 3 }),
  );
  const storedText = fc.oneof(
    fc.string(),
    fc.string({ unit: "binary" }),
    fc.json(),
    fc.record({ v: fc.oneof(fc.constant(1), fc.anything({ maxDepth: 1 })), summaries: fc.oneof(fc.array(mangledSummary, { maxLength: 5 }), fc.anything({ maxDepth: 2 })) }).map((doc) => JSON.stringify(doc)),
  );
  const storedKeys = fc.dictionary(fc.constantFrom(NONE_KEY, MAIN_KEY, PROBE_KEY, INDEX_KEY, `${DEFAULT_SUMMARY_KEY_PREFIX}v1:x`, "unrelated"), storedText);

  it("whatever text is stored, loading never throws and yields only valid summaries", () => {
    fc.assert(
      fc.property(storedKeys, fc.boolean(), (items, listable) => {
        const storage = listable ? createWebStorage(items) : createMemoryStorage(items);
        const { summaries, problems } = createSummaryPersistence(storage).load();
        for (const loaded of summaries) {
          expect(typeof loaded.id === "string" && loaded.id !== "").toBe(true);
          expect(["answered", "answered-elsewhere", "skipped", "skipped-elsewhere", "expired", "run-ended", "unavailable", "no-answer"]).toContain(loaded.outcome);
          expect(parseQuestionRecord(loaded.record).ok).toBe(true);
          for (const map of [loaded.answers, loaded.unsent]) {
            for (const values of Object.values(map ?? {})) expect(Array.isArray(values) && values.every((value) => typeof value === "string")).toBe(true);
          }
        }
        for (const problem of problems) expect(problem.kind).toBe("summary-storage-corrupt");
        expect(() => makeStore({ summaryStorage: storage })).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe("write cost is bounded", () => {
  /** A Web Storage that counts the writes and the characters written. */
  function countingStorage() {
    const storage = createWebStorage();
    const writes: { key: string; chars: number }[] = [];
    const setItem = storage.setItem;
    storage.setItem = (key, value) => {
      writes.push({ key, chars: value.length });
      setItem(key, value);
    };
    return { storage, writes };
  }

  it("the settles of one turn are written once per session document, at the scheduled flush", () => {
    const { storage, writes } = countingStorage();
    const flushes: (() => void)[] = [];
    const persistence = createSummaryPersistence(storage, { schedule: (flush) => flushes.push(flush) });
    persistence.load();
    for (let index = 0; index < 50; index += 1) persistence.save(summary(`ask_${index}`, 1_000 + index, index % 2 ? "main" : undefined));
    expect(writes).toEqual([]);
    expect(flushes).toHaveLength(1);
    flushes[0]!();
    expect(writes.map((write) => write.key).sort()).toEqual([MAIN_KEY, NONE_KEY].sort());
    expect(docOf(storage, MAIN_KEY).summaries).toHaveLength(25);
    expect(docOf(storage, NONE_KEY).summaries).toHaveLength(25);
  });

  it("a store writes 10,000 terminal records of one list once, and each later settle once; destroy writes what is staged", async () => {
    const { storage, writes } = countingStorage();
    const { store, state } = makeStore({ summaryStorage: storage });
    state().upsertRecords(Array.from({ length: 10_000 }, (_, index) => makeRecord({ id: `ask_done_${index}`, status: "cancelled", createdAtMs: index })));
    await endOfTurn();
    expect(writes.map((write) => write.key)).toEqual([NONE_KEY]);
    expect(docOf(storage, NONE_KEY).summaries).toHaveLength(MAX_SUMMARIES_PER_SESSION);

    state().upsertRecords([makeRecord({ id: "ask_live" }), makeRecord({ id: "ask_last" })]);
    state().markUnavailable("ask_live");
    await endOfTurn();
    expect(writes).toHaveLength(2);
    state().markUnavailable("ask_last");
    store.destroy();
    expect(writes).toHaveLength(3);
    expect(docOf(storage, NONE_KEY).summaries.at(-1)!.id).toBe("ask_last");
    await endOfTurn();
    expect(writes).toHaveLength(3);
  });

  it("labels of 100,000 characters are persisted clipped to what is shown unless they are the answer or the unsent draft", async () => {
    const { storage, writes } = countingStorage();
    const huge = (letter: string) => letter.repeat(100_000);
    const hostile = (id: string) =>
      makeRecord({
        id,
        questions: [
          { questionId: "target", header: "Target", question: "Where?", options: [{ label: huge("a") }, { label: huge("b") }, { label: huge("c") }], isOther: true },
        ],
      });
    const { state } = makeStore({ summaryStorage: storage });
    state().upsertRecords(Array.from({ length: MAX_SUMMARIES_PER_SESSION }, (_, index) => hostile(`ask_${index}`)));
    for (let index = 0; index < MAX_SUMMARIES_PER_SESSION - 1; index += 1) state().markUnavailable(`ask_${index}`);
    state().pickOption(`ask_${MAX_SUMMARIES_PER_SESSION - 1}`, "target", huge("b"));
    state().applyResolved({ id: `ask_${MAX_SUMMARIES_PER_SESSION - 1}`, status: "answered", answers: { answers: { target: [huge("c")] } } });
    await endOfTurn();

    // 200 summaries of three 100,000-character labels would be 60 million characters; clipped,
    // each carries at most three shown labels, plus the one answer and the one unsent pick kept exact.
    expect(writes).toHaveLength(1);
    expect(writes[0]!.chars).toBeLessThan(MAX_SUMMARIES_PER_SESSION * 2_000 + 2 * 100_000);
    const reloaded = makeStore({ summaryStorage: storage }).state().settled;
    const last = reloaded[`ask_${MAX_SUMMARIES_PER_SESSION - 1}`]!;
    expect(last.answers).toEqual({ target: [huge("c")] });
    expect(last.unsent).toEqual({ target: [huge("b")] });
    expect(last.record.questions[0]!.options.map((option) => option.label.length)).toEqual([MAX_SHOWN_LABEL_LENGTH, 100_000, 100_000]);
    expect(reloaded.ask_0!.record.questions[0]!.options.map((option) => option.label)).toEqual(["a", "b", "c"].map((letter) => clipUtf16(huge(letter), MAX_SHOWN_LABEL_LENGTH)));
  });
});
