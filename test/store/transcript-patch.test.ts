import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selectTranscript, sharedTranscriptHead, type TranscriptFilter } from "../../src/store/selectors.js";
import type { AskUserState } from "../../src/store/types.js";
import { makeRecord, makeStore } from "./fixtures.js";

/** The transcript rebuilt from scratch: a plain copy of `settled` has no history to patch from. */
const rebuilt = (state: AskUserState, filter: TranscriptFilter) => selectTranscript({ ...state, settled: { ...state.settled } }, filter);

const FILTERS: TranscriptFilter[] = [{}, { runId: "run_a" }, { sessionKey: "main" }, { sessionKey: "agent:main:main", runId: "run_b" }];

type Step =
  | { kind: "arrive"; runId: string; sessionKey: string | undefined }
  | { kind: "settle" | "answerElsewhere"; pick: number }
  | { kind: "burst"; count: number }
  | { kind: "expireHere" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("arrive" as const), runId: fc.constantFrom("run_a", "run_b"), sessionKey: fc.constantFrom("main", "agent:main:main", "other", undefined) }),
  fc.record({ kind: fc.constantFrom("settle" as const, "answerElsewhere" as const), pick: fc.nat(40) }),
  fc.record({ kind: fc.constant("burst" as const), count: fc.integer({ min: 2, max: 12 }) }),
  // Expired here: the gateway may still report those answered, changing a listed entry.
  fc.record({ kind: fc.constant("expireHere" as const) }),
);

describe("the transcript patched from the settled history", () => {
  it("equals the transcript rebuilt from scratch after any arrivals, out-of-order settles, changed outcomes and bursts", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const { state } = makeStore();
        const before = new Map(FILTERS.map((filter) => [filter, selectTranscript(state(), filter)]));
        let next = 0;
        for (const current of steps) {
          const open = Object.keys(state().prompts);
          const settled = Object.keys(state().settled);
          if (current.kind === "arrive") {
            state().upsertRecord(makeRecord({ id: `ask_${next++}`, runId: current.runId, ...(current.sessionKey ? { sessionKey: current.sessionKey } : {}) }));
          } else if (current.kind === "settle" && open.length > 0) {
            state().applyResolved({ id: open[current.pick % open.length]!, status: "cancelled" });
          } else if (current.kind === "answerElsewhere" && settled.length > 0) {
            state().applyResolved({ id: settled[current.pick % settled.length]!, status: "answered", answers: { answers: { target: ["Email"] } } });
          } else if (current.kind === "expireHere") {
            state().expireDue(Number.MAX_SAFE_INTEGER);
          } else if (current.kind === "burst") {
            state().upsertRecords(Array.from({ length: current.count }, () => makeRecord({ id: `ask_${next++}`, status: "expired" })));
          }
          for (const filter of FILTERS) {
            const transcript = selectTranscript(state(), filter);
            expect(transcript).toEqual(rebuilt(state(), filter));
            // The head it reports shared with the transcript before is exactly the same entries.
            const previous = before.get(filter)!;
            const head = sharedTranscriptHead(transcript, previous);
            expect(transcript.slice(0, head).every((entry, i) => entry === previous[i])).toBe(true);
            before.set(filter, transcript);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
