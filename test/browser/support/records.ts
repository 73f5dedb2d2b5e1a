import type { Question, QuestionRecord } from "../../../src/contract/types.js";

export const target: Question = {
  questionId: "deploy_target",
  header: "Target",
  question: "Where should this release go first?",
  options: [{ label: "Staging (Recommended)", description: "No customers" }, { label: "Production" }, { label: "Preview link" }],
  isOther: true,
};

export const checks: Question = {
  questionId: "checks",
  header: "Checks",
  question: "Which checks should run before it ships?",
  options: [{ label: "Unit tests" }, { label: "Browser tests" }, { label: "Bundle size" }],
  multiSelect: true,
  isOther: true,
};

export const notify: Question = {
  questionId: "notify",
  header: "Notify",
  question: "Who should hear about the release?",
  options: [{ label: "The team channel" }, { label: "Nobody" }],
  isOther: true,
};

/** The longest a model may write: 64-character labels, long descriptions and question. */
export const longest: Question = {
  questionId: "migration_plan",
  header: "Migration wi",
  question:
    "The schema change rewrites the orders table, which holds forty million rows; how should the migration run so checkout keeps working through it?",
  options: [
    {
      label: "Online, in batches of ten thousand rows, throttled (Recommended)",
      description: "Slowest path: about six hours, but checkout never blocks and every batch can be paused.",
    },
    {
      label: "Offline during the Sunday maintenance window, all rows at once",
      description: "Fastest path: about forty minutes of maintenance page for every customer.",
    },
    { label: "Shadow table with dual writes, then an atomic rename at the end" },
    { label: "Postpone the migration until the archive job shrinks the table" },
  ],
  isOther: true,
};

/** Unbroken tokens a model does send as labels: commit hashes, URLs, long identifiers. */
export const unbroken: Question = {
  questionId: "revert_to",
  header: "Revert to",
  question: "Which commit should the branch go back to?",
  options: [
    {
      label: "3f9c2e1d8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e",
      description: "https://example.com/AskUserKit/commit/3f9c2e1d8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e",
    },
    { label: "AskUserKitDockedPanelCollapsedComposerRestoredRelease" },
  ],
  isOther: true,
};

let counter = 0;

export function record(questions: Question[], overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  counter += 1;
  const now = Date.now();
  return {
    id: `ask_browser_${counter}`,
    questions,
    sessionKey: "agent:main:main",
    runId: `run_browser_${counter}`,
    createdAtMs: now,
    expiresAtMs: now + 900_000,
    status: "pending",
    ...overrides,
  };
}
