import type { Question } from "../../contract/types.js";
import type { AskUserStoreApi } from "../../react/index.js";
import { selectCanAdvance } from "../../store/index.js";

/** Next, or Submit on the last step — only when the step on screen has a value. */
export function advancePrompt(store: AskUserStoreApi, promptId: string) {
  const state = store.getState();
  const entry = Object.hasOwn(state.prompts, promptId) ? state.prompts[promptId] : undefined;
  if (!entry || !selectCanAdvance(entry)) return;
  if (entry.step < entry.record.questions.length - 1) state.nextStep(promptId);
  else state.submit(promptId);
}

/** What a click (or its number key) on an option does: toggle, or pick and move on. */
export function activateOption(store: AskUserStoreApi, promptId: string, question: Question, label: string, advance: boolean) {
  const state = store.getState();
  if (question.multiSelect) state.toggleOption(promptId, question.questionId, label);
  else state.pickOption(promptId, question.questionId, label, { advance });
}

/** Whether a click on one of `question`'s options moves the prompt on to the next step (as `pickOption` decides). */
export function pickAdvances(store: AskUserStoreApi, promptId: string, question: Question): boolean {
  const state = store.getState();
  const entry = Object.hasOwn(state.prompts, promptId) ? state.prompts[promptId] : undefined;
  if (!entry || entry.status !== "pending" || question.multiSelect) return false;
  const index = entry.record.questions.findIndex((candidate) => candidate.questionId === question.questionId);
  return index === entry.step && index < entry.record.questions.length - 1;
}
