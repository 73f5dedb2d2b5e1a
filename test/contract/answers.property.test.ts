import fc from "fast-check";
import { type AnswerMap, canonicalizeAnswers, validateAnswers } from "../../src/contract/index.js";
import { questionSet } from "./arbitraries.js";
import { valueOf } from "./helpers.js";

const padding = fc.constantFrom("", " ", "  ", "\t");
const freeText = fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 });

/** What a person can produce in the panel: picks (possibly padded or repeated) and typed text. */
const pickedAnswers = questionSet.chain((questions) =>
  fc
    .tuple(
      ...questions.map((question) =>
        fc.record({
          picks: fc.array(fc.tuple(fc.nat({ max: question.options.length - 1 }), padding, padding), {
            maxLength: question.multiSelect ? 5 : 1,
          }),
          other: fc.option(fc.tuple(padding, freeText, padding), { nil: undefined }),
        }),
      ),
    )
    .map((choices) => {
      const answers: AnswerMap = {};
      questions.forEach((question, index) => {
        const choice = choices[index];
        const values = (choice?.picks ?? []).map(([option, before, after]) => `${before}${question.options[option]?.label}${after}`);
        if (choice?.other && (question.multiSelect || values.length === 0)) values.push(choice.other.join(""));
        if (values.length === 0) values.push(question.options[0]?.label ?? "");
        answers[question.questionId] = values;
      });
      return { questions, answers };
    }),
);

describe("answers properties", () => {
  it("validateAnswers accepts whatever canonicalizeAnswers makes of valid picks, unchanged", () => {
    fc.assert(
      fc.property(pickedAnswers, ({ questions, answers }) => {
        const canonical = canonicalizeAnswers(questions, answers);
        const nonBlank = Object.values(answers).every((values) => values.some((value) => value.trim()));
        fc.pre(nonBlank);
        expect(valueOf(validateAnswers(questions, canonical))).toEqual(canonical);
      }),
      { numRuns: 500 },
    );
  });

  it("canonicalization is idempotent and maps every padded pick to its exact label", () => {
    fc.assert(
      fc.property(pickedAnswers, ({ questions, answers }) => {
        const canonical = canonicalizeAnswers(questions, answers);
        expect(canonicalizeAnswers(questions, canonical)).toEqual(canonical);
        for (const question of questions) {
          const labels = question.options.map((option) => option.label);
          const picked = (answers[question.questionId] ?? []).filter((value) => labels.includes(value.trim()));
          for (const value of picked) expect(canonical[question.questionId]).toContain(value.trim());
          expect(new Set(canonical[question.questionId]).size).toBe(canonical[question.questionId]?.length);
        }
      }),
      { numRuns: 500 },
    );
  });
});
