import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PromptSummary } from "../../src/contract/summary.js";
import { createSummaryPersistence, MAX_SUMMARIES_PER_SESSION, MAX_SUMMARY_SESSIONS } from "../../src/store/summary-persistence.js";
import { createMemoryStorage } from "./fixtures.js";
import { createWebStorage, indexKey, instrumented, listedIds, SESSIONS_KEY, summary, summaryKey } from "./summary-storage.js";

/**
 * Two tabs saving into one storage, flushing, refusing and reloading in any order, against a
 * model of what version 2 promises: per session the newest 200 of what was saved (one per id, the
 * last save wins), a new session evicting the least recently settled beyond 10, a refused flush
 * keeping everything for the next one, a load first writing what other providers have staged, and
 * a flush touching only the keys of what it writes.
 */

/** Sessions as saved and as filed (canonical); "" is sessionless. */
const SESSIONS = [undefined, ...Array.from({ length: MAX_SUMMARY_SESSIONS + 2 }, (_, index) => `s${index}`)];
const filed = (session: string | undefined) => (session === undefined ? "" : `agent:main:${session}`);

type Op =
  | { kind: "save"; tab: number; session: number; id: number; atMs: number; expired: boolean }
  | { kind: "bulk"; tab: number; session: number; count: number; atMs: number }
  | { kind: "flush"; tab: number }
  | { kind: "refuse"; on: boolean }
  | { kind: "reload" };

const tab = fc.integer({ min: 0, max: 1 });
const session = fc.integer({ min: 0, max: SESSIONS.length - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("save" as const),
      tab,
      session,
      id: fc.integer({ min: 0, max: 9 }),
      atMs: fc.nat(1_000),
      expired: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("bulk" as const),
      tab,
      session,
      count: fc.integer({ min: 1, max: MAX_SUMMARIES_PER_SESSION + 10 }),
      atMs: fc.nat(1_000),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("flush" as const), tab }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("refuse" as const), on: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: "reload" as const }) },
);

interface ModelTab {
  staged: Map<string, Map<string, PromptSummary>>;
}

function stageInto(tabState: ModelTab, saved: PromptSummary) {
  const key = filed(saved.record.sessionKey);
  const pending = tabState.staged.get(key) ?? new Map<string, PromptSummary>();
  tabState.staged.set(key, pending);
  pending.delete(saved.id);
  pending.set(saved.id, saved);
}

const newest = (entries: readonly PromptSummary[]) => entries.at(-1)!.resolvedAtMs!;

describe("summary persistence against a model", () => {
  it("any interleaving of saves, flushes, refusals and reloads of two tabs stores what the model says", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.boolean(), (ops, listable) => {
        const storage = listable ? createWebStorage() : createMemoryStorage();
        const log = instrumented(storage);
        const tabs = [0, 1].map(() => createSummaryPersistence(storage, { schedule: () => {} }));
        tabs.forEach((persistence) => persistence.load());
        const model = {
          stored: new Map<string, PromptSummary[]>(),
          tabs: [0, 1].map((): ModelTab => ({ staged: new Map() })),
          pending: [] as number[],
        };
        let seq = 0;
        // Unique times, in any order: ties would make "newest" and "least recent" ambiguous.
        const at = (atMs: number) => atMs * 10_000 + seq++;

        const flushModel = (index: number) => {
          model.pending = model.pending.filter((pending) => pending !== index);
          const writing = model.tabs[index]!.staged;
          model.tabs[index]!.staged = new Map();
          let refused = false;
          for (const [key, added] of writing) {
            if (refused) {
              for (const saved of added.values()) stageInto(model.tabs[index]!, saved);
              continue;
            }
            if (!model.stored.has(key)) {
              const others = [...model.stored].sort(([, a], [, b]) => newest(a) - newest(b));
              for (const [evicted] of others.slice(0, Math.max(0, others.length + 1 - MAX_SUMMARY_SESSIONS))) model.stored.delete(evicted);
            }
            if (log.refusing) {
              refused = true;
              for (const saved of added.values()) stageInto(model.tabs[index]!, saved);
              continue;
            }
            const merged = [...(model.stored.get(key) ?? []).filter((saved) => !added.has(saved.id)), ...added.values()];
            merged.sort((a, b) => a.resolvedAtMs! - b.resolvedAtMs!);
            model.stored.set(key, merged.slice(-MAX_SUMMARIES_PER_SESSION));
          }
        };

        const save = (index: number, saved: PromptSummary) => {
          tabs[index]!.save(saved);
          stageInto(model.tabs[index]!, saved);
          if (!model.pending.includes(index)) model.pending.push(index);
        };

        for (const step of ops) {
          if (step.kind === "save") {
            save(step.tab, {
              ...summary(`ask_${step.id}`, at(step.atMs), SESSIONS[step.session]),
              outcome: step.expired ? "expired" : "skipped",
            });
          } else if (step.kind === "bulk") {
            const base = at(step.atMs);
            for (let index = 0; index < step.count; index += 1)
              save(step.tab, summary(`bulk_${seq}_${index}`, base + index / (step.count + 1), SESSIONS[step.session]));
          } else if (step.kind === "refuse") {
            log.refusing = step.on;
          } else if (step.kind === "flush") {
            const staged = model.tabs[step.tab]!.staged;
            const allowed = new Set([SESSIONS_KEY]);
            for (const [key, added] of staged) {
              allowed.add(indexKey(key));
              for (const id of added.keys()) allowed.add(summaryKey(key, id));
            }
            log.writes.length = 0;
            tabs[step.tab]!.flush();
            flushModel(step.tab);
            for (const write of log.writes) expect(allowed).toContain(write.key);
          } else {
            for (const pending of [...model.pending]) flushModel(pending);
            const loaded = createSummaryPersistence(storage).load();
            expect(loaded.problems.filter((problem) => problem.kind === "summary-storage-corrupt")).toEqual([]);
            const expected = new Map<string, PromptSummary>();
            for (const entries of model.stored.values())
              for (const saved of entries) if ((expected.get(saved.id)?.resolvedAtMs ?? -1) < saved.resolvedAtMs!) expected.set(saved.id, saved);
            const brief = (saved: PromptSummary) => [saved.id, saved.resolvedAtMs, saved.outcome, filed(saved.record.sessionKey)];
            expect(loaded.summaries.map(brief).sort()).toEqual([...expected.values()].map(brief).sort());
          }
        }

        // Every index lists what the model holds, and no key outlives what it stored.
        const keys: string[] = [];
        for (const [key, entries] of model.stored) {
          expect(listedIds(storage, key)).toEqual(entries.map((saved) => saved.id));
          keys.push(indexKey(key), ...entries.map((saved) => summaryKey(key, saved.id)));
        }
        expect([...storage.items.keys()].filter((key) => key !== SESSIONS_KEY).sort()).toEqual(keys.sort());
        // A storage that cannot list keys finds every session through the sessions index.
        if (!listable && model.stored.size > 0)
          expect(JSON.parse(storage.items.get(SESSIONS_KEY)!)).toEqual(expect.arrayContaining([...model.stored.keys()]));
      }),
      { numRuns: 200 },
    );
  });
});
