import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dockedEntries, pickActive } from "../../src/store/docking.js";
import type { PromptEntry, PromptStatus } from "../../src/store/types.js";
import { makeRecord } from "./fixtures.js";

/** The rule as the dock states it: docked prompts sorted by arrival, the nearest later one, else the newest. */
function byRule(prompts: Record<string, PromptEntry>, view: string | null, currentId: string | null, previousSeq: number | undefined): string | null {
  const current = currentId === null ? undefined : prompts[currentId];
  const docked = dockedEntries(prompts, view);
  if (current && docked.includes(current)) return current.id;
  const following = previousSeq === undefined ? undefined : docked.find((entry) => entry.seq > previousSeq);
  return (following ?? docked[docked.length - 1])?.id ?? null;
}

function entry(id: string, seq: number, status: PromptStatus, sessionKey: string | undefined): PromptEntry {
  return { id, record: makeRecord({ id, sessionKey }), status, drafts: {}, step: 0, receivedAtMs: 0, seq };
}

describe("pickActive", () => {
  it("picks what the sorted docked list gives, seq ties included", () => {
    const prompt = fc.record({
      // Few seq values, so ties are common.
      seq: fc.integer({ min: 0, max: 5 }),
      status: fc.constantFrom<PromptStatus>("pending", "submitting", "answered", "expired"),
      sessionKey: fc.constantFrom(undefined, "main", "agent:ops:main"),
    });
    fc.assert(
      fc.property(
        fc.array(prompt, { maxLength: 8 }),
        fc.constantFrom(null, "main"),
        fc.constantFrom(null, "p0", "p3", "missing"),
        fc.option(fc.integer({ min: -1, max: 6 }), { nil: undefined }),
        (list, view, currentId, previousSeq) => {
          const prompts: Record<string, PromptEntry> = {};
          list.forEach((item, index) => (prompts[`p${index}`] = entry(`p${index}`, item.seq, item.status, item.sessionKey)));
          expect(pickActive(prompts, view, currentId, previousSeq)).toBe(byRule(prompts, view, currentId, previousSeq));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("takes the first of equal nearest arrivals and the last of equal newest ones", () => {
    const prompts = { a: entry("a", 2, "pending", undefined), b: entry("b", 2, "pending", undefined), c: entry("c", 1, "pending", undefined) };
    expect(pickActive(prompts, null, null, 1)).toBe("a");
    expect(pickActive(prompts, null, null, 5)).toBe("b");
    expect(pickActive(prompts, null, null, undefined)).toBe("b");
    expect(pickActive({}, null, null, 0)).toBeNull();
  });
});
