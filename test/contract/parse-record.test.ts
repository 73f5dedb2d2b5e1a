import fc from "fast-check";
import {
  MAX_RECORD_DESCRIPTION_LENGTH,
  MAX_RECORD_HEADER_LENGTH,
  MAX_RECORD_QUESTION_LENGTH,
  parseAnswers,
  parseQuestionRecord,
  parseResolvedEvent,
} from "../../src/contract/index.js";
import { errorsOf, problems, valueOf } from "./helpers.js";

const question = {
  questionId: "env",
  header: "Env",
  question: "Where?",
  options: [{ label: "Prod", description: "Live" }, { label: "Staging" }],
  isOther: true,
};
const record = {
  id: "ask_0123",
  questions: [question],
  agentId: "main",
  sessionKey: "agent:main:main",
  runId: "run-1",
  createdAtMs: 1000,
  expiresAtMs: 901000,
  status: "pending",
};

describe("parseQuestionRecord reads the current shape", () => {
  it("returns the record as sent", () => {
    expect(valueOf(parseQuestionRecord(record))).toEqual(record);
  });

  it("keeps terminal fields and canonical answers", () => {
    const answered = { ...record, status: "answered", answers: { answers: { env: ["Prod"] } }, resolvedBy: "operator-ios" };
    expect(valueOf(parseQuestionRecord(answered))).toEqual(answered);
  });

  it("ignores unknown fields at every level and keeps multiSelect only when true", () => {
    const parsed = valueOf(
      parseQuestionRecord({
        ...record,
        continuation: { x: 1 },
        questions: [
          {
            ...question,
            url: "https://x",
            isSecret: false,
            multiSelect: false,
            options: [
              { label: "Prod", thumbnail: "t" },
              { label: "Staging", value: "stg" },
            ],
          },
        ],
      }),
    );
    expect(parsed.questions[0]).toEqual({
      questionId: "env",
      header: "Env",
      question: "Where?",
      options: [{ label: "Prod" }, { label: "Staging" }],
      isOther: true,
    });
    expect(parsed).not.toHaveProperty("continuation");
  });

  it("keeps isOther false (the gateway then refuses free text) and labels exactly as sent", () => {
    const parsed = valueOf(
      parseQuestionRecord({ ...record, questions: [{ ...question, isOther: false, options: [{ label: " Yes " }, { label: "No" }] }] }),
    );
    expect(parsed.questions[0]?.isOther).toBe(false);
    expect(parsed.questions[0]?.options[0]?.label).toBe(" Yes ");
  });

  it("clips oversized header, question and description to the display limits, surrogate-safe, and keeps labels exact", () => {
    const longLabel = "L".repeat(100_000);
    const parsed = valueOf(
      parseQuestionRecord({
        ...record,
        questions: [
          {
            ...question,
            header: "H".repeat(5_000),
            question: `${"q".repeat(1_998)}😀tail`,
            options: [{ label: longLabel, description: "d".repeat(9_000) }, { label: "Staging" }],
          },
        ],
      }),
    );
    const [clipped] = parsed.questions;
    expect(clipped?.header).toBe(`${"H".repeat(MAX_RECORD_HEADER_LENGTH - 1)}…`);
    // The emoji straddles the cut, so the whole pair goes rather than half of it.
    expect(clipped?.question).toBe(`${"q".repeat(1_998)}…`);
    expect(clipped?.question.length).toBeLessThanOrEqual(MAX_RECORD_QUESTION_LENGTH);
    expect(clipped?.options[0]?.description).toHaveLength(MAX_RECORD_DESCRIPTION_LENGTH);
    expect(clipped?.options[0]?.label).toBe(longLabel);
    // Texts within the limits are untouched.
    expect(valueOf(parseQuestionRecord(record))).toEqual(record);
  });

  it("accepts an option-less free-text question, with or without the empty list", () => {
    const { options: _omitted, ...withoutOptions } = question;
    expect(valueOf(parseQuestionRecord({ ...record, questions: [withoutOptions] })).questions[0]?.options).toEqual([]);
    expect(valueOf(parseQuestionRecord({ ...record, questions: [{ ...question, options: [] }] })).questions[0]?.options).toEqual([]);
  });

  it("defaults a missing status to pending and a missing header to empty", () => {
    const { status: _status, ...noStatus } = record;
    const { header: _header, ...noHeader } = question;
    const parsed = valueOf(parseQuestionRecord({ ...noStatus, questions: [noHeader] }));
    expect(parsed.status).toBe("pending");
    expect(parsed.questions[0]?.header).toBe("");
  });

  it("drops blank correlation fields rather than keeping empty strings", () => {
    const parsed = valueOf(parseQuestionRecord({ ...record, sessionKey: "", runId: 5, agentId: null }));
    expect(parsed).not.toHaveProperty("sessionKey");
    expect(parsed).not.toHaveProperty("runId");
    expect(parsed).not.toHaveProperty("agentId");
  });
});

