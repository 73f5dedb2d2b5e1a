import fc from "fast-check";
import { formatToolResultText, parseQuestionRecord, summaryFromToolCall, toToolResult } from "../../src/contract/index.js";
import { anyValue, materialize } from "./arbitraries.js";
import { errorsOf, problems, secondQuestion, validInput, valueOf } from "./helpers.js";

const input = validInput((draft) => {
  draft.questions.push({
    ...secondQuestion("extras"),
    header: "Extras",
    options: [{ label: "Tests" }, { label: "Docs" }],
    multiSelect: true,
  });
  draft.timeoutSeconds = 120;
});
const questions = valueOf(summaryFromToolCall(input, { status: "no_answer" }, { id: "call_1" })).record.questions;
const answered = {
  status: "answered" as const,
  answers: { answers: { env: ["Production (Recommended)"], extras: ["Tests", "my own\n\n{ text"] } },
};
const options = { id: "call_1", sessionKey: "probe", runId: "run_7", createdAtMs: 1_000, resolvedAtMs: 5_000 };

describe("summaryFromToolCall: the stored result shapes", () => {
  it("rebuilds an answered chip from the structured details, with the normalizer's ids and labels", () => {
    const summary = valueOf(summaryFromToolCall(input, answered, options));
    expect(summary).toEqual({
      id: "call_1",
      outcome: "answered",
      answers: answered.answers.answers,
      resolvedAtMs: 5_000,
      record: {
        id: "call_1",
        questions,
        sessionKey: "agent:main:probe",
        runId: "run_7",
        createdAtMs: 1_000,
        expiresAtMs: 121_000,
        status: "answered",
        answers: answered.answers,
      },
    });
    expect(summary.record.questions.map((question) => [question.questionId, question.isOther])).toEqual([
      ["env", true],
      ["extras", true],
    ]);
    expect(parseQuestionRecord(summary.record).ok).toBe(true);
  });

  it("reads the tool-result message { details, content }", () => {
    const message = {
      role: "toolResult",
      toolCallId: "call_1",
      details: answered,
      content: [{ type: "text", text: formatToolResultText(questions, answered) }],
    };
    expect(valueOf(summaryFromToolCall(input, message, options)).answers).toEqual(answered.answers.answers);
  });

  it("reads the pretty-printed JSON at the tail of the text, even when an answer holds a blank line", () => {
    const text = formatToolResultText(questions, answered);
    expect(text).toContain("\n\n{ text\n\n{\n");
    for (const result of [
      text,
      [{ type: "text", text }],
      { content: [{ type: "text", text }] },
      { content: text },
      { text, isError: false, completed: true },
    ]) {
      expect(valueOf(summaryFromToolCall(input, result, options)).answers).toEqual(answered.answers.answers);
    }
  });

  it("reads a text that is only the JSON", () => {
    expect(valueOf(summaryFromToolCall(input, JSON.stringify(answered, null, 2), options)).outcome).toBe("answered");
  });

  it("keeps only answers to the call's own questions", () => {
    const result = { status: "answered", answers: { answers: { env: ["Staging"], stray: ["x"] } } };
    expect(valueOf(summaryFromToolCall(input, result, options)).answers).toEqual({ env: ["Staging"] });
  });

  it.each([
    ["details", { status: "no_answer" }, "no-answer", "cancelled"],
    ["the cancelled note", formatToolResultText(questions, { status: "no_answer" }, { noAnswerStatus: "cancelled" }), "skipped", "cancelled"],
    ["the cancelled note without JSON", "The question was cancelled; proceed with best judgment.", "skipped", "cancelled"],
    [
      "the Control UI's tool-result output",
      { text: formatToolResultText(questions, { status: "no_answer" }, { noAnswerStatus: "cancelled" }), isError: false, completed: true },
      "skipped",
      "cancelled",
    ],
    [
      "that output, expired",
      { text: formatToolResultText(questions, { status: "no_answer" }, { noAnswerStatus: "expired" }), isError: false, completed: true },
      "expired",
      "expired",
    ],
    ["the no-answer-arrived note", formatToolResultText(questions, { status: "no_answer" }, { noAnswerStatus: "expired" }), "expired", "expired"],
    [
      "a message with that note",
      { details: { status: "no_answer" }, content: [{ type: "text", text: formatToolResultText(questions, toToolResult({ status: "expired" })) }] },
      "expired",
      "expired",
    ],
    ["delivery_failed", { status: "delivery_failed" }, "unavailable", "cancelled"],
    ["delivery_failed in a message", { details: { status: "delivery_failed" }, content: [] }, "unavailable", "cancelled"],
  ])("no answer from %s", (_name, result, outcome, status) => {
    const summary = valueOf(summaryFromToolCall(input, result, options));
    expect(summary.outcome).toBe(outcome);
    expect(summary.record.status).toBe(status);
    expect(summary.answers).toBeUndefined();
  });

  it("takes the input as a JSON string too (tool call arguments)", () => {
    expect(valueOf(summaryFromToolCall(JSON.stringify(input), { status: "no_answer" }, { id: "c" })).record.questions).toEqual(questions);
  });

  it("defaults times and leaves out what was not given", () => {
    const summary = valueOf(summaryFromToolCall(input, { status: "no_answer" }, { id: "c", sessionKey: "  " }));
    expect(summary.record).not.toHaveProperty("sessionKey");
    expect(summary.record).not.toHaveProperty("runId");
    expect(summary).not.toHaveProperty("resolvedAtMs");
    expect([summary.record.createdAtMs, summary.record.expiresAtMs]).toEqual([0, 120_000]);
    expect(valueOf(summaryFromToolCall(input, { status: "no_answer" }, { id: "c", resolvedAtMs: 9 })).record.createdAtMs).toBe(9);
  });
});

