/**
 * `ask_user` inputs for the stories and browser tests, written as the model writes them (`id`,
 * 1–3 questions). The release questions (deploy target, checks, notify) are the repo's shared
 * samples; the story-only inputs (long labels, right-to-left, Vietnamese) live here. Fixture-fed
 * stories turn them into gateway records with the kit's own normalization, so every story shows
 * exactly what a gateway would carry.
 */
import type { QuestionRecord } from "../../src/contract/types.js";
import { type SampleInput, sampleRecord } from "../../src/testing/sample-questions.js";

export type AskUserInput = SampleInput;
export {
  checks,
  deployTarget,
  notify,
  multiInput as multi,
  singleInput as single,
  threeStepsInput as threeSteps,
} from "../../src/testing/sample-questions.js";

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
      options: [{ label: "جدول (Recommended)", description: "صفوف وأعمدة قابلة للفرز" }, { label: "رسم بياني" }, { label: "نص قصير" }],
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

let recordCounter = 0;

/** A pending gateway record for `input` with a fresh id and run, expiring `timeoutSeconds` (default 900) from now. */
export function recordOf(input: AskUserInput, overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  recordCounter += 1;
  return sampleRecord(input, {
    id: `ask_story_${recordCounter.toString(16).padStart(4, "0")}`,
    runId: `run_story_${recordCounter}`,
    ...overrides,
  });
}
