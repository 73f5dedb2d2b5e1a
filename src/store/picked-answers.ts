import { setEntry } from "../contract/safe-read.js";
import type { AnswerMap, Question } from "../contract/types.js";
import type { QuestionDraft } from "./types.js";

/**
 * The answers of drafts that are nothing but option picks, built without the contract's
 * canonicalize-then-validate pass, which allocates maps, sets and closures per question and cost
 * more than the rest of a send (~20 µs of a ~300 µs loopback round trip). A pick that is exactly
 * the label the canonical rule maps it to is already canonical, and a valid answer, so the result
 * is the one those rules return. Undefined as soon as any question needs the full rules (typed
 * text, no pick, a second pick on a single-select question, a repeat, a label with surrounding
 * space or one that is no option): the caller runs them, with their error messages.
 */
export function pickedAnswers(questions: readonly Question[], drafts: Readonly<Record<string, QuestionDraft>>): AnswerMap | undefined {
  const answers: AnswerMap = {};
  // Indexed loops, not `for…of`: this runs once per send, in code the engine has not optimized,
  // where each step of an array iterator is a call and an allocation.
  for (let questionIndex = 0; questionIndex < questions.length; questionIndex += 1) {
    const question = questions[questionIndex]!;
    const draft = drafts[question.questionId];
    if (draft === undefined || draft.otherText.trim() !== "") return undefined;
    const selected = draft.selected;
    const count = selected.length;
    if (count === 0 || (count > 1 && !question.multiSelect)) return undefined;
    for (let index = 0; index < count; index += 1) {
      const label = selected[index];
      if (!isCanonicalLabel(question, label) || selected.indexOf(label!) !== index) return undefined;
    }
    setEntry(answers, question.questionId, selected.slice());
  }
  return answers;
}

/**
 * The gateway's rule maps a value to the first option whose trimmed label equals the trimmed value;
 * a label with surrounding space never equals a trimmed one, and a blank one is refused as blank.
 */
function isCanonicalLabel(question: Question, label: unknown): boolean {
  if (typeof label !== "string" || label === "") return false;
  const options = question.options;
  for (let index = 0; index < options.length; index += 1) {
    const optionLabel = options[index]!.label;
    if (optionLabel.trim() === label) return optionLabel === label;
  }
  return false;
}
