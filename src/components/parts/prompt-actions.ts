import type { Question } from "../../contract/types.js";
import type { AskUserStoreApi } from "../../react/ask-user-context.js";
import { selectCanAdvance } from "../../store/selectors.js";

/**
 * What this client last asked the gateway to do with each prompt, so Retry repeats that (an
 * answer, or a Skip) rather than guessing. Keyed by store, so trees never share it.
 */
const lastIntents = new WeakMap<AskUserStoreApi, Map<string, "answer" | "skip">>();

function remember(store: AskUserStoreApi, promptId: string, intent: "answer" | "skip") {
  let byPrompt = lastIntents.get(store);
  if (!byPrompt) lastIntents.set(store, (byPrompt = new Map()));
  byPrompt.set(promptId, intent);
}

export function lastIntent(store: AskUserStoreApi, promptId: string): "answer" | "skip" | undefined {
  return lastIntents.get(store)?.get(promptId);
}

export function submitPrompt(store: AskUserStoreApi, promptId: string) {
  remember(store, promptId, "answer");
  store.getState().submit(promptId);
}

export function skipPrompt(store: AskUserStoreApi, promptId: string) {
  remember(store, promptId, "skip");
  store.getState().skip(promptId);
}

/** Next, or Submit on the last step — only when the step on screen has a value. */
export function advancePrompt(store: AskUserStoreApi, promptId: string) {
  const state = store.getState();
  const entry = Object.hasOwn(state.prompts, promptId) ? state.prompts[promptId] : undefined;
  if (!entry || !selectCanAdvance(entry)) return;
  if (entry.step < entry.record.questions.length - 1) state.nextStep(promptId);
  else submitPrompt(store, promptId);
}

/** What a click (or its number key) on an option does: toggle, or pick and move on. */
export function activateOption(store: AskUserStoreApi, promptId: string, question: Question, label: string, advance: boolean) {
  const state = store.getState();
  if (question.multiSelect) state.toggleOption(promptId, question.questionId, label);
  else state.pickOption(promptId, question.questionId, label, { advance });
}