describe("parseQuestionRecord accepts legacy shapes", () => {
  it("reads the legacy question `id`", () => {
    const { questionId: _id, ...legacy } = question;
    expect(valueOf(parseQuestionRecord({ ...record, questions: [{ ...legacy, id: "env" }] })).questions[0]?.questionId).toBe("env");
  });

  it.each([
    ["current envelope", { answers: { env: ["Prod"] } }],
    ["legacy nested envelope", { answers: { env: { answers: ["Prod"] } } }],
    ["flat map", { env: ["Prod"] }],
    ["flat legacy nested", { env: { answers: ["Prod"] } }],
    ["earliest text form", { answers: { env: { text: "Prod" } } }],
    ["a bare string", { answers: { env: "Prod" } }],
  ])("flattens answers given as %s", (_name, answers) => {
    expect(valueOf(parseQuestionRecord({ ...record, status: "answered", answers })).answers).toEqual({ answers: { env: ["Prod"] } });
  });

  it("leaves out answer entries that carry no text and non-string values", () => {
    expect(parseAnswers({ answers: { env: ["Prod", 4, null], other: 5, none: {} } })).toEqual({ env: ["Prod"] });
    expect(parseAnswers("Prod")).toBeUndefined();
  });

  it("keeps a __proto__ answer key as data", () => {
    const answers = parseAnswers(JSON.parse('{"answers": {"__proto__": ["x"]}}'));
    expect(Object.keys(answers ?? {})).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(answers)).toBe(Object.prototype);
  });
});

