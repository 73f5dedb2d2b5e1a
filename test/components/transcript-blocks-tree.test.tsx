/**
 * The blocks AskUserTranscript renders its chips in (transcript-blocks.tsx), without rendering:
 * a patched result must equal a fresh build, list the entries in their order, and leave every
 * block off the changed path as it was (React skips those whole).
 */
import fc from "fast-check";
import { type TranscriptBlock, type TranscriptBlocks, transcriptBlocks } from "../../src/components/summary/transcript-blocks.js";
import type { PromptEntry } from "../../src/store/types.js";

/** Only `id` and `seq` are read to place a chip. */
const entry = (seq: number, revision = 0) => ({ id: `ask_${seq}`, seq, revision }) as unknown as PromptEntry;

interface Shape {
  key: string | null;
  items: (Shape | string)[];
}

const shapeOf = (block: TranscriptBlock): Shape => ({
  key: block.element.key,
  items: block.items.map((item) => ("element" in item ? shapeOf(item) : `${item.id}#${(item as unknown as { revision: number }).revision}`)),
});

const listed = (blocks: readonly TranscriptBlock[]): PromptEntry[] => blocks.flatMap((block) => block.items.flatMap((item) => ("element" in item ? listed([item]) : [item])));

function keysDiffer(blocks: readonly TranscriptBlock[]): boolean {
  const keys = blocks.map((block) => block.element.key);
  return new Set(keys).size === keys.length && blocks.every((block) => block.items.every((item) => !("element" in item)) || keysDiffer(block.items as TranscriptBlock[]));
}

function expectBuiltAsFresh(result: TranscriptBlocks, entries: readonly PromptEntry[]): void {
  const fresh = transcriptBlocks(entries);
  expect(result.blocks.map(shapeOf)).toEqual(fresh.blocks.map(shapeOf));
  expect(listed(result.blocks)).toEqual(entries);
  expect(result.elements.every((element, i) => element === result.blocks[i]!.element)).toBe(true);
  expect(keysDiffer(result.blocks)).toBe(true);
}

type Step = { kind: "arrive"; gap: number } | { kind: "settle" | "replace" | "unsettle"; pick: number } | { kind: "burst"; count: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  // Gaps cross blocks of 16, 256 and 4096 arrival numbers (prompts of other turns in between).
  fc.record({ kind: fc.constant("arrive" as const), gap: fc.constantFrom(1, 1, 1, 3, 17, 300, 5000) }),
  fc.record({ kind: fc.constantFrom("settle" as const, "replace" as const, "unsettle" as const), pick: fc.nat(60) }),
  fc.record({ kind: fc.constant("burst" as const), count: fc.integer({ min: 2, max: 40 }) }),
);

describe("transcriptBlocks", () => {
  it("patched after any arrivals, out-of-order settles, replaced and removed entries and bursts, equals a fresh build", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        let seq = 0;
        const open: number[] = [];
        const settled = new Map<number, PromptEntry>();
        let result = transcriptBlocks([]);
        const settle = (pick: number) => {
          const [at] = open.splice(pick % open.length, 1);
          settled.set(at!, entry(at!));
        };
        for (const next of steps) {
          if (next.kind === "arrive") open.push((seq += next.gap));
          else if (next.kind === "burst") for (let i = 0; i < next.count && open.length > 0; i += 1) settle(i * 7);
          else if (next.kind === "settle" && open.length > 0) settle(next.pick);
          else if (next.kind !== "settle" && settled.size > 0) {
            const at = [...settled.keys()][next.pick % settled.size]!;
            if (next.kind === "replace") settled.set(at, entry(at, (settled.get(at) as unknown as { revision: number }).revision + 1));
            else settled.delete(at) && open.push(at);
          }
          const entries = Object.freeze([...settled.keys()].sort((a, b) => a - b).map((at) => settled.get(at)!));
          result = transcriptBlocks(entries, result);
          expectBuiltAsFresh(result, entries);
        }
      }),
    );
  });

  it("lists entries whose arrival numbers do not rise (a host's own records) in their given order, under distinct keys", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.nat(10_000), fc.constant(Number.NaN)), { maxLength: 120 }), fc.nat(120), (seqs, cut) => {
        const entries = seqs.map((seq, i) => ({ ...entry(seq), id: `ask_${i}` }));
        expectBuiltAsFresh(transcriptBlocks(entries), entries);
        // Patched from an earlier list of the same entries, and from that one to this.
        const earlier = transcriptBlocks(entries.slice(0, cut));
        expectBuiltAsFresh(transcriptBlocks(entries, earlier), entries);
      }),
    );
  });

  it("a settle re-creates only the blocks on its path: one per level", () => {
    const entries = Array.from({ length: 10_000 }, (_, seq) => entry(seq));
    const before = transcriptBlocks(entries.filter((item) => item.seq !== 5_000));
    const after = transcriptBlocks(entries, before);
    const kept = (a: TranscriptBlock, b: TranscriptBlock): number =>
      a === b ? 0 : 1 + b.items.reduce<number>((count, item, i) => count + ("element" in item ? kept(a.items[i] as TranscriptBlock, item) : 0), 0);
    const changed = after.blocks.reduce((count, block, i) => count + kept(before.blocks[i]!, block), 0);
    expect(changed).toBe(3);
    expect(after.elements.filter((element, i) => element !== before.elements[i])).toHaveLength(1);
  });
});
