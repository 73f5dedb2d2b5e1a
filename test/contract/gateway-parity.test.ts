/**
 * Parity with the real OpenClaw 2026.9.6 code, through fixtures recorded from its compiled dist by
 * `fixtures/record-gateway-fixtures.mjs` (see that file to re-record after an upgrade).
 */
import { readFileSync } from "node:fs";
import {
  type AnswerMap,
  type Question,
  QUESTION_ID_PATTERN,
  canonicalizeAnswers,
  formatPromptText,
  normalizeAskUserInput,
  parseTextReply,
  validateAnswers,
} from "../../src/contract/index.js";

interface Fixtures {
  openclaw: string;
  normalizeCases: ({ input: unknown } & ({ ok: true; value: unknown } | { ok: false; message: string }))[];
  answerCases: ({ questions: Question[]; answers: AnswerMap } & ({ ok: true; value: AnswerMap } | { ok: false; message: string; reason: string }))[];
  textCases: (
    | { kind: "format"; questions: Question[]; text: string; promptOnly: string }
    | { kind: "parse"; questions: Question[]; reply: string; answers: AnswerMap }
  )[];
}

const fixtures = JSON.parse(readFileSync(new URL("./fixtures/gateway-fixtures.json", import.meta.url), "utf8")) as Fixtures;

/**
 * The one intended difference: OpenClaw checks the id pattern before trimming, so `" env "` is
 * rejected there; this kit trims first (the value it produces is the same wire-valid `"env"`).
 */
function hasPaddedValidId(input: unknown): boolean {
  const questions = (input as { questions?: unknown } | null)?.questions;
  if (!Array.isArray(questions)) return false;
  return questions.some((question) => {
    const id = (question as { id?: unknown } | null)?.id;
    return typeof id === "string" && id !== id.trim() && QUESTION_ID_PATTERN.test(id.trim());
  });
}

describe(`parity with OpenClaw ${fixtures.openclaw}`, () => {
  it("records enough accepted and rejected tool inputs to mean something", () => {
    const accepted = fixtures.normalizeCases.filter((entry) => entry.ok).length;
    expect(accepted).toBeGreaterThan(50);
    expect(fixtures.normalizeCases.length - accepted).toBeGreaterThan(50);
  });

  it("accepts exactly the tool inputs OpenClaw accepts, with the same canonical value", () => {
    const mismatches: unknown[] = [];
    for (const entry of fixtures.normalizeCases.filter((each) => !hasPaddedValidId(each.input))) {
      const ours = normalizeAskUserInput(entry.input);
      if (entry.ok) {
        if (!ours.ok) mismatches.push({ input: entry.input, expected: entry.value, ours: ours.errors });
        else if (JSON.stringify(ours.value) !== JSON.stringify(entry.value))
          mismatches.push({ input: entry.input, expected: entry.value, ours: ours.value });
      } else if (ours.ok) {
        mismatches.push({ input: entry.input, expectedError: entry.message, ours: ours.value });
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("carries OpenClaw's own duplicate-id and duplicate-label wording", () => {
    const shaped = fixtures.normalizeCases.filter(
      (entry): entry is Extract<typeof entry, { ok: false }> =>
        !entry.ok && (entry.message.startsWith("duplicate question id") || entry.message.startsWith("question '")),
    );
    expect(shaped.length).toBeGreaterThan(5);
    for (const entry of shaped) {
      const ours = normalizeAskUserInput(entry.input);
      expect(ours.ok ? [] : ours.errors.map((error) => error.message)).toContainEqual(expect.stringContaining(entry.message));
    }
  });

  it("accepts a padded id that OpenClaw rejects, yielding the trimmed id (documented difference)", () => {
    const padded = fixtures.normalizeCases.filter((entry) => hasPaddedValidId(entry.input));
    expect(padded.length).toBeGreaterThan(0);
    expect(padded.every((entry) => !entry.ok)).toBe(true);
  });

  it("validates answers like QuestionManager.validateAnswers: same canonical value, same first message", () => {
    const mismatches: unknown[] = [];
    for (const entry of fixtures.answerCases) {
      const ours = validateAnswers(entry.questions, entry.answers);
      const outcome = ours.ok ? { ok: true, value: ours.value } : { ok: false, message: ours.errors[0]?.message };
      const expected = entry.ok ? { ok: true, value: entry.value } : { ok: false, message: entry.message };
      if (JSON.stringify(outcome) !== JSON.stringify(expected))
        mismatches.push({ questions: entry.questions, answers: entry.answers, expected, outcome });
    }
    expect(mismatches).toEqual([]);
    expect(new Set(fixtures.answerCases.map((entry) => (entry.ok ? "ok" : entry.message.replace(/^question '[^']*' /, ""))))).toEqual(
      new Set([
        "ok",
        "requires an answer",
        "contains an empty answer",
        "does not allow multiple answers",
        "is not part of this request",
        "contains an unknown option",
      ]),
    );
  });

  it("canonicalizes answers the gateway accepts into exactly what the gateway stores, minus repeats", () => {
    for (const entry of fixtures.answerCases) {
      if (!entry.ok) continue;
      const canonical = canonicalizeAnswers(entry.questions, entry.answers);
      const deduplicated = Object.fromEntries(Object.entries(entry.value).map(([id, values]) => [id, [...new Set(values)]]));
      expect(canonical).toEqual(deduplicated);
    }
  });

  it("renders the plain-text prompt line for line", () => {
    for (const entry of fixtures.textCases) {
      if (entry.kind === "format") expect(formatPromptText(entry.questions)).toBe(entry.text);
    }
  });

  it("reads plain-text replies into the same answers, and names exactly the questions left unanswered", () => {
    const mismatches: unknown[] = [];
    for (const entry of fixtures.textCases) {
      if (entry.kind !== "parse") continue;
      const ours = parseTextReply(entry.questions, entry.reply);
      const unanswered = entry.questions
        .filter((question) => (entry.answers[question.questionId] ?? []).length === 0)
        .map((question) => `/${question.questionId}`);
      const outcome = ours.ok ? ours.value : ours.errors.map((error) => error.path);
      const expected = unanswered.length === 0 ? entry.answers : unanswered;
      if (JSON.stringify(outcome) !== JSON.stringify(expected))
        mismatches.push({ questions: entry.questions.map((question) => question.questionId), reply: entry.reply, expected, outcome });
    }
    expect(mismatches).toEqual([]);
  });
});
