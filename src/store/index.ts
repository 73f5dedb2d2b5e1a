/**
 * `ask-user-kit/store` — the prompt runtime, and everything the kit's own parts read from it, so a
 * host can build what the kit builds.
 */
export type * from "./types.js";

export { createAskUserStore } from "./create-ask-user-store.js";
export { DEFAULT_STORAGE_KEY_PREFIX } from "./draft-persistence.js";
export { summaryOfEntry, summaryOutcome } from "./summaries.js";
export { isOpenStatus, dockCollapseChange } from "./docking.js";
export { draftHasValue } from "./drafts.js";
export { isCredentialHeld } from "./credential-scan.js";
export { subscribeStoreEvents } from "./store-events.js";
export type {
  AskUserCollapseDetail,
  AskUserEventDetails,
  AskUserResolvedDetail,
  AskUserSkipDetail,
  AskUserStoreEvent,
  AskUserSubmitDetail,
  TerminalStatus,
} from "./store-events.js";
export {
  selectActivePrompt,
  selectCanAdvance,
  selectCanSend,
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
