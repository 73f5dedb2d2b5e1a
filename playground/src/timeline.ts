/**
 * The conversation of one session in time order: what the person typed and the page's notes, the
 * agent's demo turns (each shows its own summary chips), and the chips of questions no demo run
 * asked (another agent, a raw `question.request`), each at the time its question was created. It
 * is rebuilt from its three sources on every change, so a reload — which restores each from its own
 * store — puts everything back in the same places.
 */
import type { DemoRun } from "../api-types.js";
import type { LoggedTurn } from "./turn-log.js";

/** A settled question that belongs to no demo run of the page: where its chip goes. */
export interface LooseQuestion {
  promptId: string;
  createdAtMs: number;
}

export type TimelineItem =
  | { kind: "turn"; key: string; atMs: number; turn: LoggedTurn }
  | { kind: "run"; key: string; atMs: number; run: DemoRun }
  | { kind: "question"; key: string; atMs: number; promptId: string };

/**
 * Everything ordered by time. Equal times keep the order of the sources (the person's message
 * before the turn it started, that turn before a chip of the same instant) and, within one
 * source, the order given.
 */
export function buildTimeline(turns: readonly LoggedTurn[], runs: readonly DemoRun[], loose: readonly LooseQuestion[]): TimelineItem[] {
  const items: TimelineItem[] = [
    ...turns.map((turn): TimelineItem => ({ kind: "turn", key: `turn:${turn.key}`, atMs: turn.atMs, turn })),
    ...runs.map((run): TimelineItem => ({ kind: "run", key: `run:${run.runId}`, atMs: run.createdAtMs, run })),
    ...loose.map(({ promptId, createdAtMs }): TimelineItem => ({ kind: "question", key: `question:${promptId}`, atMs: createdAtMs, promptId })),
  ];
  // Array.prototype.sort is stable, so ties keep the order built above.
  return items.sort((a, b) => a.atMs - b.atMs);
}
