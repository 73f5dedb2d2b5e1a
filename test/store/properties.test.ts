import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AnswerMap, QuestionRecord } from "../../src/contract/types.js";
import { isDocked, isOpenStatus } from "../../src/store/docking.js";
import type { AskUserStoreState } from "../../src/store/types.js";
import { CHAT, makeRecord, makeStore } from "./fixtures.js";

const ids = fc.constantFrom("ask_a", "ask_b", "ask_c", "ask_d");
const sessionKeys = fc.constantFrom(undefined, "main", "ops");
const questionIds = fc.constantFrom("target", "extras", "unknown");
const labels = fc.constantFrom(CHAT, "Email", "Tests", "Docs", "Metrics", "Slack");
const times = fc.integer({ min: 0, max: 60_000 });
const answerMaps = fc.constantFrom<AnswerMap[]>({ target: ["Email"], extras: ["Docs"] }, { target: [CHAT], extras: ["Docs", "Tests"] });

type Step = (state: AskUserStoreState, clock: { ms: number }) => void;

const steps: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ id: ids, sessionKey: sessionKeys, expiresAtMs: times }).map(
    ({ id, sessionKey, expiresAtMs }): Step =>
      (s) =>
        s.upsertRecord(makeRecord({ id, expiresAtMs, ...(sessionKey ? { sessionKey } : {}) })),
  ),
  fc
    .record({
      id: ids,
      status: fc.constantFrom("answered", "cancelled", "expired" as const),
      answers: answerMaps,
      resolvedBy: fc.constantFrom(undefined, "run-abort", "control-ui"),
    })
    .map(
      ({ id, status, answers, resolvedBy }): Step =>
        (s) =>
          s.upsertRecord(
            makeRecord({ id, status, ...(status === "answered" ? { answers: { answers } } : {}), ...(resolvedBy ? { resolvedBy } : {}) }),
          ),
    ),
  fc.record({ id: ids, status: fc.constantFrom("answered", "cancelled", "expired" as const), answers: answerMaps }).map(
    ({ id, status, answers }): Step =>
      (s) =>
        s.applyResolved({ id, status, ...(status === "answered" ? { answers: { answers } } : {}) }),
  ),
  fc.anything().map(
    (junk): Step =>
      (s) =>
        s.upsertRecord(junk as QuestionRecord),
  ),
  fc.anything().map(
    (junk): Step =>
      (s) =>
        s.applyResolved(junk as never),
  ),
  ids.map(
    (id): Step =>
      (s) =>
        s.markUnavailable(id),
  ),
  fc.tuple(ids, questionIds, labels, fc.boolean()).map(
    ([id, q, label, advance]): Step =>
      (s) =>
        s.pickOption(id, q, label, { advance }),
  ),
  fc.tuple(ids, questionIds, labels).map(
    ([id, q, label]): Step =>
      (s) =>
        s.toggleOption(id, q, label),
  ),
  fc.tuple(ids, questionIds, fc.string({ maxLength: 6 })).map(
    ([id, q, text]): Step =>
      (s) =>
        s.setOtherText(id, q, text),
  ),
  fc.tuple(ids, fc.integer({ min: -3, max: 5 })).map(
    ([id, step]): Step =>
      (s) =>
        s.goToStep(id, step),
  ),
  ids.map(
    (id): Step =>
      (s) =>
        s.nextStep(id),
  ),
  ids.map(
    (id): Step =>
      (s) =>
        s.previousStep(id),
  ),
  ids.map(
    (id): Step =>
      (s) =>
        void s.submit(id),
  ),
  ids.map(
    (id): Step =>
      (s) =>
        s.skip(id),
  ),
  fc.tuple(ids, answerMaps, fc.boolean()).map(
    ([id, answers, cancelled]): Step =>
      (s) =>
        s.resolveSucceeded(id, cancelled ? { status: "cancelled" } : { status: "answered", answers }),
  ),
  ids.map(
    (id): Step =>
      (s) =>
        s.resolveFailed(id, { message: "failed", reason: "QUESTION_INVALID_ANSWER" }),
  ),
  ids.map(
    (id): Step =>
      (s) =>
        s.dismissError(id),
  ),
  ids.map(
    (id): Step =>
      (s) =>
        s.setActive(id),
  ),
  fc.constantFrom(1 as const, -1 as const).map(
    (delta): Step =>
      (s) =>
        s.cycleActive(delta),
  ),
  fc.boolean().map(
    (collapsed): Step =>
      (s) =>
        s.setCollapsed(collapsed),
  ),
  fc.constantFrom("connecting" as const, "connected" as const, "disconnected" as const).map(
    (status): Step =>
      (s) =>
        s.setConnection(status),
  ),
  fc.constantFrom(null, "main", "ops").map(
    (key): Step =>
      (s) =>
        s.setViewSessionKey(key),
  ),
  times.map(
    (ms): Step =>
      (s) =>
        s.expireDue(ms),
  ),
  times.map(
    (ms): Step =>
      (_s, clock) =>
        void (clock.ms = ms),
  ),
  fc.string().map(
    (message): Step =>
      (s) =>
        s.reportProblem({ message }),
  ),
  fc.integer({ min: -1, max: 25 }).map(
    (index): Step =>
      (s) =>
        s.dismissProblem(index),
  ),
);

function checkInvariants(state: AskUserStoreState, everSettled: Set<string>) {
  const active = state.activeId === null ? undefined : state.prompts[state.activeId];
  if (state.activeId !== null) expect(active && isDocked(active, state.viewSessionKey)).toBe(true);
  const docked = Object.values(state.prompts).filter((entry) => isDocked(entry, state.viewSessionKey));
  if (docked.length > 0) expect(state.activeId).not.toBeNull();

  for (const entry of Object.values(state.prompts)) expect(isOpenStatus(entry.status)).toBe(true);
  for (const entry of Object.values(state.settled)) expect(isOpenStatus(entry.status)).toBe(false);
  const all = [...Object.values(state.prompts), ...Object.values(state.settled)];
  expect(all.map((entry) => entry.id).sort()).toEqual([...state.order].sort());

  for (const entry of all) {
    for (const question of entry.record.questions) expect(entry.drafts[question.questionId]).toBeDefined();
    expect(entry.step).toBeGreaterThanOrEqual(0);
    expect(entry.step).toBeLessThan(entry.record.questions.length);
    if (entry.status !== "submitting") expect(entry.intent).toBeUndefined();
  }
  expect(state.problems.length).toBeLessThanOrEqual(20);
  // Plain data: everything but the actions copies (no Proxy, class or function inside).
  const data = Object.fromEntries(Object.entries(state).filter(([, value]) => typeof value !== "function"));
  expect(structuredClone(data)).toEqual(data);

  // A settled prompt may only reopen when it was merely expired by this client's clock.
  for (const id of everSettled) {
    if (Object.hasOwn(state.prompts, id)) throw new Error(`settled prompt '${id}' returned to pending`);
  }
  for (const entry of Object.values(state.settled)) {
    if (entry.locallyExpired) everSettled.delete(entry.id);
    else everSettled.add(entry.id);
  }
}

describe("random action sequences", () => {
  it("never throw and keep the store's invariants", () => {
    fc.assert(
      fc.property(fc.array(steps, { maxLength: 60 }), (sequence) => {
        const { store, clock } = makeStore({ storage: null });
        const everSettled = new Set<string>();
        for (const step of sequence) {
          step(store.getState(), clock);
          checkInvariants(store.getState(), everSettled);
        }
      }),
      { numRuns: 300 },
    );
  });
});
