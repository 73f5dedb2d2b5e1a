/**
 * `ask_user` inputs for the stories and browser tests, written as the model writes them (`id`,
 * 1–3 questions). Fixture-fed stories turn them into gateway records with the kit's own
 * normalization, so every story shows exactly what a gateway would carry.
 */
import { normalizeAskUserInput } from "../../src/contract/index.js";
import type { Question, QuestionRecord } from "../../src/contract/types.js";

export interface AskUserInputQuestion {
  id: string;
  header: string;
  question: string;
  options: { label: string; description?: string }[];
  multiSelect?: boolean;
}

export interface AskUserInput {
  questions: AskUserInputQuestion[];
  timeoutSeconds?: number;
}

export const deployTarget: AskUserInputQuestion = {
  id: "deploy_target",
  header: "Target",
  question: "Where should this release go first?",
  options: [
    { label: "Staging (Recommended)", description: "Same data shape as production, no customers" },
    { label: "Production", description: "Customers see it within minutes" },
    { label: "Preview link", description: "A throwaway URL for review" },
  ],
};

export const checks: AskUserInputQuestion = {
  id: "checks",
  header: "Checks",
  question: "Which checks should run before it ships?",
  options: [{ label: "Unit tests" }, { label: "Browser tests" }, { label: "Bundle size" }, { label: "Changelog" }],
  multiSelect: true,
};

export const notify: AskUserInputQuestion = {
  id: "notify",
  header: "Notify",
  question: "Who should hear about the release?",
  options: [{ label: "The team channel" }, { label: "Nobody" }],
};

export const single: AskUserInput = { questions: [deployTarget] };
export const multi: AskUserInput = { questions: [checks] };
export const threeSteps: AskUserInput = { questions: [deployTarget, checks, notify] };

/** Longest labels the contract allows (64 characters) and a header the tool cuts to 12. */
export const longLabels: AskUserInput = {
  questions: [
    {
      id: "migration_plan",
      header: "Migration window",
      question:
        "The schema change rewrites the orders table, which holds forty million rows; how should the migration run so checkout keeps working?",
      options: [
        {
          label: "Online, in batches of ten thousand rows, throttled (Recommended)",
          description: "Slowest path: about six hours, but checkout never blocks and every batch can be paused or resumed.",
        },
        {
          label: "Offline during the Sunday maintenance window, all rows at once",
          description: "Fastest path: about forty minutes, with checkout showing a maintenance page for the whole run.",
        },
        { label: "Shadow table with dual writes, then an atomic rename at the end" },
        { label: "Postpone the migration until the archive job shrinks the table" },
      ],
    },
  ],
};

/** Arabic text for the right-to-left story. */
export const rightToLeft: AskUserInput = {
  questions: [
    {
      id: "report_format",
      header: "التنسيق",
      question: "بأي تنسيق تريد التقرير؟",
      options: [
        { label: "جدول (Recommended)", description: "صفوف وأعمدة قابلة للفرز" },
        { label: "رسم بياني" },
        { label: "نص قصير" },
      ],
    },
    {
      id: "report_scope",
      header: "النطاق",
      question: "ما الفترة التي يغطيها التقرير؟",
      options: [{ label: "هذا الأسبوع" }, { label: "هذا الشهر" }],
    },
  ],
};

/** Vietnamese content (the catalogue comes from `locale="vi"`). */
export const vietnamese: AskUserInput = {
  questions: [
    {
      id: "release_channel",
      header: "Kênh phát hành",
      question: "Bạn muốn phát hành bản này qua kênh nào?",
      options: [
        { label: "Thử nghiệm (Recommended)", description: "Chỉ nhóm nội bộ nhận bản cập nhật" },
        { label: "Chính thức", description: "Tất cả người dùng" },
      ],
    },
    {
      id: "release_notes",
      header: "Ghi chú",
      question: "Những mục nào cần có trong ghi chú phát hành?",
      options: [{ label: "Tính năng mới" }, { label: "Sửa lỗi" }, { label: "Thay đổi giao diện" }],
      multiSelect: true,
    },
  ],
};

/** The normalized questions of an input; throws with every problem when the input is not valid `ask_user` input. */
export function questionsOf(input: AskUserInput): Question[] {
  const result = normalizeAskUserInput(input);
  if (!result.ok) throw new Error(`story input is not valid ask_user input: ${result.errors.map((error) => `${error.path}: ${error.message}`).join("; ")}`);
  return result.value.questions;
}

let recordCounter = 0;

/** A pending gateway record for `input`, expiring `timeoutSeconds` (default 900) from now. */
export function recordOf(input: AskUserInput, overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  const now = Date.now();
  recordCounter += 1;
  return {
    id: `ask_story_${recordCounter.toString(16).padStart(4, "0")}`,
    questions: questionsOf(input),
    agentId: "main",
    sessionKey: "agent:main:main",
    runId: `run_story_${recordCounter}`,
    createdAtMs: now,
    expiresAtMs: now + (input.timeoutSeconds ?? 900) * 1000,
    status: "pending",
    ...overrides,
  };
}
