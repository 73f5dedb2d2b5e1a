import { canonicalizeAnswers, validateAnswers } from "../contract/answers.js";
import { setEntry } from "../contract/safe-read.js";
import type { AnswerMap, ContractResult, Question } from "../contract/types.js";
import type { QuestionDraft } from "./types.js";

/** A draft for each question, none of them touched yet. */
export function createEmptyDrafts(questions: readonly Question[]): Record<string, QuestionDraft> {
  const drafts: Record<string, QuestionDraft> = {};
  for (const question of questions) setEntry(drafts, question.questionId, { selected: [], otherText: "" });
  return drafts;
}

/** The answer a draft stands for: picks in pick order, then the trimmed Other text if any. */
export function draftValues(draft: QuestionDraft | undefined): string[] {
  if (!draft) return [];
  const other = draft.otherText.trim();
  return other === "" ? [...draft.selected] : [...draft.selected, other];
}

/** The answers the drafts send, canonical and checked by the contract's rules (the gateway's). */
export function draftAnswers(questions: readonly Question[], drafts: Readonly<Record<string, QuestionDraft>>): ContractResult<AnswerMap> {
  const values: AnswerMap = {};
  for (const question of questions) {
    setEntry(values, question.questionId, draftValues(Object.hasOwn(drafts, question.questionId) ? drafts[question.questionId] : undefined));
  }
  return validateAnswers(questions, canonicalizeAnswers(questions, values));
}

export function draftHasValue(draft: QuestionDraft | undefined): boolean {
  return draft !== undefined && (draft.selected.length > 0 || draft.otherText.trim() !== "");
}

export function hasOption(question: Question, label: string): boolean {
  return question.options.some((option) => option.label === label);
}

/**
 * Drafts for `questions` rebuilt from untrusted data (storage, or drafts of an older version of
 * the record): anything that is not a string, not an option label or a second pick on a
 * single-select question is dropped, so a bad draft costs the person a pick, never an exception.
 */
export function sanitizeDrafts(questions: readonly Question[], raw: unknown): Record<string, QuestionDraft> {
  const source = isObject(raw) ? raw : {};
  const drafts: Record<string, QuestionDraft> = {};
  for (const question of questions) {
    setEntry(
      drafts,
      question.questionId,
      sanitizeDraft(question, Object.hasOwn(source, question.questionId) ? source[question.questionId] : undefined),
    );
  }
  return drafts;
}

function sanitizeDraft(question: Question, raw: unknown): QuestionDraft {
  if (!isObject(raw)) return { selected: [], otherText: "" };
  const otherText = typeof raw.otherText === "string" ? raw.otherText : "";
  const selected: string[] = [];
  if (Array.isArray(raw.selected)) {
    for (const label of raw.selected) {
      if (typeof label === "string" && hasOption(question, label) && !selected.includes(label)) selected.push(label);
    }
  }
  if (question.multiSelect) return { selected, otherText };
  // Single-select: typed text and a pick exclude each other; the typed text is the costlier to lose.
  if (otherText.trim() !== "") return { selected: [], otherText };
  return { selected: selected.slice(0, 1), otherText };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
