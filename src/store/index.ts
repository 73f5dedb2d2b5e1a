export type * from "./types.js";

export { createAskUserStore } from "./create-ask-user-store.js";
export { DEFAULT_STORAGE_KEY_PREFIX } from "./draft-persistence.js";
export { summaryOfEntry } from "./summaries.js";
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
  sameIds,
  sameOtherSessions,
} from "./selectors.js";
export type {
  OtherSessionPending,
  PromptPosition,
  PromptProgress,
  SummaryLine,
  SummaryOutcome,
  TranscriptFilter,
} from "./selectors.js";
