import { formatDuration } from "./format-duration.js";
import type { AskUserMessages } from "./types.js";

/** English, worded as OpenClaw's Control UI words it (`chat.questions.*`). */
export const en: AskUserMessages = {
  locale: "en",

  question: "Question",
  collapsedLabel: (header) => `Question · ${header}`,
  alsoWaiting: (count) => `+${count} waiting`,
  collapse: "Collapse question",
  expand: "Expand question",
  progress: (step, total) => `${step}/${total}`,
  stepLabel: (step, total) => `Step ${step} of ${total}`,

  recommended: "Recommended",
  otherLabel: "Your own answer",
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
  skipConfirm: "Skip without sending your typed answer?",
  skipConfirmYes: "Skip anyway",
  skipConfirmNo: "Keep answering",
  retry: "Retry",
  dismiss: "Dismiss",

  pendingQuestions: "Waiting requests",
  promptPosition: (current, total) => `${current}/${total}`,
  promptPositionLabel: (current, total) => `Request ${current} of ${total}`,
  previousPrompt: "Previous request",
  nextPrompt: "Next request",
  otherSessions: (count, session, sessions) => {
    // A count of prompts is a whole number, and English's only singular whole number is 1.
    const questions = count === 1 ? "1 question is" : `${count} questions are`;
    return sessions > 1 ? `${questions} waiting in ${sessions} other sessions` : `${questions} waiting in session ${session}`;
  },
  showOtherSessions: (session) => (session === null ? "Show them" : `Go to ${session}`),

  timeRemaining: (seconds, locale) => `${formatDuration(seconds, locale)} left`,

  submitFailed: (error) => `Could not submit: ${error}`,
  notConnected: "Not connected. Try again after reconnecting.",
  connectionLost: "The connection to the gateway was lost; reconnecting… Your answer is kept and can be sent once it is back.",
  checking: "Checking this question with the gateway… Sending waits until it answers; your answer is kept.",
  requestTimedOut: "The gateway did not answer in time.",
  questionGone: "This question is no longer available.",
  answerRequired: "Answer every question before submitting.",
  problemText: (kind, detail) => {
    switch (kind) {
      case "record-unreadable":
        return `A question could not be shown: ${detail}`;
      case "event-unreadable":
        return `An answer update could not be applied: ${detail}`;
      case "list-failed":
        return `Waiting questions could not be loaded; retrying. (${detail})`;
      case "summary-storage-corrupt":
        return `Saved answer summaries could not be read and were skipped. (${detail})`;
      case "summary-storage-full":
        return `Answer summaries cannot be saved in this browser; they last until you close the page. (${detail})`;
      default:
        return detail;
    }
  },

  answered: "Answered",
  answeredElsewhere: "Answered elsewhere",
  skipped: "Skipped",
  skippedElsewhere: "Skipped elsewhere",
  noAnswer: "No answer",
  expired: "Expired",
  unavailable: "Unavailable",
  runEnded: "Run ended",
  arrived: (header) => `New question: ${header}`,
  ended: (header, outcome) => `${header}: ${outcome}`,
  notSent: (text) => `Not sent: ${text}`,
  copyUnsent: "Copy unsent answer",
  summaryLabel: "Question outcome",
  summaryLine: (header, value) => `${header}: ${value}`,
  chosen: "Chosen",
  copyAsText: "Copy as text",
  copied: "Copied",
  showDetails: "Show details",
  hideDetails: "Hide details",
  copyUnavailable: "Copying is not available here. Select the text below and copy it.",
  ownAnswer: "Your own answer",
  outcomeUnknown: "Outcome unknown",
  resultUnreadable: (field) => `The stored result could not be read (${field}). The tool's own text:`,
  toolText: "The tool's own text",

  inboxTitle: "Questions",
  inboxCount: (count) => (count === 0 ? "No questions waiting" : count === 1 ? "1 question waiting" : `${count} questions waiting`),
  inboxEmpty: "Nothing is waiting for your answer.",
  inboxItem: (session, header) => `Question in ${session}: ${header}`,
  askedAgo: (ago) => `asked ${ago}`,
  openSession: (session) => `Open ${session}`,

  credentialWarning: "This looks like a secret (API key, token or private key). Agents must not be sent credentials through ask_user.",
  sendAnyway: "Send anyway",
  editAnswer: "Edit answer",
};
