import fc from "fast-check";
import {
  type ContractErrorCode,
  type Question,
  MAX_HEADER_LENGTH,
  MAX_LABEL_LENGTH,
  QUESTION_ID_PATTERN,
  normalizeAskUserInput,
  splitRecommended,
} from "../../src/contract/index.js";
import { anyValue, materialize, nearlyValidInput } from "./arbitraries.js";

const CODES: ContractErrorCode[] = [
  "invalid_type",
  "unknown_field",
  "required",
  "empty",
  "too_few",
  "too_many",
  "too_long",
  "invalid_format",
  "duplicate",
  "not_integer",
  "unreadable",
];
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function expectWireValid(questions: Question[]): void {
  expect(questions.length).toBeGreaterThanOrEqual(1);
  expect(questions.length).toBeLessThanOrEqual(3);
  expect(new Set(questions.map((question) => question.questionId)).size).toBe(questions.length);
  for (const question of questions) {
    expect(Object.keys(question).every((key) => ["questionId", "header", "question", "options", "multiSelect", "isOther"].includes(key))).toBe(true);
    expect(question.questionId).toMatch(QUESTION_ID_PATTERN);
    expect(question.header.length).toBeGreaterThan(0);
    expect(question.header.length).toBeLessThanOrEqual(MAX_HEADER_LENGTH);
    expect(question.header).toBe(question.header.trimStart());
    expect(question.header).not.toMatch(LONE_SURROGATE);
    expect(question.question).toBe(question.question.trim());
    expect(question.question.length).toBeGreaterThan(0);
    expect(question.options.length).toBeGreaterThanOrEqual(2);
    expect(question.options.length).toBeLessThanOrEqual(4);
    expect(new Set(question.options.map((option) => option.label.toLowerCase())).size).toBe(question.options.length);
    for (const option of question.options) {
      expect(Object.keys(option).every((key) => key === "label" || key === "description")).toBe(true);
      expect(option.label).toBe(option.label.trim());
      expect(option.label.length).toBeGreaterThan(0);
      expect(option.label.length).toBeLessThanOrEqual(MAX_LABEL_LENGTH);
      if ("description" in option) expect(option.description).toBe(option.description?.trim() || "never blank");
    }
    expect(question.multiSelect === undefined || question.multiSelect === true).toBe(true);
    expect(question.isOther).toBe(true);
  }
}

/** Walks a JSON pointer's parent segments through the input: every error must point into it. */
function parentExists(input: unknown, pointer: string): boolean {
  const segments = pointer
    .split("/")
    .slice(1, -1)
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
  let node = input;
  for (const segment of segments) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, segment)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return true;
}

describe("normalizeAskUserInput properties", () => {
  it("never throws and always answers with a well-formed result, whatever it is given", () => {
    fc.assert(
      fc.property(anyValue, (spec) => {
        const result = normalizeAskUserInput(materialize(spec));
        if (result.ok) expectWireValid(result.value.questions);
        else {
          expect(result.errors.length).toBeGreaterThan(0);
          for (const error of result.errors) {
            expect(CODES).toContain(error.code);
            expect(error.path === "" || error.path.startsWith("/")).toBe(true);
            expect(error.message.trim().length).toBeGreaterThan(10);
          }
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("every accepted value satisfies every invariant and mirrors its input", () => {
    let accepted = 0;
    fc.assert(
      fc.property(nearlyValidInput, (spec) => {
        const input = materialize(spec);
        const result = normalizeAskUserInput(input);
        if (!result.ok) return;
        accepted += 1;
        expectWireValid(result.value.questions);
        const raw = input as { questions: { id: string; question: string; options: { label: string }[] }[]; timeoutSeconds?: number };
        result.value.questions.forEach((question, index) => {
          const source = raw.questions[index];
          expect(question.questionId).toBe(source?.id.trim());
          expect(question.question).toBe(source?.question.trim());
          expect(question.options.map((option) => option.label)).toEqual(source?.options.map((option) => option.label.trim()));
          expect(result.recommended[question.questionId]).toEqual(question.options.map((option) => splitRecommended(option.label).recommended));
        });
        const timeout = result.value.timeoutSeconds;
        expect(Number.isInteger(timeout) && timeout >= 30 && timeout <= 3600).toBe(true);
        if (raw.timeoutSeconds === undefined) expect(timeout).toBe(900);
        else expect(timeout).toBe(Math.min(3600, Math.max(30, raw.timeoutSeconds)));
      }),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(50);
  });

  it("points every error at a place inside the input", () => {
    fc.assert(
      fc.property(nearlyValidInput, (spec) => {
        const input = materialize(spec);
        const result = normalizeAskUserInput(input);
        if (result.ok) return;
        for (const error of result.errors) expect(parentExists(input, error.path)).toBe(true);
      }),
      { numRuns: 800 },
    );
  });
});
