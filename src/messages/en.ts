import { formatDuration } from "./format-duration.js";
import type { AskUserMessages } from "./types.js";

/** English, worded as OpenClaw's Control UI words it (`chat.questions.*`). */
export const en: AskUserMessages = {
  locale: "en",

  question: "Question",
  collapsedLabel: (header) => `Question · ${header}`,
  collapse: "Collapse question",
  expand: "Expand question",
  progress: (step, total) => `${step}/${total}`,
  stepLabel: (step, total) => `Question ${step} of ${total}`,

  recommended: "Recommended",
  otherPlaceholder: "Type your own answer here",
  ownAnswerFor: (header) => `Your own answer for ${header}`,
  otherHint: (shortcut) => `Enter adds a line. ${shortcut} continues.`,
  answer: "Answer",
  chooseAny: "Choose any that apply.",

  back: "Back",
  next: "Next",
  submit: "Submit",
  submitting: "Submitting…",
  skip: "Skip",
  skipping: "Skipping…",
  close: "Close",
  retry: "Retry",
  dismiss: "Dismiss",

  pendingQuestions: "Pending questions",
  promptPosition: (current, total) => `${current}/${total}`,
  promptPositionLabel: (current, total) => `Pending question ${current} of ${total}`,
  previousPrompt: "Previous question",
  nextPrompt: "Next question",
  otherSessions: (count) =>
    new Intl.PluralRules("en").select(count) === "one"
      ? "1 question is waiting in another session"
      : `${count} questions are waiting in other sessions`,
  showOtherSessions: "Show",

  timeRemaining: (seconds, locale) => `${formatDuration(seconds, locale)} left`,

  submitFailed: (error) => `Could not submit: ${error}`,
  notConnected: "Not connected. Try again after reconnecting.",
  requestTimedOut: "The gateway did not answer in time.",
  questionGone: "This question is no longer available.",
  answerRequired: "Answer every question before submitting.",
  problem: (message) => `A question could not be shown: ${message}`,
  loadFailed: "Could not load this question. Try again.",

  answered: "Answered",
  answeredElsewhere: "Answered elsewhere",
  skipped: "Skipped",
  expired: "Expired",
  unavailable: "Unavailable",
  runEnded: "Run ended",
  arrived: (header) => `New question: ${header}`,
  summaryLabel: "Question outcome",
  summaryLine: (header, value) => `${header}: ${value}`,
  chosen: "Chosen",
  copyAsText: "Copy as text",
  copied: "Copied",
  showDetails: "Show details",
  hideDetails: "Hide details",
  copyUnavailable: "Copying is not available here. Select the text below and copy it.",
  ownAnswer: "Your own answer",

  credentialWarning:
    "This looks like a secret (API key, token or private key). Agents must not be sent credentials through ask_user.",
  sendAnyway: "Send anyway",
  editAnswer: "Edit answer",
};
