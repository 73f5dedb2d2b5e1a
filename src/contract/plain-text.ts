import { contractError, describeType, quote } from "./errors.js";
import { PLAIN_TEXT } from "./gateway-text.js";
import { setEntry } from "./safe-read.js";
import type { AnswerMap, ContractError, ContractResult, Question } from "./types.js";

export interface PromptTextOptions {
  /** First line. Default "Agent needs input:". */
  intro?: string;
  /** The line under questions that accept free text. Default "Other: reply with your own answer." */
  otherLine?: string;
}

/**
 * Renders questions for a surface without buttons (spec §6), line for line as OpenClaw's
 * plain-text bridge does: intro, then per question its header (numbered when several), the
 * question, numbered options (`k. label - description`), the Other line, and one reply hint.
 */
export function formatPromptText(questions: readonly Question[], options: PromptTextOptions = {}): string {
  const lines = [options.intro ?? PLAIN_TEXT.intro];
  questions.forEach((question, index) => {
    lines.push("", questions.length > 1 ? `${index + 1}. ${question.header}` : question.header, question.question);
    question.options.forEach((option, optionIndex) => {
      lines.push(`${optionIndex + 1}. ${option.label}${option.description ? ` - ${option.description}` : ""}`);
    });
    if (question.isOther) lines.push(options.otherLine ?? PLAIN_TEXT.otherLine);
  });
  return `${lines.join("\n")}\n\n${replyHint(questions)}`;
}

function replyHint(questions: readonly Question[]): string {
  const [question] = questions;
  if (questions.length !== 1 || !question) return PLAIN_TEXT.hintSeveral;
  if (question.options.length === 0) return PLAIN_TEXT.hintFreeText;
  if (question.multiSelect) return PLAIN_TEXT.hintMultiSelect;
  return question.isOther ? PLAIN_TEXT.hintWithOther : PLAIN_TEXT.hintOptionsOnly;
}

/**
 * Reads a plain-text reply into answers for `question.resolve`, the way OpenClaw's bridge does.
 * One question takes the whole reply. Several take `key: value` lines (also `=` or `-`; key = id,
 * header, question text or number, case-insensitive) and otherwise one answer per line. Per answer:
 * a number in range picks that option, then a case-insensitive label match, then the text itself
 * (when free text is allowed). Multi-select tries the whole answer as one option first, then splits
 * on `,`, `;` and newlines. A question left without an answer is an error naming it.
 */
export function parseTextReply(questions: readonly Question[], text: string): ContractResult<AnswerMap> {
  if (typeof text !== "string") {
    return { ok: false, errors: [contractError([], "invalid_type", `The reply must be text, not ${describeType(text)}.`)] };
  }
  const answers: AnswerMap = {};
  const errors: ContractError[] = [];
  const [only] = questions;
  if (questions.length === 1 && only) {
    setEntry(answers, only.questionId, answerValues(text, only));
  } else {
    const keyed = keyedAnswers(text);
    const lines = text.split(/\r?\n/).map((line) => line.trim());
    questions.forEach((question, index) => {
      const answer =
        keyed.get(question.questionId.toLowerCase()) ??
        keyed.get(question.header.toLowerCase()) ??
        keyed.get(question.question.toLowerCase()) ??
        keyed.get(String(index + 1)) ??
        lines[index] ??
        "";
      setEntry(answers, question.questionId, answer ? answerValues(answer, question) : []);
    });
  }
  questions.forEach((question, index) => {
    if ((answers[question.questionId] ?? []).length === 0) errors.push(unansweredError(questions, question, index));
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: answers };
}

function unansweredError(questions: readonly Question[], question: Question, index: number): ContractError {
  const accepts =
    question.options.length === 0 || question.isOther
      ? "an option number, an option label or your own answer"
      : "an option number or one of the listed labels";
  const name = question.header ? quote(question.header) : quote(question.questionId);
  const message =
    questions.length === 1
      ? `No answer for ${name}: reply with ${accepts}.`
      : `No answer for question ${index + 1} (${name}): add a line like '${question.questionId}: …' with ${accepts}, or give one answer per line.`;
  return contractError([question.questionId], "unanswered", message);
}

function answerValues(answer: string, question: Question): string[] {
  if (!question.multiSelect) {
    const value = answerValue(answer, question);
    return value ? [value] : [];
  }
  // The whole answer first, so a label that itself contains a comma still matches.
  const whole = declaredOption(answer, question);
  if (whole) return [whole];
  const values = new Set<string>();
  for (const part of answer.split(/[,;\n]/)) {
    const value = answerValue(part, question);
    if (value) values.add(value);
  }
  return [...values];
}

function answerValue(answer: string, question: Question): string | undefined {
  const trimmed = answer.trim();
  const declared = declaredOption(trimmed, question);
  if (declared) return declared;
  if (question.options.length > 0 && !question.isOther) return undefined;
  return trimmed || undefined;
}

/** An option picked by its 1-based number or by its label, ignoring case. */
function declaredOption(answer: string, question: Question): string | undefined {
  const trimmed = answer.trim();
  if (/^\d+$/.test(trimmed)) {
    const picked = question.options[Number(trimmed) - 1];
    if (picked) return picked.label;
  }
  const folded = trimmed.toLowerCase();
  return question.options.find((option) => option.label.toLowerCase() === folded)?.label;
}

/** `key: value` lines (also `=` and `-`); the key ends at the first separator, later lines win. */
function keyedAnswers(text: string): Map<string, string> {
  const keyed = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const cut = line.search(/[:=-]/);
    if (cut < 0) continue;
    const key = line.slice(0, cut).trim().toLowerCase();
    const value = line.slice(cut + 1).trim();
    if (key && value) keyed.set(key, value);
  }
  return keyed;
}
