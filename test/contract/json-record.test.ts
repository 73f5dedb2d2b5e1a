import fc from "fast-check";
import { adoptJsonRecord } from "../../src/contract/json-record.js";
import { MAX_RECORD_DESCRIPTION_LENGTH, MAX_RECORD_HEADER_LENGTH, parseQuestionRecord } from "../../src/contract/index.js";

const canonical = () => ({
  id: "ask_1",
  questions: [
    { questionId: "env", header: "Env", question: "Where?", options: [{ label: "Prod", description: "Live" }, { label: "Staging" }], isOther: true },
    { questionId: "checks", header: "", question: "Which?", options: [], multiSelect: true },
  ],
  agentId: "main",
  sessionKey: "agent:main:main",
  runId: "run-1",
  createdAtMs: 1000,
  expiresAtMs: 901000,
  status: "pending",
});

/** JSON data as a frame carries it. */
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe("adoptJsonRecord keeps a record that is already in the parser's form", () => {
  it("returns the record itself, equal to what the parser builds", () => {
    const record = json(canonical());
    expect(adoptJsonRecord(record)).toBe(record);
    expect(parseQuestionRecord(record)).toStrictEqual({ ok: true, value: record });
  });

  const refused: [string, (record: ReturnType<typeof canonical>) => unknown][] = [
    ["an unknown record field", (record) => ({ ...record, continuation: 1 })],
    ["the parser's fields in another order", ({ id, ...rest }) => ({ ...rest, id })],
    ["answers (the parser rebuilds them)", (record) => ({ ...record, status: "answered", answers: { answers: { env: ["Prod"] } } })],
    ["a status it would default", ({ status: _, ...rest }) => rest],
    ["an empty correlation field it would drop", (record) => ({ ...record, runId: "" })],
    ["a legacy question id", (record) => ({ ...record, questions: [{ id: "env", header: "Env", question: "Where?", options: [] }] })],
    ["a missing header it would default", (record) => ({ ...record, questions: [{ questionId: "env", question: "Where?", options: [] }] })],
    ["a header it would clip", (record) => ({ ...record, questions: [{ questionId: "env", header: "h".repeat(MAX_RECORD_HEADER_LENGTH + 1), question: "Where?", options: [] }] })],
    ["multiSelect false (dropped)", (record) => ({ ...record, questions: [{ ...record.questions[0]!, multiSelect: false }] })],
    ["a blank description (dropped)", (record) => ({ ...record, questions: [{ ...record.questions[0]!, options: [{ label: "Prod", description: " " }] }] })],
    ["a description it would clip", (record) => ({ ...record, questions: [{ ...record.questions[0]!, options: [{ label: "Prod", description: "d".repeat(MAX_RECORD_DESCRIPTION_LENGTH + 1) }] }] })],
    ["an unknown option field", (record) => ({ ...record, questions: [{ ...record.questions[0]!, options: [{ label: "Prod", value: "p" }] }] })],
    ["repeated question ids (an error)", (record) => ({ ...record, questions: [record.questions[0]!, record.questions[0]!] })],
    ["a blank label (an error)", (record) => ({ ...record, questions: [{ ...record.questions[0]!, options: [{ label: "  " }] }] })],
    ["no questions (an error)", (record) => ({ ...record, questions: [] })],
  ];
  it.each(refused)("leaves %s to the parser", (_, change) => {
    expect(adoptJsonRecord(json(change(canonical())))).toBeUndefined();
  });

  it("does not take an inherited field for the record's own", () => {
    const record = Object.assign(Object.create({ resolvedBy: "operator" }) as object, json(canonical()));
    expect(adoptJsonRecord(record)).toBeUndefined();
    const { status: _, ...withoutStatus } = json(canonical());
    // Not enumerable, so for…in never meets it: only the required-field check can tell.
    const hidden = Object.create(Object.defineProperty({}, "status", { value: "pending", enumerable: false })) as object;
    expect(adoptJsonRecord(Object.assign(hidden, withoutStatus))).toBeUndefined();
  });
});