describe("summaryFromToolCall: bad input is an error with a path", () => {
  it.each<[string, unknown, unknown, unknown, [string, string][]]>([
    ["input not an object", 42, answered, options, [["/input", "invalid_type"]]],
    [
      "input field wrong",
      validInput((draft) => void (draft.questions[0]!.id = "Bad Id")),
      answered,
      options,
      [["/input/questions/0/id", "invalid_format"]],
    ],
    ["input JSON string broken", "{", answered, options, [["/input", "invalid_type"]]],
    ["result missing", input, undefined, options, [["/result", "invalid_type"]]],
    ["result text without status", input, "Environment: Staging", options, [["/result", "invalid_type"]]],
    ["result status unknown", input, { status: "maybe" }, options, [["/result/status", "invalid_value"]]],
    ["answered without answers", input, { status: "answered" }, options, [["/result/answers/answers", "unanswered"]]],
    [
      "answers for other questions",
      input,
      { status: "answered", answers: { answers: { other: ["x"] } } },
      options,
      [["/result/answers/answers", "unanswered"]],
    ],
    ["options missing", input, answered, undefined, [["/options", "invalid_type"]]],
    ["id missing", input, answered, {}, [["/options/id", "required"]]],
    ["id blank", input, answered, { id: " " }, [["/options/id", "invalid_type"]]],
    ["sessionKey not text", input, answered, { id: "c", sessionKey: 7 }, [["/options/sessionKey", "invalid_type"]]],
    [
      "time negative",
      input,
      answered,
      { id: "c", createdAtMs: -1, resolvedAtMs: Number.NaN },
      [
        ["/options/createdAtMs", "invalid_type"],
        ["/options/resolvedAtMs", "invalid_type"],
      ],
    ],
    [
      "everything at once",
      null,
      null,
      null,
      [
        ["/options", "invalid_type"],
        ["/input", "invalid_type"],
        ["/result", "invalid_type"],
      ],
    ],
  ])("%s", (_name, badInput, result, badOptions, expected) => {
    const outcome = summaryFromToolCall(badInput, result, badOptions as never);
    expect(problems(outcome)).toEqual(expected);
    for (const error of errorsOf(outcome)) expect(error.message.length).toBeGreaterThan(20);
  });

  it("says how to fix it", () => {
    const [error] = errorsOf(summaryFromToolCall(input, answered, {} as never));
    expect(error?.message).toMatch(/tool call id/);
  });
});

describe("summaryFromToolCall properties", () => {
  const resultShape = fc.oneof(
    anyValue,
    fc.constantFrom(answered, { status: "no_answer" }, { status: "delivery_failed" }),
    fc.string(),
    fc.string().map((text) => `${text}\n\n${JSON.stringify(answered, null, 2)}`),
    fc.record({ details: anyValue, content: fc.oneof(anyValue, fc.array(fc.record({ type: fc.constant("text"), text: fc.string() }))) }),
  );
  const optionShape = fc.oneof(
    fc.constant(options),
    anyValue,
    fc.record({ id: anyValue, sessionKey: anyValue, createdAtMs: anyValue }, { requiredKeys: [] }),
  );

  it("never throws, and every summary it returns is a valid record with answers of string arrays", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(input), anyValue), resultShape, optionShape, (rawInput, rawResult, rawOptions) => {
        const outcome = summaryFromToolCall(materialize(rawInput), materialize(rawResult), materialize(rawOptions) as never);
        if (!outcome.ok) {
          expect(outcome.errors.length).toBeGreaterThan(0);
          for (const error of outcome.errors) expect(error.path).toMatch(/^\/(input|result|options)/);
          return;
        }
        expect(parseQuestionRecord(outcome.value.record).ok).toBe(true);
        for (const values of Object.values(outcome.value.answers ?? {})) expect(values.every((value) => typeof value === "string")).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
