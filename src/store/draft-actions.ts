import type { ActionContext } from "./action-context.js";
import { draftHasValue, hasOption } from "./drafts.js";
import type { AskUserActions, PromptEntry, QuestionDraft } from "./types.js";

type DraftActions = Pick<AskUserActions, "pickOption" | "toggleOption" | "setOtherText" | "goToStep" | "nextStep" | "previousStep">;

/** The person's edits of a pending prompt: picks, Other text, steps. Each is persisted as a draft. */
export function createDraftActions(context: ActionContext): DraftActions {
  /** Applies `update` to one question's draft of a pending prompt. */
  const updateDraft = (
    promptId: string,
    questionId: string,
    update: (draft: QuestionDraft, entry: PromptEntry, index: number) => PromptEntry | QuestionDraft,
  ) =>
    context.updateOpen(promptId, (entry) => {
      const index = entry.record.questions.findIndex((question) => question.questionId === questionId);
      if (index < 0) return entry;
      const draft = entry.drafts[questionId] ?? { selected: [], otherText: "" };
      const result = update(draft, entry, index);
      return "record" in result ? result : withDraft(entry, questionId, result);
    });

  return {
    pickOption(promptId, questionId, label, pickOptions) {
      updateDraft(promptId, questionId, (draft, entry, index) => {
        const question = entry.record.questions[index]!;
        if (question.multiSelect || !hasOption(question, label)) return draft;
        const picked =
          draft.selected.length === 1 && draft.selected[0] === label && draft.otherText === "" ? draft : { selected: [label], otherText: "" };
        const next = withDraft(entry, questionId, picked);
        const advance = pickOptions?.advance !== false && entry.step === index && index < entry.record.questions.length - 1;
        return advance ? { ...next, step: index + 1 } : next;
      });
    },

    toggleOption(promptId, questionId, label) {
      updateDraft(promptId, questionId, (draft, entry, index) => {
        const question = entry.record.questions[index]!;
        if (!question.multiSelect || !hasOption(question, label)) return draft;
        const selected = draft.selected.includes(label) ? draft.selected.filter((picked) => picked !== label) : [...draft.selected, label];
        return { ...draft, selected };
      });
    },

    setOtherText(promptId, questionId, text) {
      if (typeof text !== "string") return;
      updateDraft(promptId, questionId, (draft, entry, index) => {
        const clearsPick = !entry.record.questions[index]!.multiSelect && text.trim() !== "" && draft.selected.length > 0;
        if (draft.otherText === text && !clearsPick) return draft;
        return { selected: clearsPick ? [] : draft.selected, otherText: text };
      });
    },

    goToStep(promptId, step) {
      if (typeof step !== "number" || Number.isNaN(step)) return;
      context.updateOpen(promptId, (entry) => withStep(entry, Math.trunc(step)));
    },

    nextStep(promptId) {
      context.updateOpen(promptId, (entry) => {
        const question = entry.record.questions[entry.step];
        return question && draftHasValue(entry.drafts[question.questionId]) ? withStep(entry, entry.step + 1) : entry;
      });
    },

    previousStep(promptId) {
      context.updateOpen(promptId, (entry) => withStep(entry, entry.step - 1));
    },
  };
}

function withDraft(entry: PromptEntry, questionId: string, draft: QuestionDraft): PromptEntry {
  if (entry.drafts[questionId] === draft) return entry;
  return { ...entry, drafts: { ...entry.drafts, [questionId]: draft } };
}

function withStep(entry: PromptEntry, step: number): PromptEntry {
  const clamped = Math.min(Math.max(step, 0), entry.record.questions.length - 1);
  return clamped === entry.step ? entry : { ...entry, step: clamped };
}
