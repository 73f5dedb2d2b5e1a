import { contractError, describeType } from "./errors.js";
import { INVALID_ANSWER_REASONS, invalidAnswerMessage } from "./gateway-text.js";
import { isObjectRecord, ownKeys, readOwn, setEntry, UNREADABLE } from "./safe-read.js";
import { readStringList } from "./string-list.js";
import type { AnswerMap, ContractError, ContractResult, Question } from "./types.js";

/**
 * Checks answers against a record's questions the way the gateway's
 * `QuestionManager.validateAnswers` does, and returns them in the gateway's canonical form.
 * Every message is the gateway's own text, and errors come in its check order, so the first error
 * is the one a real gateway would reply with. Shape problems (which the gateway's parameter schema
 * rejects before that check) come first.
 */
export function validateAnswers(questions: readonly Question[], answers: AnswerMap): ContractResult<AnswerMap> {
  const read = readAnswerMap(answers);
  if (!read.ok) return read;
  const submitted = read.value;
  const errors: ContractError[] = [];
  const known = new Set(questions.map((question) => question.questionId));
  for (const id of submitted.keys()) {
    if (!known.has(id)) errors.push(contractError([id], "unknown_question", invalidAnswerMessage(id, INVALID_ANSWER_REASONS.unknownQuestion)));
  }

  const canonical: AnswerMap = {};
  for (const question of questions) {
    const id = question.questionId;
    const values = submitted.get(id);
    if (!values || values.length === 0) {
      errors.push(contractError([id], "unanswered", invalidAnswerMessage(id, INVALID_ANSWER_REASONS.unanswered)));
      continue;
    }
    const blank = values.findIndex((value) => !value.trim());
    if (blank >= 0) errors.push(contractError([id, blank], "blank_answer", invalidAnswerMessage(id, INVALID_ANSWER_REASONS.blankAnswer)));
    if (!question.multiSelect && values.length > 1) {
      errors.push(contractError([id], "multiple_not_allowed", invalidAnswerMessage(id, INVALID_ANSWER_REASONS.multipleNotAllowed)));
    }
    const canonicalValues = values.map((value) => canonicalValue(question, value));
    if (question.options.length > 0 && question.isOther !== true) {
      const unknown = canonicalValues.findIndex((value) => !question.options.some((option) => option.label === value));
      if (unknown >= 0) errors.push(contractError([id, unknown], "unknown_option", invalidAnswerMessage(id, INVALID_ANSWER_REASONS.unknownOption)));
    }
    setEntry(canonical, id, canonicalValues);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: canonical };
}

/**
 * Prepares a person's picks and typed text for `question.resolve`: values trimmed, a value equal to
 * an option label after trimming (case-sensitive) becomes that label, blanks and repeats dropped,
 * order kept, keys in question order. Keys that are not questions are kept so that validation
 * reports them instead of losing them silently.
 */
export function canonicalizeAnswers(questions: readonly Question[], answers: AnswerMap): AnswerMap {
  const canonical: AnswerMap = {};
  const byId = new Map(questions.map((question) => [question.questionId, question]));
  const ids = [...questions.map((question) => question.questionId), ...Object.keys(answers).filter((id) => !byId.has(id))];
  for (const id of ids) {
    const values = Object.hasOwn(answers, id) ? answers[id] : undefined;
    if (!Array.isArray(values)) continue;
    const question = byId.get(id);
    const seen = new Set<string>();
    for (const value of values) {
      if (typeof value !== "string" || !value.trim()) continue;
      seen.add(question ? canonicalValue(question, value) : value.trim());
    }
    setEntry(canonical, id, [...seen]);
  }
  return canonical;
}

/** The gateway's rule: the option whose label equals the value after trimming both, else the trimmed text. */
function canonicalValue(question: Question, value: string): string {
  const trimmed = value.trim();
  return question.options.find((option) => option.label.trim() === trimmed)?.label ?? trimmed;
}

/** Reads an answer map defensively: callers may hand over parsed JSON or worse. */
function readAnswerMap(answers: unknown): ContractResult<Map<string, string[]>> {
  if (!isObjectRecord(answers)) {
    return {
      ok: false,
      errors: [
        contractError([], "invalid_type", `answers must be an object mapping question ids to arrays of strings, not ${describeType(answers)}.`),
      ],
    };
  }
  const keys = ownKeys(answers);
  if (keys === UNREADABLE)
    return {
      ok: false,
      errors: [contractError([], "unreadable", "answers could not be read (a getter or proxy threw); pass plain JSON data.")],
    };
  const errors: ContractError[] = [];
  const values = new Map<string, string[]>();
  for (const key of keys) {
    const list = readStringList(readOwn(answers, key));
    if (typeof list === "string") errors.push(contractError([key], "invalid_type", `answers for question '${key}' ${list}`));
    else values.set(key, list);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: values };
}
