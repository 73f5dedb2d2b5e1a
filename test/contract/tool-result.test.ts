import { type Question, type QuestionOutcome, formatToolResultText, toToolResult } from "../../src/contract/index.js";

const questions: Question[] = [
  { questionId: "env", header: "Env", question: "Where?", options: [{ label: "Prod" }, { label: "Staging" }], isOther: true },
  {
    questionId: "extras",
    header: "Extras",
    question: "Which?",
    options: [{ label: "Tests" }, { label: "Docs" }],
    multiSelect: true,
    isOther: true,
  },
];

describe("toToolResult", () => {
  it.each<[QuestionOutcome, unknown]>([
    [
      { status: "answered", answers: { answers: { env: ["Prod"], extras: ["Tests", "Docs"] } } },
      { status: "answered", answers: { answers: { env: ["Prod"], extras: ["Tests", "Docs"] } } },
    ],
    [{ status: "answered" }, { status: "answered", answers: { answers: {} } }],
    [{ status: "cancelled" }, { status: "no_answer" }],
    [{ status: "expired" }, { status: "no_answer" }],
    [{ status: "pending" }, { status: "no_answer" }],
    [{ status: "cancelled", answers: { answers: { env: ["Prod"] } } }, { status: "no_answer" }],
  ])("%j → %j", (outcome, expected) => {
    expect(toToolResult(outcome)).toEqual(expected);
  });

  it("copies the answer lists so later edits cannot change the result", () => {
    const values = ["Prod"];
    const result = toToolResult({ status: "answered", answers: { answers: { env: values } } });
    values.push("Staging");
    expect(result).toEqual({ status: "answered", answers: { answers: { env: ["Prod"] } } });
  });
});

describe("formatToolResultText matches the real tool's text", () => {
  it("answered: one line per question, (no answer) when a question has none, then the JSON", () => {
    const result = toToolResult({ status: "answered", answers: { answers: { extras: ["Tests", "my own"] } } });
    expect(formatToolResultText(questions, result)).toBe(
      ["Env: (no answer)", "Extras: Tests, my own", "", JSON.stringify(result, null, 2)].join("\n"),
    );
  });

  it("answered, lines only", () => {
    const result = toToolResult({ status: "answered", answers: { answers: { env: ["Prod"], extras: ["Docs"] } } });
    expect(formatToolResultText(questions, result, { includeJson: false })).toBe("Env: Prod\nExtras: Docs");
  });

  it.each([
    [undefined, "No answer arrived; proceed with best judgment."],
    ["expired", "No answer arrived; proceed with best judgment."],
    ["pending", "No answer arrived; proceed with best judgment."],
    ["cancelled", "The question was cancelled; proceed with best judgment."],
  ] as const)("no answer after %s", (noAnswerStatus, sentence) => {
    expect(formatToolResultText(questions, { status: "no_answer" }, noAnswerStatus ? { noAnswerStatus } : {})).toBe(
      `${sentence}\n\n{\n  "status": "no_answer"\n}`,
    );
  });
});
