import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createBackoff, DEFAULT_BACKOFF } from "../../src/client/backoff.js";

describe("createBackoff", () => {
  it("grows by the factor from 800 ms and caps at 15 s by default", () => {
    const backoff = createBackoff({}, () => 0);
    const delays = Array.from({ length: 9 }, () => backoff.next());
    expect(delays).toEqual([800, 1360, 2312, 3930, 6682, 11359, 15000, 15000, 15000]);
  });

  it("starts over after reset", () => {
    const backoff = createBackoff({}, () => 0);
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.next()).toBe(800);
  });

  it("jitter only shortens a delay, by at most the jitter fraction", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (randoms, jitter) => {
          let call = 0;
          const backoff = createBackoff({ jitter }, () => randoms[call++] ?? 0);
          const plain = createBackoff({ jitter: 0 });
          for (let index = 0; index < randoms.length; index += 1) {
            const base = plain.next();
            const delay = backoff.next();
            expect(delay).toBeLessThanOrEqual(base);
            expect(delay).toBeGreaterThanOrEqual(Math.floor(base * (1 - jitter)));
            expect(delay).toBeLessThanOrEqual(DEFAULT_BACKOFF.maxMs);
          }
        },
      ),
    );
  });

  it("ignores nonsensical settings instead of spinning", () => {
    const backoff = createBackoff({ initialMs: -5, factor: 0.5, maxMs: Number.NaN, jitter: 7 }, () => 0);
    expect([backoff.next(), backoff.next()]).toEqual([800, 800]);
  });
});
