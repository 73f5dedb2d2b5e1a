/** A figure for the summary at the end of `npm run bench`: a ratio to a same-run baseline, and its goal (none: reported only). */
export interface BenchFigure {
  name: string;
  value: number;
  goal?: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The `q`-quantile (0…1) by nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}×`;