/** Mostly `usual`, sometimes one of `unusual` (a value the parser rejects, drops, clips or defaults). */
const mostly = (usual: fc.Arbitrary<unknown>, ...unusual: unknown[]) => fc.oneof({ weight: 30, arbitrary: usual }, { weight: 1, arbitrary: fc.constantFrom(...unusual) });
/** Present `[present, absent]` times out of their sum (JSON drops `undefined`). */
const present = ([weight, absent]: [number, number], value: fc.Arbitrary<unknown>) => fc.oneof({ weight, arbitrary: value }, { weight: absent, arbitrary: fc.constant(undefined) });
/** JSON objects with `fields` in their order, now and then shuffled. */
function jsonObject(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(fields).map(([key, value]) => value.map((v) => [key, v] as const));
  return fc
    .tuple(...entries)
    .chain((pairs) => fc.oneof({ weight: 12, arbitrary: fc.constant(pairs) }, { weight: 1, arbitrary: fc.shuffledSubarray(pairs, { minLength: pairs.length }) }))
    .map((pairs) => json(Object.fromEntries(pairs)));
}

const text = mostly(fc.string({ minLength: 1, maxLength: 12 }), "", " ", "x".repeat(2_100), 4);
const option = jsonObject({
  label: text,
  description: present([1, 1], mostly(fc.string({ maxLength: 12 }), null, "d".repeat(MAX_RECORD_DESCRIPTION_LENGTH + 1))),
  value: present([1, 20], fc.constant("v")),
});
const question = fc.nat({ max: 2 }).chain((index) =>
  jsonObject({
    questionId: present([20, 1], mostly(fc.constant(`q${index}`), "Bad-Id", 7)),
    id: present([1, 20], fc.constant(`q${index}`)),
    header: present([20, 1], mostly(fc.string({ maxLength: 12 }), 1, "h".repeat(MAX_RECORD_HEADER_LENGTH + 1))),
    question: text,
    options: present([20, 1], mostly(fc.array(option, { maxLength: 3 }), "none", {})),
    multiSelect: present([1, 1], mostly(fc.constant(true), false, "yes")),
    isOther: present([1, 1], mostly(fc.boolean(), 1)),
  }),
);
const record = jsonObject({
  id: mostly(fc.constant("ask_1"), "", " ", 3),
  questions: mostly(fc.array(question, { minLength: 1, maxLength: 3 }), [], {}),
  agentId: present([1, 1], mostly(fc.constant("main"), "", 5)),
  sessionKey: present([1, 1], mostly(fc.constant("agent:main:main"), "")),
  runId: present([1, 1], mostly(fc.constant("run-1"), "", null)),
  createdAtMs: present([20, 1], mostly(fc.nat(), -1, "1000")),
  expiresAtMs: present([20, 1], mostly(fc.nat(), -0)),
  status: present([10, 1], mostly(fc.constantFrom("pending", "answered", "cancelled", "expired"), "bogus")),
  answers: present([1, 10], fc.constant({ answers: { q0: ["Prod"] } })),
  resolvedBy: present([1, 2], mostly(fc.constant("operator"), "")),
  extra: present([1, 20], fc.constant(true)),
});

describe("adoptJsonRecord agrees with parseQuestionRecord", () => {
  it("adopts only what the parser would build field for field, in the same order", () => {
    fc.assert(
      fc.property(record, (raw) => {
        const adopted = adoptJsonRecord(raw);
        if (adopted === undefined) return;
        expect(adopted).toBe(raw);
        const parsed = parseQuestionRecord(raw);
        expect(parsed).toStrictEqual({ ok: true, value: raw });
        expect(JSON.stringify(parsed.ok && parsed.value)).toBe(JSON.stringify(raw));
      }),
      { numRuns: 2000 },
    );
  });

  it("adopts every record the parser builds without answers, once it has been through JSON", () => {
    fc.assert(
      fc.property(record, (raw) => {
        const parsed = parseQuestionRecord(raw);
        if (!parsed.ok || parsed.value.answers !== undefined) return;
        const again = json(parsed.value);
        expect(adoptJsonRecord(again)).toBe(again);
      }),
      { numRuns: 2000 },
    );
  });
});
