/**
 * Every string the kit shows or announces. Plain strings, and functions where a value is
 * interpolated, so a translation can reorder words or pick plural forms (no ICU dependency).
 */
export interface AskUserMessages {
  /** BCP 47 tag passed to `Intl` (numbers, plurals, durations). */
  locale: string;

  // Panel frame
  /** Accessible name of the panel ("Question"). */
  question: string;
  /** Collapsed bar text: "Question · {header}". */
  collapsedLabel: (header: string) => string;
  /** Collapsed bar, when other question sets wait behind this one: "+2 waiting". */
  alsoWaiting: (count: number) => string;
  collapse: string;
  expand: string;
  /** Compact progress shown on screen: "2/3". */
  progress: (step: number, total: number) => string;
  /** Spoken progress of the step indicator (and announced on each step): "Step 2 of 3". */
  stepLabel: (step: number, total: number) => string;

  // Options and Other
  recommended: string;
  /** Visible label above the Other text area; its accessible name (`ownAnswerFor`) starts with it. */
  otherLabel: string;
  /** Placeholder of the Other text area. */
  otherPlaceholder: string;
  /** Accessible name of the Other text area. */
  ownAnswerFor: (header: string) => string;
  /** Spoken hint for the Other text area, with the platform's shortcut ("Ctrl+Enter"). */
  otherHint: (shortcut: string) => string;
  /** Label of the text field of a question that has no options. */
  answer: string;
  /** Hint on a multi-select question. */
  chooseAny: string;

  // Actions
  back: string;
  next: string;
  submit: string;
  submitting: string;
  skip: string;
  skipping: string;
  /** Skip pressed with a typed answer on screen: the inline question. */
  skipConfirm: string;
  skipConfirmYes: string;
  skipConfirmNo: string;
  retry: string;
  dismiss: string;

  // Several prompts (each a "request" from an agent, so its names never read like a step's Back/Next)
  /** Accessible name of the navigator between docked prompts. */
  pendingQuestions: string;
  /** Navigator position "1/2". */
  promptPosition: (current: number, total: number) => string;
  /** Spoken navigator position. */
  promptPositionLabel: (current: number, total: number) => string;
  previousPrompt: string;
  nextPrompt: string;
  /** "2 questions are waiting in session ops" (`session` is the first waiting session's display name). */
  otherSessions: (count: number, session: string, sessions: number) => string;
  /** The button that switches to that session (`null`: several sessions wait). */
  showOtherSessions: (session: string | null) => string;

  // Time
  /** Countdown text; `seconds` is whole seconds left (≥ 0). */
  timeRemaining: (seconds: number, locale: string) => string;

  // Errors
  /** A failed submit: "Could not submit: {error}". */
  submitFailed: (error: string) => string;
  notConnected: string;
  /** The connection was lost while a prompt is on screen (`AskUser.Connection`); the client reconnects by itself. */
  connectionLost: string;
  /** A recovery read failed, so the prompt may have ended elsewhere: sends wait (`AskUser.Checking`). */
  checking: string;
  /** The gateway did not answer a submit in time. */
  requestTimedOut: string;
  /** The gateway no longer knows the question. */
  questionGone: string;
  /** Submit pressed while some question still has no answer. */
  answerRequired: string;
  /** A problem the store recorded, worded by its kind; `detail` names the field or the cause. */
  problemText: (kind: StoreProblemKind, detail: string) => string;

  // Outcomes (panel, summary chip, cards)
  answered: string;
  answeredElsewhere: string;
  skipped: string;
  skippedElsewhere: string;
  /** Rebuilt from a tool result that only says no answer came. */
  noAnswer: string;
  expired: string;
  unavailable: string;
  runEnded: string;
  /** Announced when a question arrives: "New question: {header}". */
  arrived: (header: string) => string;
  /** Announced when the prompt on screen ends: "{header}: {outcome}". */
  ended: (header: string, outcome: string) => string;
  /** A draft that was never sent, kept in the summary: "Not sent: {text}". */
  notSent: (text: string) => string;
  copyUnsent: string;
  /** Accessible name of a transcript summary. */
  summaryLabel: string;
  /** A summary line "{header}: {value}". */
  summaryLine: (header: string, value: string) => string;
  chosen: string;
  copyAsText: string;
  copied: string;
  showDetails: string;
  hideDetails: string;
  /** Copying is impossible here (no clipboard, or it refused): the text is shown to select instead. */
  copyUnavailable: string;
  /** Names the free-text part of an answer in the summary's details. */
  ownAnswer: string;
  /** The chip of an `ask_user` call whose stored result cannot be read: its outcome is unknown. */
  outcomeUnknown: string;
  /** Why that chip knows no more: `field` is the part of the result that could not be read. */
  resultUnreadable: (field: string) => string;
  /** Accessible name of the tool's own text shown in that chip. */
  toolText: string;

  // Questions inbox (every waiting question, across sessions)
  /** The inbox's heading. */
  inboxTitle: string;
  /** How many questions wait: "3 questions waiting" (0 included). */
  inboxCount: (count: number) => string;
  /** Shown when nothing waits. */
  inboxEmpty: string;
  /** Accessible name of one waiting question: "Question in {session}: {header}". */
  inboxItem: (session: string, header: string) => string;
  /** When it was asked: "asked {ago}" (`ago` is "5 minutes ago"). */
  askedAgo: (ago: string) => string;
  /** The link that opens the question's session. */
  openSession: (session: string) => string;

  // Credential guard
  credentialWarning: string;
  sendAnyway: string;
  editAnswer: string;
}

import type { StoreProblemKind } from "../store/types.js";

/** Locales shipped with the kit. */
export type AskUserLocale = "en" | "vi";
