/**
 * Gap detection over one connection's event numbers.
 *
 * OpenClaw numbers the events of each connection on its own, from 1: its broadcaster keeps one
 * counter per client, bumps it for every event that client is sent, and also for an event it drops
 * for a slow consumer, so the loss shows as a gap. `hello-ok` carries no baseline (its snapshot
 * has `stateVersion` for presence and health, not an event number), and `connect.challenge` has
 * no `seq`. The embedded gateway does the same. So the first event of a connection must carry 1,
 * and an event lost as the first frame after a (re)connect shows as a gap at the next one (a
 * `tick` comes every 30 s, so at most that late).
 *
 * A gateway that numbered events across connections instead would start elsewhere: that costs one
 * reported gap (one re-read) per connection, never a missed one.
 *
 * A number that cannot be the next one — not a safe integer, below 1, or more than
 * `MAX_SEQ_JUMP` ahead — is reported as a gap once (the bridge then re-reads the questions) and
 * does not move the baseline, so one corrupt number cannot switch detection off. A far jump is
 * believed only when the next event continues it (`n`, then `n + 1`), which keeps detection
 * working even behind a gateway that numbers far from 1. Numbers below the expected one
 * (duplicates, reordered frames) are not gaps and leave the baseline alone.
 */

export interface GapInfo {
  /** The number the next event should have carried. */
  expected: number;
  /** The number it carried. */
  received: number;
}

interface SeqTracker {
  /** Feeds one event's `seq` (`undefined` when it has none); returns the gap it reveals, if any. */
  observe(seq: number | undefined): GapInfo | null;
  /** A new connection: its events are numbered from 1 again. */
  reset(): void;
}

/** The first `seq` of every connection. */
const FIRST_SEQ = 1;
/** Further ahead than this is taken for a corrupt number rather than that many lost events. */
export const MAX_SEQ_JUMP = 1_000_000;

export function createSeqTracker(): SeqTracker {
  let expected = FIRST_SEQ;
  /** What the event after an unbelieved far jump must carry for the jump to be believed. */
  let confirming: number | null = null;
  /** An implausible number was reported and no plausible one has come since. */
  let reported = false;

  function implausible(seq: number): GapInfo | null {
    if (reported) return null;
    reported = true;
    return { expected, received: seq };
  }

  return {
    observe(seq) {
      if (seq === undefined) return null;
      if (!Number.isSafeInteger(seq) || seq < FIRST_SEQ) {
        confirming = null;
        return implausible(seq);
      }
      if (seq < expected) return null;
      if (seq - expected > MAX_SEQ_JUMP && seq !== confirming) {
        confirming = seq + 1;
        return implausible(seq);
      }
      // A confirmed far jump was reported when it was first seen.
      const gap = seq > expected && seq !== confirming ? { expected, received: seq } : null;
      expected = seq + 1;
      confirming = null;
      reported = false;
      return gap;
    },
    reset() {
      expected = FIRST_SEQ;
      confirming = null;
      reported = false;
    },
  };
}
