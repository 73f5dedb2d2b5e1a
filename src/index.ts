"use client";
/**
 * `ask-user-kit` — the React entry: provider and hooks, the `AskUser.*` parts, the ready-made
 * docked panel, and the message catalogues. Framework-free pieces live at `ask-user-kit/contract`,
 * `ask-user-kit/client` and `ask-user-kit/store`.
 */

// Bindings
export { AskUserProvider } from "./react/ask-user-provider.js";
export type { AskUserClient, AskUserProviderProps } from "./react/ask-user-provider.js";
export { useAskUser, useAskUserActions, useAskUserMessages, useAskUserStore } from "./react/ask-user-hooks.js";
export { useAskUserEvents } from "./react/use-ask-user-events.js";
export type { AskUserEventHandlers } from "./react/use-ask-user-events.js";
export type { AskUserCollapseDetail, AskUserResolvedDetail, AskUserSkipDetail, AskUserSubmitDetail, TerminalStatus } from "./store/store-events.js";
export type { AskUserStoreApi } from "./react/ask-user-context.js";
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
export { AskUserInbox } from "./components/inbox/ask-user-inbox.js";
export type { AskUserInboxProps } from "./components/inbox/ask-user-inbox.js";
export { AskUserCards } from "./components/cards/ask-user-cards.js";
export type { AskUserCardsProps } from "./components/cards/ask-user-cards.js";
export { useCredentialGuard } from "./components/credential/use-credential-guard.js";
export type { CredentialGuard, CredentialWarning } from "./components/credential/use-credential-guard.js";
export { AskUserCredentialWarning } from "./components/credential/ask-user-credential-warning.js";
export type { AskUserCredentialWarningProps } from "./components/credential/ask-user-credential-warning.js";
export type { SummaryOutcome, TranscriptFilter } from "./store/selectors.js";

// Parts, as a namespace (`AskUser.Option`) and by their long names
export * as AskUser from "./components/parts/index.js";
export { AskUserRoot } from "./components/parts/root.js";
export type { AskUserRootProps } from "./components/parts/root.js";
export { AskUserStepIndicator } from "./components/parts/step-indicator.js";
export type { AskUserStepIndicatorProps } from "./components/parts/step-indicator.js";
export { AskUserQuestion, AskUserTitle, AskUserDescription } from "./components/parts/question.js";
export type { AskUserQuestionProps, AskUserTitleProps, AskUserDescriptionProps } from "./components/parts/question.js";
export { AskUserOptions } from "./components/parts/options.js";
export type { AskUserOptionsProps } from "./components/parts/options.js";
export { AskUserOption, AskUserOptionIndicator, AskUserOptionLabel, AskUserOptionBadge, AskUserOptionDescription, AskUserOptionKey } from "./components/parts/option.js";
export type {
  AskUserOptionProps,
  AskUserOptionIndicatorProps,
  AskUserOptionLabelProps,
  AskUserOptionBadgeProps,
  AskUserOptionDescriptionProps,
  AskUserOptionKeyProps,
} from "./components/parts/option.js";
export { AskUserOtherInput } from "./components/parts/other-input.js";
export type { AskUserOtherInputProps } from "./components/parts/other-input.js";
export { AskUserBack, AskUserNext, AskUserSubmit, AskUserSkip } from "./components/parts/buttons.js";
export type { AskUserButtonProps, AskUserSubmitProps } from "./components/parts/buttons.js";
export { AskUserSkipConfirm } from "./components/parts/skip-confirm.js";
export type { AskUserSkipConfirmProps } from "./components/parts/skip-confirm.js";
export { AskUserCollapse, AskUserCollapseBar } from "./components/parts/collapse.js";
export type { AskUserCollapseProps, AskUserCollapseBarProps } from "./components/parts/collapse.js";
export { AskUserNavigator } from "./components/parts/navigator.js";
export type { AskUserNavigatorProps } from "./components/parts/navigator.js";
export { AskUserOtherSessions } from "./components/parts/other-sessions.js";
export type { AskUserOtherSessionsProps } from "./components/parts/other-sessions.js";
export { AskUserCountdown } from "./components/parts/countdown.js";
export type { AskUserCountdownProps } from "./components/parts/countdown.js";
export { AskUserError, AskUserErrorText, AskUserErrorRetry, AskUserErrorDismiss } from "./components/parts/error.js";
export type { AskUserErrorProps, AskUserErrorTextProps, AskUserErrorButtonProps } from "./components/parts/error.js";
export { AskUserChecking } from "./components/parts/checking.js";
export type { AskUserCheckingProps } from "./components/parts/checking.js";
export { AskUserConnection } from "./components/parts/connection.js";
export type { AskUserConnectionProps } from "./components/parts/connection.js";
export { AskUserOutcome } from "./components/parts/outcome.js";
export type { AskUserOutcomeProps } from "./components/parts/outcome.js";
export { AskUserProblems } from "./components/parts/problems.js";
export type { AskUserProblemsProps } from "./components/parts/problems.js";
export { AskUserLiveRegion } from "./components/parts/live-region.js";
export type { AskUserLiveRegionProps } from "./components/parts/live-region.js";
export { errorText, outcomeText } from "./components/parts/outcome-text.js";

// Messages
export { en, vi, resolveMessages, formatDuration } from "./messages/index.js";
export type { AskUserLocale, AskUserMessages } from "./messages/index.js";
