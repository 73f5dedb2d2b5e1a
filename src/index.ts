"use client";
/**
 * `ask-user-kit` — the React entry: provider and hooks, the `AskUser.*` parts, the ready-made
 * docked panel, and the message catalogues. Framework-free pieces live at `ask-user-kit/contract`,
 * `ask-user-kit/client` and `ask-user-kit/store`.
 */

// Bindings
export { AskUserProvider, useAskUser, useAskUserActions, useAskUserEvents, useAskUserMessages, useAskUserStore } from "./react/index.js";
export type { AskUserClient, AskUserEventHandlers, AskUserProviderProps, AskUserStoreApi, AskUserTransport } from "./react/index.js";
export type {
  AskUserCollapseDetail,
  AskUserResolvedDetail,
  AskUserSkipDetail,
  AskUserSubmitDetail,
  TerminalStatus,
} from "./store/store-events.js";
export { createAskUserStore } from "./store/create-ask-user-store.js";

// Ready-made
export { AskUserPanel } from "./components/ask-user-panel.js";
export type { AskUserPanelProps } from "./components/ask-user-panel.js";
export { AskUserDock } from "./components/ask-user-dock.js";
export type { AskUserDockProps } from "./components/ask-user-dock.js";

// Transcript summary, stacked cards, credential guard
export { AskUserSummary } from "./components/summary/ask-user-summary.js";
export type { AskUserSummaryProps } from "./components/summary/ask-user-summary.js";
export { AskUserTranscript, useAskUserTranscript } from "./components/summary/ask-user-transcript.js";
export type { AskUserTranscriptProps } from "./components/summary/ask-user-transcript.js";
export { AskUserToolCallSummary } from "./components/summary/ask-user-tool-call-summary.js";
export type { AskUserToolCallSummaryProps } from "./components/summary/ask-user-tool-call-summary.js";
export type { AskUserToolCall } from "./components/summary/tool-call.js";
export { AskUserInbox } from "./components/inbox/ask-user-inbox.js";
export type { AskUserInboxProps } from "./components/inbox/ask-user-inbox.js";
export { AskUserCards } from "./components/cards/ask-user-cards.js";
export type { AskUserCardsProps } from "./components/cards/ask-user-cards.js";
export { useCredentialGuard } from "./components/credential/use-credential-guard.js";
export type { CredentialGuard, CredentialWarning } from "./components/credential/use-credential-guard.js";
export type { AskUserCredentialWarningProps } from "./components/credential/ask-user-credential-warning.js";
export type { SummaryOutcome, TranscriptFilter } from "./store/selectors.js";

// Parts: the `AskUser` namespace (`AskUser.Option`, Radix's `RadioGroup.Item`); `ask-user-kit/parts`
// exports the same parts one by one (`import * as AskUser from "ask-user-kit/parts"`), for Server Components.
export * as AskUser from "./components/parts/index.js";
export type { AskUserRootProps } from "./components/parts/root.js";
export type { AskUserStepIndicatorProps } from "./components/parts/step-indicator.js";
export type { AskUserQuestionProps, AskUserTitleProps, AskUserDescriptionProps } from "./components/parts/question.js";
export type { AskUserOptionsProps } from "./components/parts/options.js";
export type {
  AskUserOptionProps,
  AskUserOptionIndicatorProps,
  AskUserOptionLabelProps,
  AskUserOptionBadgeProps,
  AskUserOptionDescriptionProps,
  AskUserOptionKeyProps,
} from "./components/parts/option.js";
export type { AskUserOtherInputProps } from "./components/parts/other-input.js";
export type { AskUserButtonProps, AskUserSubmitProps } from "./components/parts/buttons.js";
export type { AskUserSkipConfirmProps } from "./components/parts/skip-confirm.js";
export type { AskUserCollapseProps, AskUserCollapseBarProps } from "./components/parts/collapse.js";
export type { AskUserNavigatorProps } from "./components/parts/navigator.js";
export type { AskUserOtherSessionsProps } from "./components/parts/other-sessions.js";
export type { AskUserCountdownProps } from "./components/parts/countdown.js";
export type { AskUserErrorProps, AskUserErrorTextProps, AskUserErrorButtonProps } from "./components/parts/error.js";
export type { AskUserCheckingProps } from "./components/parts/checking.js";
export type { AskUserConnectionProps } from "./components/parts/connection.js";
export type { AskUserOutcomeProps } from "./components/parts/outcome.js";
export type { AskUserProblemsProps } from "./components/parts/problems.js";
export type { AskUserLiveRegionProps } from "./components/parts/live-region.js";
export { errorText, outcomeText } from "./components/parts/outcome-text.js";

// Messages
export { en, vi, resolveMessages, formatDuration } from "./messages/index.js";
export type { AskUserLocale, AskUserMessages } from "./messages/index.js";
