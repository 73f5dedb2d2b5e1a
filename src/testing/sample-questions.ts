/**
 * The sample `ask_user` questions the playground, the stories and the benchmarks share: a release
 * that asks where to deploy, which checks to run and whom to notify. Written as a model writes
 * them (`id`, ` (Recommended)` marker), so every user sees what the tool's normalization makes of
 * them. Plain data and two builders; no React, no DOM.
 */
import { normalizeAskUserInput } from "../contract/normalize-input.js";
import type { Question, QuestionRecord } from "../contract/types.js";

/** One question as the model writes it in the `ask_user` input. */
export interface SampleInputQuestion {
  id: string;
  header: string;
  question: string;
  options: { label: string; description?: string }[];
  multiSelect?: boolean;
}

/** The `ask_user` input as the model writes it. */
export interface SampleInput {
  questions: SampleInputQuestion[];
  timeoutSeconds?: number;
}

/** Single-select with a Recommended option and descriptions. */
export const deployTarget: SampleInputQuestion = {
  id: "deploy_target",
  header: "Target",
  question: "Where should this release go first?",
  options: [
    { label: "Staging (Recommended)", description: "Same data shape as production, no customers" },
    { label: "Production", description: "Customers see it within minutes" },
    { label: "Preview link", description: "A throwaway URL for review" },
  ],
};

/** Multi-select, four options. */
export const checks: SampleInputQuestion = {
  id: "checks",
  header: "Checks",
  question: "Which checks should run before it ships?",
  options: [{ label: "Unit tests" }, { label: "Browser tests" }, { label: "Bundle size" }, { label: "Changelog" }],
  multiSelect: true,
};

/** Single-select, two options. */
export const notify: SampleInputQuestion = {
  id: "notify",
  header: "Notify",
  question: "Who should hear about the release?",
  options: [{ label: "The team channel" }, { label: "Nobody" }],
};

export const singleInput: SampleInput = { questions: [deployTarget] };
export const multiInput: SampleInput = { questions: [checks] };
export const threeStepsInput: SampleInput = { questions: [deployTarget, checks, notify] };

/** The questions of `input` as a gateway carries them; throws naming every problem when it is not valid `ask_user` input. */
export function sampleQuestions(input: SampleInput): Question[] {
  const result = normalizeAskUserInput(input);
  if (!result.ok)
    throw new Error(`sample input is not valid ask_user input: ${result.errors.map((error) => `${error.path}: ${error.message}`).join("; ")}`);
  return result.value.questions;
}

/**
 * A pending gateway record of `input` in the default agent's main session, created at
 * `overrides.createdAtMs` (default now) and expiring `timeoutSeconds` (default 900) later.
 */
export function sampleRecord(input: SampleInput, overrides: Partial<QuestionRecord> & { id: string }): QuestionRecord {
  const createdAtMs = overrides.createdAtMs ?? Date.now();
  return {
    questions: sampleQuestions(input),
    agentId: "main",
    sessionKey: "agent:main:main",
    createdAtMs,
    expiresAtMs: createdAtMs + (input.timeoutSeconds ?? 900) * 1000,
    status: "pending",
    ...overrides,
  };
}
