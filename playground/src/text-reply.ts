/**
 * A plain-text reply typed in the composer while a question waits, read the way OpenClaw's
 * plain-text bridge reads one (`parseTextReply`), then put into the prompt's drafts and submitted
 * through the store — so it goes out as the same single `question.resolve` the panel sends.
 */
import { parseTextReply } from "../../src/contract/index.js";
import type { AskUserStoreApi } from "../../src/index.js";

/** `gone`: the question stopped waiting; `unreadable`: the reply does not answer it (the kit's reason in `message`). */
export type TextReplyResult = { ok: true } | { ok: false; reason: "gone" } | { ok: false; reason: "unreadable"; message: string };

export function answerWithText(store: AskUserStoreApi, promptId: string, text: string): TextReplyResult {
  const state = store.getState();
  const entry = state.prompts[promptId];
  if (!entry || entry.status !== "pending") return { ok: false, reason: "gone" };
  const parsed = parseTextReply(entry.record.questions, text);
  if (!parsed.ok) return { ok: false, reason: "unreadable", message: parsed.errors.map((error) => error.message).join(" ") };

  for (const question of entry.record.questions) {
    const values = parsed.value[question.questionId] ?? [];
    const labels = new Set(question.options.map((option) => option.label));
    const picked = values.filter((value) => labels.has(value));
    const ownText = values.filter((value) => !labels.has(value)).join(", ");
    if (question.multiSelect) {
      const selected = new Set(store.getState().prompts[promptId]?.drafts[question.questionId]?.selected ?? []);
      for (const label of labels) if (selected.has(label) !== picked.includes(label)) state.toggleOption(promptId, question.questionId, label);
      state.setOtherText(promptId, question.questionId, ownText);
    } else if (picked[0] !== undefined) {
      state.pickOption(promptId, question.questionId, picked[0], { advance: false });
    } else {
      state.setOtherText(promptId, question.questionId, ownText);
    }
  }
  const submitted = store.getState().submit(promptId);
  return submitted.ok ? { ok: true } : { ok: false, reason: "unreadable", message: submitted.message };
}
