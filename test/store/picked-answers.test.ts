import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalizeAnswers, validateAnswers } from "../../src/contract/answers.js";
import type { AnswerMap, Question } from "../../src/contract/types.js";
import { draftValues } from "../../src/store/drafts.js";
import { pickedAnswers } from "../../src/store/picked-answers.js";
import type { QuestionDraft } from "../../src/store/types.js";

/** Labels that trip the canonical rule: spaces around, a trimmed twin listed first, blanks. */
const LABELS = ["Email", "Chat", " Chat", "Chat ", "Docs", "", " "];
const labels = fc.constantFrom(...LABELS, "Nope");

const questionArb = (questionId: string): fc.Arbitrary<Question> =>
  fc.record({
    multiSelect: fc.boolean(),
    isOther: fc.boolean(),
    options: fc.uniqueArray(fc.constantFrom(...LABELS), { maxLength: 5 }).map((list) => list.map((label) => ({ label }))),
  }).map(({ multiSelect, isOther, options }) => ({ questionId, header: questionId, question: `${questionId}?`, multiSelect, isOther, options }) as unknown as Question);

const questionsArb = fc.uniqueArray(fc.constantFrom("target", "extras", "__proto__"), { minLength: 1, maxLength: 3 }).chain((ids) => fc.tuple(...ids.map(questionArb)));

/** Mostly the question's own labels (so the shortcut is often taken), sometimes anything. */
const draftArb = (question: Question): fc.Arbitrary<QuestionDraft | undefined> => {
  const own = question.options.map((option) => option.label);
  const picks = own.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.subarray(own, { minLength: 1, maxLength: Math.min(2, own.length) }) }, { weight: 1, arbitrary: fc.array(labels, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.constantFrom(...own).map((label) => [label, label]) }) : fc.array(labels, { maxLength: 3 });
  return fc.option(fc.record({ selected: picks, otherText: fc.constantFrom("", "", "  ", "typed") }), { nil: undefined, freq: 8 });
};

/** What `submit` sent before the shortcut: the contract's canonicalize, then its validation. */
function contractAnswers(questions: readonly Question[], drafts: Record<string, QuestionDraft | undefined>): AnswerMap | undefined {
  const values: AnswerMap = {};
  for (const question of questions) Object.defineProperty(values, question.questionId, { value: draftValues(drafts[question.questionId]), enumerable: true, writable: true, configurable: true });
  const checked = validateAnswers(questions, canonicalizeAnswers(questions, values));
  return checked.ok ? checked.value : undefined;
}

function draftsFor(questions: readonly Question[], list: (QuestionDraft | undefined)[]): Record<string, QuestionDraft | undefined> {
  const drafts: Record<string, QuestionDraft | undefined> = {};
  questions.forEach((question, index) => Object.defineProperty(drafts, question.questionId, { value: list[index], enumerable: true }));
  return drafts;
}

describe("pickedAnswers", () => {
  it("returns exactly what the contract's canonicalize + validate would, or defers to them", () => {
    let taken = 0;
    fc.assert(
      fc.property(questionsArb.chain((questions) => fc.tuple(fc.constant(questions), fc.tuple(...questions.map(draftArb)))), ([questions, list]) => {
        const drafts = draftsFor(questions, list);
        const picked = pickedAnswers(questions, drafts as Record<string, QuestionDraft>);
        if (picked === undefined) return;
        taken += 1;
        const expected = contractAnswers(questions, drafts);
        expect(expected).toBeDefined();
        expect(Object.keys(picked)).toEqual(Object.keys(expected!));
        for (const key of Object.keys(expected!)) expect(Object.getOwnPropertyDescriptor(picked, key)?.value).toEqual(Object.getOwnPropertyDescriptor(expected, key)?.value);
      }),
      { numRuns: 2000 },
    );
    // The shortcut must actually be taken, or the property above says nothing.
    expect(taken).toBeGreaterThan(50);
  });

  it("takes plain picks and hands a copy, not the draft's array", () => {
    const questions = [
      { questionId: "target", header: "Target", question: "Where?", multiSelect: false, options: [{ label: "Email" }, { label: "Chat" }] },
      { questionId: "extras", header: "Extras", question: "What else?", multiSelect: true, options: [{ label: "Docs" }, { label: "Tests" }] },
    ] as unknown as Question[];
    const drafts = { target: { selected: ["Chat"], otherText: "" }, extras: { selected: ["Tests", "Docs"], otherText: " " } };
    const picked = pickedAnswers(questions, drafts);
    expect(picked).toEqual({ target: ["Chat"], extras: ["Tests", "Docs"] });
    expect(picked!.target).not.toBe(drafts.target.selected);
  });

  it.each([
    ["typed Other text", { selected: ["Chat"], otherText: "also this" }],
    ["no pick", { selected: [], otherText: "" }],
    ["a label with spaces", { selected: [" Chat"], otherText: "" }],
    ["two picks on a single-select question", { selected: ["Chat", "Email"], otherText: "" }],
    ["a label that is no option", { selected: ["Fax"], otherText: "" }],
  ])("defers to the full rules for %s", (_, draft) => {
    const questions = [{ questionId: "target", header: "Target", question: "Where?", multiSelect: false, options: [{ label: "Email" }, { label: "Chat" }, { label: " Chat" }] }] as unknown as Question[];
    expect(pickedAnswers(questions, { target: draft })).toBeUndefined();
  });
});
