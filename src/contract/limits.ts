/**
 * The `ask_user` limits (spec §2, research §2.1–§2.2), as the real tool and gateway enforce them.
 */

export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = 3;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;
/** In UTF-16 code units; longer headers are truncated, not rejected. */
export const MAX_HEADER_LENGTH = 12;
/** In UTF-16 code units, after trimming; longer labels are rejected. */
export const MAX_LABEL_LENGTH = 64;
export const DEFAULT_TIMEOUT_SECONDS = 900;
export const MIN_TIMEOUT_SECONDS = 30;
export const MAX_TIMEOUT_SECONDS = 3600;
/** Question ids (the answer keys): snake_case starting with a lowercase letter. */
export const QUESTION_ID_PATTERN = /^[a-z][a-z0-9_]*$/;
/** How long the gateway keeps a terminal record readable by `question.get` before forgetting it. */
export const TERMINAL_GRACE_MS = 15_000;
/**
 * Display limits for records from the gateway (UTF-16 code units). The `ask_user` tool keeps its
 * own texts far shorter, but any operator client can `question.request` anything: a 100,000-char
 * label must not become 100,000 chars of layout, of persisted summaries or of screen-reader
 * speech. Headers, question texts and descriptions are clipped (ending in "…") when a record is
 * parsed; an option label is the answer value, so the record keeps it exact and only what is shown
 * is clipped (`MAX_SHOWN_LABEL_LENGTH`).
 */
export const MAX_RECORD_HEADER_LENGTH = 100;
export const MAX_RECORD_QUESTION_LENGTH = 2_000;
export const MAX_RECORD_DESCRIPTION_LENGTH = 500;
export const MAX_SHOWN_LABEL_LENGTH = 200;
/** The convention that marks the recommended option; the UI shows it as a badge. */
export const RECOMMENDED_SUFFIX = " (Recommended)";
