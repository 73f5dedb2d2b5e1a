import { type AnswerMap, type Question, canonicalizeAnswers, validateAnswers } from "../../src/contract/index.js";
import { errorsOf, valueOf } from "./helpers.js";

const env: Question = {
  questionId: "env",
  header: "Env",
  question: "Where?",
  options: [{ label: "Prod" }, { label: "Staging" }],
  isOther: true,
};
const extras: Question = {
  questionId: "extras",
  header: "Extras",
  question: "Which?",
  options: [{ label: "Tests" }, { label: "Docs" }],
  multiSelect: true,
  isOther: true,
};
const strict: Question = { questionId: "strict", header: "Strict", question: "Yes or no?", options: [{ label: " Yes " }, { label: "No" }] };
const free: Question = { questionId: "free", header: "Free", question: "Anything?", options: [] };

describe("validateAnswers uses the gateway's words, codes and order", () => {
  const cases: [name: string, questions: Question[], answers: AnswerMap, expected: { path: string; code: string; message: string }[]][] = [
    [
      "a missing question",
      [env, extras],
      { env: ["Prod"] },
      [{ path: "/extras", code: "unanswered", message: "question 'extras' requires an answer" }],
    ],
    ["an empty list", [env], { env: [] }, [{ path: "/env", code: "unanswered", message: "question 'env' requires an answer" }]],
    [
      "a blank value",
      [extras],
      { extras: ["Docs", "  "] },
      [{ path: "/extras/1", code: "blank_answer", message: "question 'extras' contains an empty answer" }],
    ],
    [
      "two values on single-select",
      [env],
      { env: ["Prod", "Staging"] },
      [{ path: "/env", code: "multiple_not_allowed", message: "question 'env' does not allow multiple answers" }],
    ],
    [
      "an unknown key",
      [env],
      { env: ["Prod"], ghost: ["x"] },
      [{ path: "/ghost", code: "unknown_question", message: "question 'ghost' is not part of this request" }],
    ],
    [
      "free text where isOther is off",
      [strict],
      { strict: ["Maybe"] },
      [{ path: "/strict/0", code: "unknown_option", message: "question 'strict' contains an unknown option" }],
    ],
    [
      "everything at once, unknown keys first then question order",
      [env, extras, strict],
      { zed: ["x"], extras: [" "], env: ["Prod", "Staging"], alpha: ["y"] },
      [
        { path: "/zed", code: "unknown_question", message: "question 'zed' is not part of this request" },
        { path: "/alpha", code: "unknown_question", message: "question 'alpha' is not part of this request" },
        { path: "/env", code: "multiple_not_allowed", message: "question 'env' does not allow multiple answers" },
        { path: "/extras/0", code: "blank_answer", message: "question 'extras' contains an empty answer" },
        { path: "/strict", code: "unanswered", message: "question 'strict' requires an answer" },
      ],
    ],
    [
      "blank before multiple before unknown option within one question",
      [strict],
      { strict: ["", "Maybe"] },
      [
        { path: "/strict/0", code: "blank_answer", message: "question 'strict' contains an empty answer" },
        { path: "/strict", code: "multiple_not_allowed", message: "question 'strict' does not allow multiple answers" },
        { path: "/strict/0", code: "unknown_option", message: "question 'strict' contains an unknown option" },
      ],
    ],
  ];

  it.each(cases)("%s", (_name, questions, answers, expected) => {
    expect(errorsOf(validateAnswers(questions, answers))).toEqual(expected);
  });

  it.each([
    ["exact label", [env], { env: ["Prod"] }, { env: ["Prod"] }],
    ["label with spaces", [env], { env: ["  Staging "] }, { env: ["Staging"] }],
    ["different case stays free text", [env], { env: ["prod"] }, { env: ["prod"] }],
    ["free text trimmed", [env], { env: ["  somewhere else  "] }, { env: ["somewhere else"] }],
    ["stored label keeps its own spaces", [strict], { strict: ["Yes"] }, { strict: [" Yes "] }],
    ["multi-select keeps order and repeats", [extras], { extras: ["Docs", "mine", "Docs"] }, { extras: ["Docs", "mine", "Docs"] }],
    ["option-less question", [free], { free: [" hi "] }, { free: ["hi"] }],
    ["keys rebuilt in question order", [env, extras], { extras: ["Tests"], env: ["Prod"] }, { env: ["Prod"], extras: ["Tests"] }],
  ])("accepts %s", (_name, questions, answers, expected) => {
    const value = valueOf(validateAnswers(questions, answers));
    expect(value).toEqual(expected);
    expect(Object.keys(value)).toEqual(Object.keys(expected));
  });

  it.each([
    ["not an object", null, [""]],
    ["a string instead of a list", { env: "Prod" }, ["/env"]],
    ["a number inside the list", { env: ["Prod", 3] }, ["/env"]],
  ])("reports a shape problem (%s) before gateway rules", (_name, answers, paths) => {
    const errors = errorsOf(validateAnswers([env], answers as unknown as AnswerMap));
    expect(errors.map((error) => error.path)).toEqual(paths);
    expect(errors.every((error) => error.code === "invalid_type")).toBe(true);
  });

  it("treats an inherited or __proto__ key as a real key, never as the prototype", () => {
    const answers = JSON.parse('{"__proto__": ["x"], "env": ["Prod"]}') as AnswerMap;
    expect(errorsOf(validateAnswers([env], answers))).toEqual([
      { path: "/__proto__", code: "unknown_question", message: "question '__proto__' is not part of this request" },
    ]);
    expect(errorsOf(validateAnswers([env], Object.create({ env: ["Prod"] }) as AnswerMap))[0]?.code).toBe("unanswered");
  });
});

describe("canonicalizeAnswers prepares a resolve", () => {
  it.each([
    ["trims and maps labels", [env], { env: [" Prod "] }, { env: ["Prod"] }],
    ["keeps case-different text as free text", [env], { env: ["PROD"] }, { env: ["PROD"] }],
    [
      "drops blanks and repeats, keeps order",
      [extras],
      { extras: ["Docs", " ", " Docs", "mine", "Tests", "mine "] },
      { extras: ["Docs", "mine", "Tests"] },
    ],
    ["uses the record's exact label", [strict], { strict: ["Yes"] }, { strict: [" Yes "] }],
    ["orders keys like the questions", [env, extras], { extras: ["Tests"], env: ["Staging"] }, { env: ["Staging"], extras: ["Tests"] }],
    ["keeps unknown keys for validation to report", [env], { env: ["Prod"], ghost: [" x "] }, { env: ["Prod"], ghost: ["x"] }],
    ["leaves missing questions missing", [env, extras], { env: ["Prod"] }, { env: ["Prod"] }],
  ])("%s", (_name, questions, answers, expected) => {
    const canonical = canonicalizeAnswers(questions, answers);
    expect(canonical).toEqual(expected);
    expect(Object.keys(canonical)).toEqual(Object.keys(expected));
  });

  it("yields an empty list when every value was blank, which validation then reports", () => {
    const canonical = canonicalizeAnswers([env], { env: ["  "] });
    expect(canonical).toEqual({ env: [] });
    expect(errorsOf(validateAnswers([env], canonical))[0]?.message).toBe("question 'env' requires an answer");
  });
});
