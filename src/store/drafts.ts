import type { Question } from "../contract/types.js";
import type { QuestionDraft } from "./types.js";

/**
 * The draft of a question nobody has touched. Drafts are replaced, never changed in place, so every
 * untouched question of every prompt shares this one (frozen, so a stray write fails loudly): a
 * burst of thousands of arrivals allocates no draft until the person edits one.
 */
const UNTOUCHED_DRAFT: QuestionDraft = Object.freeze({ selected: Object.freeze([]) as unknown as string[], otherText: "" });

export function createEmptyDrafts(questions: readonly Question[]): Record<string, QuestionDraft> {
  const drafts: Record<string, QuestionDraft> = {};
  for (const question of questions) drafts[question.questionId] = UNTOUCHED_DRAFT;
  return drafts;
}

/**
 * Untouched drafts for arrivals, one store's: the last record it made is kept (frozen) with its
 * question ids and handed out again while prompts ask the same questions — an agent asks the same
 * ones again and again, and a burst brings thousands — since nothing changes a drafts record in
 * place (an edit copies it). A class, so its method stays optimized from one store to the next.
 */
export class EmptyDrafts {
  private ids: readonly string[] = [];
  private drafts: Record<string, QuestionDraft> = Object.freeze({});

  of(questions: readonly Question[]): Record<string, QuestionDraft> {
    if (sameIds(questions, this.ids)) return this.drafts;
    this.ids = questions.map((question) => question.questionId);
    this.drafts = Object.freeze(createEmptyDrafts(questions));
    return this.drafts;
  }
}

function sameIds(questions: readonly Question[], ids: readonly string[]): boolean {
  if (questions.length !== ids.length) return false;
  for (let i = 0; i < ids.length; i++) if (questions[i]!.questionId !== ids[i]) return false;
  return true;
}

/** The answer a draft stands for: picks in pick order, then the trimmed Other text if any. */
export function draftValues(draft: QuestionDraft | undefined): string[] {
  if (!draft) return [];
  const other = draft.otherText.trim();
  return other === "" ? draft.selected.slice() : [...draft.selected, other];
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
    drafts[question.questionId] = sanitizeDraft(question, source[question.questionId]);
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
