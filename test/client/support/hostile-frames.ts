/**
 * A seeded barrage of hostile gateway frames (text, or a Buffer for a binary frame). Every kind the
 * client has to survive from a broken or malicious gateway: unparseable text, wrong types in every
 * field, unknown frame types and events, responses nobody asked for, absurd `seq` numbers,
 * oversized and half-built records, prototype-pollution keys, resolutions for ids never seen, and
 * duplicated or reordered copies of earlier events. One seed gives the same frames every run.
 */
import { seededRandom } from "../../faults/support/fault-world.js";

export type HostileFrame = string | Buffer;

export interface HostileCounts {
  [kind: string]: number;
}

/** Values of every JSON type (and the texts JSON cannot carry), to put where another type belongs. */
const WRONG_VALUES: readonly unknown[] = [null, true, false, 0, -1, 1.5, 1e300, "", "x", " ", [], [1, "a"], {}, { a: 1 }, "🤖".repeat(3)];

/** Ids that are also names of Object.prototype members or the prototype itself. */
const NASTY_IDS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"];

const STATUSES = ["pending", "answered", "cancelled", "expired", "bogus", ""];

export function createHostileFrames(seed: number, now: number) {
  const random = seededRandom(seed);
  const int = (max: number) => Math.floor(random() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const counts: HostileCounts = {};
  /** Earlier well-formed events, replayed later as duplicates or out of order. */
  const sentEvents: string[] = [];
  let seq = 0;
  let recordCounter = 0;

  /** Mostly the next number; sometimes a gap, a repeat, or nothing. */
  const nextSeq = (): number | undefined => {
    const roll = random();
    if (roll < 0.05) return undefined;
    if (roll < 0.1) return Math.max(1, seq - int(5));
    seq += roll < 0.2 ? 2 + int(20) : 1;
    return seq;
  };

  const event = (name: string, payload: unknown, seqValue: number | undefined = nextSeq()): string => {
    const text = JSON.stringify({ type: "event", event: name, payload, ...(seqValue === undefined ? {} : { seq: seqValue }) });
    if (sentEvents.length < 2_000) sentEvents.push(text);
    return text;
  };

  const validRecord = (id: string): Record<string, unknown> => ({
    id,
    questions: [
      {
        questionId: "target",
        header: "Target",
        question: "Where should it go?",
        options: [{ label: "Staging", description: "Safe" }, { label: "Production" }],
      },
    ],
    createdAtMs: now - 1_000,
    expiresAtMs: now + 600_000,
    status: "pending",
    sessionKey: "agent:main:main",
  });

  /** A record with one field replaced by a value of the wrong type, or removed. */
  const brokenRecord = (): Record<string, unknown> => {
    const record = validRecord(`hostile-broken-${recordCounter++}`);
    const question = (record.questions as Record<string, unknown>[])[0]!;
    const option = (question.options as Record<string, unknown>[])[0]!;
    const targets: [Record<string, unknown>, string][] = [
      [record, "id"],
      [record, "questions"],
      [record, "createdAtMs"],
      [record, "expiresAtMs"],
      [record, "status"],
      [record, "sessionKey"],
      [question, "questionId"],
      [question, "header"],
      [question, "question"],
      [question, "options"],
      [question, "multiSelect"],
      [option, "label"],
      [option, "description"],
    ];
    const [target, key] = pick(targets);
    if (random() < 0.3) delete target[key];
    else target[key] = pick(WRONG_VALUES);
    return record;
  };

  /** A parseable record with texts far beyond any display limit. */
  const oversizedRecord = (): Record<string, unknown> => {
    const record = validRecord(`hostile-big-${recordCounter++}`);
    const question = (record.questions as Record<string, unknown>[])[0]!;
    if (random() < 0.5) (question.options as Record<string, unknown>[])[0]!.label = "L".repeat(100_000);
    else question.header = "H".repeat(5_000);
    question.question = "Q".repeat(int(20_000));
    return record;
  };

  /** Raw JSON text, so `__proto__` arrives as an own key the way JSON.parse makes it. */
  const pollutingFrame = (): string => {
    const id = random() < 0.5 ? pick(NASTY_IDS) : `hostile-proto-${recordCounter++}`;
    const base = JSON.stringify(validRecord(id)).slice(0, -1);
    const poison = pick([
      `"__proto__":{"polluted":"yes","status":"answered"}`,
      `"constructor":{"prototype":{"polluted":"yes"}}`,
      `"prototype":{"polluted":"yes"}`,
    ]);
    const payload = `${base},${poison}}`;
    const nested = payload.replace(`"label":"Staging"`, `"label":"Staging","__proto__":{"polluted":"yes"}`);
    const name = random() < 0.8 ? "question.requested" : "question.resolved";
    return `{"type":"event","event":"${name}","payload":${random() < 0.5 ? nested : payload},"seq":${nextSeq() ?? 1},"__proto__":{"polluted":"yes"}}`;
  };

  const kinds: [weight: number, kind: string, make: () => HostileFrame][] = [
    [
      6,
      "invalid-json",
      () =>
        pick([
          "{",
          "}",
          "[1,2",
          "nul",
          '{"type":"event",',
          "\u0000\u0001",
          "{'type':'event'}",
          '{"seq":NaN,"type":"event","event":"tick"}',
          "undefined",
          "",
        ]),
    ],
    [3, "not-an-object", () => JSON.stringify(pick([1, "str", null, [], [{ type: "event" }], true]))],
    [2, "binary", () => Buffer.from(random() < 0.5 ? JSON.stringify({ type: "event", event: "tick", payload: {}, seq: 1 }) : "\u00ff\u00fe garbage")],
    [
      6,
      "wrong-frame-fields",
      () =>
        JSON.stringify(
          pick([
            { type: pick(WRONG_VALUES) },
            { type: "req", id: "x", method: "question.list" },
            { type: "event", event: pick(WRONG_VALUES) },
            { type: "event", event: "tick", seq: pick(["1", null, [], {}, true]) },
            { type: "res", id: pick(WRONG_VALUES), ok: true },
            { type: "res", id: "ask-user-kit-1", ok: pick(["yes", 1, null]) },
            { type: "cancel", id: "x" },
          ]),
        ),
    ],
    [
      6,
      "unknown-event",
      () =>
        event(
          pick(["nope", "question.deleted", "chat", "presence", "QUESTION.REQUESTED", "question.requested ", "connect.challenge"]),
          pick(WRONG_VALUES),
        ),
    ],
    [
      8,
      "unknown-response",
      () =>
        JSON.stringify({
          type: "res",
          id: random() < 0.5 ? `unknown-${int(1e9)}` : `ask-user-kit-${1_000_000 + int(1e6)}`,
          ok: random() < 0.5,
          payload: pick(WRONG_VALUES),
          error: pick(WRONG_VALUES),
        }),
    ],
    [
      8,
      "absurd-seq",
      () => {
        const absurd = pick([1e300, -1, -0, 0, 1.5, Number.MAX_SAFE_INTEGER + 2, seq + 2_000_000, 2 ** 53, -1e300]);
        return JSON.stringify({ type: "event", event: "tick", payload: { ts: now }, seq: absurd });
      },
    ],
    [
      2,
      "far-jump-confirmed",
      () => {
        // A far jump followed by its successor is believed by the tracker: the numbering moves there.
        seq += 3_000_000;
        return `${JSON.stringify({ type: "event", event: "tick", payload: {}, seq })}`;
      },
    ],
    [10, "wrong-type-record", () => event("question.requested", brokenRecord())],
    [
      3,
      "missing-fields-record",
      () => event("question.requested", pick([{}, { id: "hostile-only-id" }, { questions: [] }, { id: "x", questions: [{}] }, []])),
    ],
    [1, "oversized-record", () => event("question.requested", oversizedRecord())],
    [4, "prototype-keys", pollutingFrame],
    [4, "valid-record", () => event("question.requested", validRecord(`hostile-valid-${recordCounter++}`))],
    [
      20,
      "resolved-unknown-id",
      () =>
        event("question.resolved", {
          id: `never-seen-${int(1e9)}`,
          status: pick(STATUSES),
          ...(random() < 0.3 ? { answers: { answers: { target: ["Staging"] } } } : {}),
        }),
    ],
    [
      4,
      "resolved-wrong-types",
      () =>
        event(
          "question.resolved",
          pick([
            { id: pick(WRONG_VALUES), status: "answered" },
            { id: "x", status: pick(WRONG_VALUES) },
            { id: "x", status: "answered", answers: pick(WRONG_VALUES) },
            pick(WRONG_VALUES),
          ]),
        ),
    ],
    [
      4,
      "resolved-before-requested",
      () => {
        // The resolution of a record that arrives later (or never): held, then matched or evicted.
        const id = `hostile-late-${recordCounter++}`;
        const resolved = event("question.resolved", {
          id,
          status: pick(["answered", "cancelled", "expired"]),
          answers: { answers: { target: ["Staging"] } },
        });
        if (random() < 0.5) sentEvents.push(event("question.requested", validRecord(id)));
        return resolved;
      },
    ],
    [9, "duplicate-or-reordered", () => (sentEvents.length > 0 ? pick(sentEvents) : "{}")],
  ];
  const totalWeight = kinds.reduce((sum, [weight]) => sum + weight, 0);

  return {
    counts,
    /** The next hostile frame. */
    next(): HostileFrame {
      let roll = random() * totalWeight;
      for (const [weight, kind, make] of kinds) {
        roll -= weight;
        if (roll < 0) {
          counts[kind] = (counts[kind] ?? 0) + 1;
          return make();
        }
      }
      return "{}";
    },
    /** The seq a well-behaved event sent after the barrage would carry. */
    nextSeq: () => ++seq,
  };
}
