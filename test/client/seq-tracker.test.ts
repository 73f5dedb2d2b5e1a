import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSeqTracker, MAX_SEQ_JUMP, type GapInfo } from "../../src/client/seq-tracker.js";

function gapsOf(seqs: readonly (number | undefined)[]): GapInfo[] {
  const tracker = createSeqTracker();
  return seqs.flatMap((seq) => tracker.observe(seq) ?? []);
}

describe("seq tracker", () => {
  it.each([
    { name: "a gapless stream from 1", seqs: [1, 2, 3, 4], gaps: [] },
    { name: "events without seq", seqs: [undefined, 1, undefined, 2], gaps: [] },
    { name: "a lost first event", seqs: [2, 3], gaps: [{ expected: 1, received: 2 }] },
    { name: "a later skip", seqs: [1, 2, 5, 6], gaps: [{ expected: 3, received: 5 }] },
    { name: "duplicates and late frames", seqs: [1, 3, 2, 3, 4], gaps: [{ expected: 2, received: 3 }] },
    { name: "seq 0 (numbering starts at 1)", seqs: [0, 1, 2], gaps: [{ expected: 1, received: 0 }] },
    // The corrupt frame may have been seq 2: the 3 after it still says 2 never came.
    {
      name: "a fractional seq",
      seqs: [1, 2.5, 3],
      gaps: [
        { expected: 2, received: 2.5 },
        { expected: 2, received: 3 },
      ],
    },
    { name: "a negative seq", seqs: [1, -4, 2], gaps: [{ expected: 2, received: -4 }] },
    {
      name: "1e300, then the stream goes on",
      seqs: [1, 1e300, 2, 4],
      gaps: [
        { expected: 2, received: 1e300 },
        { expected: 3, received: 4 },
      ],
    },
    { name: "Infinity and NaN, reported once", seqs: [1, Infinity, Number.NaN, 1e300, 2], gaps: [{ expected: 2, received: Infinity }] },
    {
      name: "a far jump that is not continued",
      seqs: [1, 2 + MAX_SEQ_JUMP + 1, 2, 3],
      gaps: [{ expected: 2, received: 2 + MAX_SEQ_JUMP + 1 }],
    },
    { name: "the largest jump still believed at once", seqs: [1, 2 + MAX_SEQ_JUMP], gaps: [{ expected: 2, received: 2 + MAX_SEQ_JUMP }] },
    {
      name: "a far jump that is continued (a gateway numbering far from 1)",
      seqs: [5_000_000, 5_000_001, 5_000_003],
      gaps: [
        { expected: 1, received: 5_000_000 },
        { expected: 5_000_002, received: 5_000_003 },
      ],
    },
  ])("$name", ({ seqs, gaps }) => {
    expect(gapsOf(seqs)).toEqual(gaps);
  });

  it("reports a new implausible number once a plausible one came between", () => {
    expect(gapsOf([1, -1, -2, 2, -3])).toEqual([
      { expected: 2, received: -1 },
      { expected: 3, received: -3 },
    ]);
  });

  it("numbers each connection from 1 again after reset", () => {
    const tracker = createSeqTracker();
    for (const seq of [1, 2, 3]) tracker.observe(seq);
    tracker.observe(1e300);
    tracker.reset();
    expect(tracker.observe(2)).toEqual({ expected: 1, received: 2 });
  });

  const implausible = fc.oneof(
    fc.double({ noInteger: true }),
    fc.integer({ max: 0 }),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 1, 1e300, Infinity, -Infinity, Number.NaN),
  );

  it("reports every skip of a genuine stream, whatever implausible numbers are mixed in", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ skip: fc.nat({ max: 3 }), noise: fc.array(implausible, { maxLength: 3 }) }), { minLength: 1, maxLength: 40 }),
        (steps) => {
          const tracker = createSeqTracker();
          let seq = 0;
          for (const step of steps) {
            for (const value of step.noise) {
              const gap = tracker.observe(value);
              if (gap) expect(gap.received).toBe(value);
            }
            const expected = seq + 1;
            seq += 1 + step.skip;
            const gap = tracker.observe(seq);
            expect(gap).toEqual(step.skip > 0 ? { expected, received: seq } : null);
          }
        },
      ),
    );
  });

  it("keeps detecting after one far jump that the stream does not continue", () => {
    // `far` is always more than MAX_SEQ_JUMP past the at most 21 expected here.
    const farSeq = fc.integer({ min: MAX_SEQ_JUMP + 22, max: Number.MAX_SAFE_INTEGER });
    fc.assert(
      fc.property(fc.nat({ max: 20 }), farSeq, fc.nat({ max: 5 }), (before, far, skip) => {
        const tracker = createSeqTracker();
        for (let seq = 1; seq <= before; seq += 1) expect(tracker.observe(seq)).toBeNull();
        expect(tracker.observe(far)).toEqual({ expected: before + 1, received: far });
        const next = before + 1 + skip;
        expect(tracker.observe(next)).toEqual(skip > 0 ? { expected: before + 1, received: next } : null);
        expect(tracker.observe(next + 2)).toEqual({ expected: next + 1, received: next + 2 });
      }),
    );
  });
});
