/** Capped exponential backoff with downward jitter, so many tabs do not reconnect in step. */

export interface BackoffOptions {
  /** First delay. Default 800 ms. */
  initialMs?: number;
  /** Growth per attempt. Default 1.7. */
  factor?: number;
  /** Upper bound of any delay. Default 15 000 ms. */
  maxMs?: number;
  /** Fraction (0–1) a delay may be shortened by at random. Default 0.25. */
  jitter?: number;
}

interface Backoff {
  /** The delay before the next attempt; each call grows the base until `maxMs`. */
  next(): number;
  reset(): void;
}

export const DEFAULT_BACKOFF: Required<BackoffOptions> = { initialMs: 800, factor: 1.7, maxMs: 15_000, jitter: 0.25 };

export function createBackoff(options: BackoffOptions = {}, random: () => number = Math.random): Backoff {
  const initialMs = positive(options.initialMs, DEFAULT_BACKOFF.initialMs);
  const factor = Math.max(1, positive(options.factor, DEFAULT_BACKOFF.factor));
  const maxMs = Math.max(initialMs, positive(options.maxMs, DEFAULT_BACKOFF.maxMs));
  const jitter = Math.min(1, Math.max(0, options.jitter ?? DEFAULT_BACKOFF.jitter));
  let attempt = 0;
  return {
    next() {
      const base = Math.min(maxMs, initialMs * factor ** attempt);
      attempt += 1;
      const r = Math.min(1, Math.max(0, random()));
      return Math.round(base * (1 - jitter * r));
    },
    reset() {
      attempt = 0;
    },
  };
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;
}