describe("parseQuestionRecord rejects what a UI cannot render", () => {
  const q = (patch: Record<string, unknown>) => ({ ...record, questions: [{ ...question, ...patch }] });
  const cases: [string, unknown, [string, string][]][] = [
    ["not an object", "ask_1", [["", "invalid_type"]]],
    ["no id", { ...record, id: undefined }, [["/id", "required"]]],
    ["blank id", { ...record, id: " " }, [["/id", "empty"]]],
    ["numeric id", { ...record, id: 5 }, [["/id", "invalid_type"]]],
    ["no questions", { ...record, questions: undefined }, [["/questions", "required"]]],
    ["questions not an array", { ...record, questions: { env: question } }, [["/questions", "invalid_type"]]],
    ["empty questions", { ...record, questions: [] }, [["/questions", "too_few"]]],
    ["a question that is not an object", { ...record, questions: ["Where?"] }, [["/questions/0", "invalid_type"]]],
    ["a question without any id", q({ questionId: undefined }), [["/questions/0/id", "required"]]],
    ["a question id that cannot be an answer key", q({ questionId: "Deploy Target" }), [["/questions/0/questionId", "invalid_format"]]],
    ["a question id of the wrong type", q({ questionId: 3 }), [["/questions/0/questionId", "invalid_type"]]],
    ["repeated question ids", { ...record, questions: [question, question] }, [["/questions/1/questionId", "duplicate"]]],
    ["blank question text", q({ question: "  " }), [["/questions/0/question", "empty"]]],
    ["missing question text", q({ question: undefined }), [["/questions/0/question", "required"]]],
    ["a header of the wrong type", q({ header: 12 }), [["/questions/0/header", "invalid_type"]]],
    ["options not an array", q({ options: "Prod, Staging" }), [["/questions/0/options", "invalid_type"]]],
    ["an option that is a string", q({ options: ["Prod", { label: "Staging" }] }), [["/questions/0/options/0", "invalid_type"]]],
    ["an option without a label", q({ options: [{ description: "x" }, { label: "Staging" }] }), [["/questions/0/options/0/label", "required"]]],
    ["an option with a blank label", q({ options: [{ label: " " }, { label: "Staging" }] }), [["/questions/0/options/0/label", "empty"]]],
    ["an unknown status", { ...record, status: "delivery_failed" }, [["/status", "invalid_value"]]],
    ["no expiry", { ...record, expiresAtMs: undefined }, [["/expiresAtMs", "required"]]],
    ["a negative creation time", { ...record, createdAtMs: -1 }, [["/createdAtMs", "invalid_type"]]],
    ["a string expiry", { ...record, expiresAtMs: "soon" }, [["/expiresAtMs", "invalid_type"]]],
  ];

  it.each(cases)("%s", (_name, raw, expected) => {
    const result = parseQuestionRecord(raw);
    expect(problems(result)).toEqual(expected);
    for (const error of errorsOf(result)) expect(error.message.length).toBeGreaterThan(20);
  });

  it("never throws on garbage and only accepts records with a usable id and questions", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything({
            withBigInt: true,
            withNullPrototype: true,
            withMap: true,
            withSet: true,
            withBoxedValues: true,
            withSparseArray: true,
            withDate: true,
          }),
          fc.record(
            {
              id: fc.anything(),
              questions: fc.array(fc.anything(), { maxLength: 4 }),
              createdAtMs: fc.anything(),
              expiresAtMs: fc.anything(),
              status: fc.anything(),
            },
            { requiredKeys: [] },
          ),
        ),
        (raw) => {
          const result = parseQuestionRecord(raw);
          if (result.ok) {
            expect(result.value.id.trim()).not.toBe("");
            expect(result.value.questions.length).toBeGreaterThan(0);
          } else {
            expect(result.errors.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("parseResolvedEvent", () => {
  it.each([
    [
      { id: "ask_1", status: "answered", answers: { answers: { env: ["Prod"] } } },
      { id: "ask_1", status: "answered", answers: { answers: { env: ["Prod"] } } },
    ],
    [
      { id: "ask_1", status: "answered", answers: { answers: { env: { answers: ["Prod"] } } } },
      { id: "ask_1", status: "answered", answers: { answers: { env: ["Prod"] } } },
    ],
    [
      { id: "ask_1", status: "answered", answers: { env: ["Prod"] } },
      { id: "ask_1", status: "answered", answers: { answers: { env: ["Prod"] } } },
    ],
    [
      { id: "ask_1", status: "cancelled", seq: 4 },
      { id: "ask_1", status: "cancelled" },
    ],
    [
      { id: "ask_1", status: "expired" },
      { id: "ask_1", status: "expired" },
    ],
  ])("reads %j", (raw, expected) => {
    expect(valueOf(parseResolvedEvent(raw))).toEqual(expected);
  });

  it.each([
    [{ id: "ask_1", status: "pending" }, [["/status", "invalid_value"]]],
    [{ id: "ask_1" }, [["/status", "required"]]],
    [{ status: "cancelled" }, [["/id", "required"]]],
    [null, [["", "invalid_type"]]],
  ])("rejects %j", (raw, expected) => {
    expect(problems(parseResolvedEvent(raw))).toEqual(expected);
  });
});
