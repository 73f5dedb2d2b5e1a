/**
 * Every string the kit shows or announces. Plain strings, and functions where a value is
 * interpolated, so a translation can reorder words or pick plural forms (no ICU dependency).
 */
export interface AskUserMessages {
  /** BCP 47 tag passed to `Intl` (numbers, plurals, durations). */
  locale: string;

  // Panel frame
  /** Accessible name of the panel and its eyebrow ("Question"). */
  question: string;
  /** Collapsed bar text: "Question · {header}". */
  collapsedLabel: (header: string) => string;
  collapse: string;
  expand: string;
  /** Compact progress shown on screen: "2/3". */
  progress: (step: number, total: number) => string;
  /** Spoken progress: "Question 2 of 3". */
  stepLabel: (step: number, total: number) => string;

  // Options and Other
  recommended: string;
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
  close: string;
  retry: string;
  dismiss: string;

  // Several prompts
  /** Accessible name of the navigator between docked prompts. */
  pendingQuestions: string;
  /** Navigator position "1/2". */
  promptPosition: (current: number, total: number) => string;
  /** Spoken navigator position. */
  promptPositionLabel: (current: number, total: number) => string;
  previousPrompt: string;
  nextPrompt: string;
  /** "2 questions are waiting in other sessions". */
  otherSessions: (count: number) => string;
  showOtherSessions: string;

  // Time
  /** Countdown text; `seconds` is whole seconds left (≥ 0). */
  timeRemaining: (seconds: number, locale: string) => string;

  // Errors
  /** A failed submit: "Could not submit: {error}". */
  submitFailed: (error: string) => string;
  notConnected: string;
  /** The gateway did not answer a submit in time. */
  requestTimedOut: string;
  /** The gateway no longer knows the question. */
  questionGone: string;
  /** Submit pressed while some question still has no answer. */
  answerRequired: string;
  /** A record the gateway sent that cannot be shown. */
  problem: (message: string) => string;
  loadFailed: string;

  // Outcomes (panel, summary chip, cards)
  answered: string;
  answeredElsewhere: string;
  skipped: string;
  expired: string;
  unavailable: string;
  runEnded: string;
  /** Announced when a question arrives: "New question: {header}". */
  arrived: (header: string) => string;
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

  // Credential guard
  credentialWarning: string;
  sendAnyway: string;
  editAnswer: string;
}

/** Locales shipped with the kit. */
export type AskUserLocale = "en" | "vi";
