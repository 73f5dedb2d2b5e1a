export type * from "./types.js";

export { createAskUserStore } from "./create-ask-user-store.js";
export { DEFAULT_STORAGE_KEY_PREFIX } from "./draft-persistence.js";
export {
  selectActivePrompt,
  selectCanAdvance,
  selectCanSubmit,
  selectDockedPromptIds,
  selectOtherSessionPending,
  selectProgress,
  selectPrompt,
  selectPromptPosition,
  selectQuestionValues,
  selectSummaryLines,
  selectTranscript,
} from "./selectors.js";
export type {
  OtherSessionPending,
  PromptPosition,
  PromptProgress,
  SummaryLine,
  SummaryOutcome,
  TranscriptFilter,
} from "./selectors.js";
