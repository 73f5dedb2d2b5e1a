import type { StoreApi } from "zustand/vanilla";
import type { AnswerMap, QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";

/**
 * Lifecycle of one prompt in the store. `submitting` covers both an answer and a Skip in flight
 * (see `PromptEntry.intent`); `unavailable` means the gateway forgot the record and the outcome is
 * unknown.
 */
export type PromptStatus = "pending" | "submitting" | "answered" | "cancelled" | "expired" | "unavailable";

/** Where a terminal outcome came from. */
export type OutcomeSource =
  /** This client's own resolve (or its broadcast) ended it. */
  | "local"
  /**
   * Another tab, device or channel ended it — or the gateway itself: a gateway-confirmed expiry is
   * `elsewhere`. A prompt only this client's timer expired (`locallyExpired`) has no source yet.
   */
  | "elsewhere"
  /** The agent run that asked ended (abort, requester inactive) — a `cancelled` not caused by a person. */
  | "run-ended";

/** A person's unfinished answer to one question. */
export interface QuestionDraft {
  /** Picked option labels, in pick order (one at most for single-select). */
  selected: string[];
  /** The Other text exactly as typed (trimmed only when sent). */
  otherText: string;
}

export interface PromptError {
  /** Human-readable text, already from the gateway or the client (the UI wraps it in its catalogue). */
  message: string;
  /** `details.reason` or a client reason such as `NOT_CONNECTED`. */
  reason?: string;
  /** Gateway error `code` (e.g. `INVALID_REQUEST`, `UNAVAILABLE`). */
  code?: string;
}

export interface PromptEntry {
  /** Record id (`ask_<hex>` for ask_user). */
  id: string;
  record: QuestionRecord;
  status: PromptStatus;
  /** Only while `status === "submitting"`: what is in flight. */
  intent?: "answer" | "skip";
  /**
   * Set once terminal and known: undefined while only locally expired (the gateway has not
   * confirmed) and for `unavailable` (nobody knows who ended it).
   */
  outcomeSource?: OutcomeSource;
  /** Canonical answers once answered (from the gateway). */
  answers?: AnswerMap;
  /** The canonical answers this client last sent (to tell a matching broadcast from "elsewhere"). */
  submittedAnswers?: AnswerMap;
  /** Keyed by `questionId`; always has an entry for every question of the record. */
  drafts: Record<string, QuestionDraft>;
  /** Zero-based index of the question on screen. */
  step: number;
  error?: PromptError;
  /** The local timer expired it; the gateway has not confirmed yet. */
  locallyExpired?: boolean;
  /** When this store first saw the record. */
  receivedAtMs: number;
  /** Arrival number in this store (increasing); orders prompts without scanning `order`. */
  seq: number;
  /** When it became terminal (local clock). */
  resolvedAtMs?: number;
}

export type ConnectionStatus = "connecting" | "connected" | "disconnected";

export interface AskUserState {
  /**
   * Open prompts (`pending` or `submitting`), by id. Terminal prompts move to `settled`, so a
   * keystroke copies a map of the few open prompts, never the whole transcript. Look a prompt up
   * in either with `selectPrompt(state, id)`.
   */
  prompts: Record<string, PromptEntry>;
  /**
   * Terminal prompts (`answered`, `cancelled`, `expired` — locally or confirmed — and
   * `unavailable`), by id: the transcript, never evicted. Only a locally-expired prompt that the
   * gateway still reports pending moves back to `prompts`.
   *
   * Read it like a plain object (`settled[id]`, `id in settled`, `for…in`, `Object.values`), but it
   * is a read-only view that shares its entries with the previous state's, so settling a prompt
   * never copies the transcript: a new `settled` reference means something in it changed, and an
   * unchanged entry keeps its reference. Assigning to it throws; `structuredClone` cannot copy it
   * (spread it into a plain object first). A host may still `setState` a plain record here.
   */
  settled: Readonly<Record<string, PromptEntry>>;
  /** Every prompt id ever seen, in arrival order. */
  order: string[];
  /** The prompt shown in the dock, or null. */
  activeId: string | null;
  collapsed: boolean;
  connection: ConnectionStatus;
  /** The session on screen (host-provided); null docks every session's prompts. */
  viewSessionKey: string | null;
  /** `question.resolved` events whose record has not arrived yet, by id (applied when it does). */
  heldResolutions: Record<string, QuestionResolvedEvent>;
  /**
   * Things the gateway sent that cannot be shown as a prompt (a malformed record, say), newest last,
   * at most 20 — so a question that cannot render is a visible error, never a silent `no_answer`.
   */
  problems: StoreProblem[];
}

export interface StoreProblem {
  /** The record id when known. */
  promptId?: string;
  /** Names the field and what is wrong with it. */
  message: string;
  atMs: number;
}

/** Plain functions that change the state; every one tolerates unknown ids (no-op). */
export interface AskUserActions {
  /**
   * Insert or refresh a record from the gateway (event, list or get). A record for a prompt that
   * is terminal locally is ignored unless it is terminal and more informative (confirms a local
   * expiry, brings `resolvedBy` or answers, or settles an `unavailable` prompt); a locally-expired
   * prompt still pending on the gateway with `expiresAtMs` in the future returns to pending.
   */
  upsertRecord(record: QuestionRecord): void;
  /** `upsertRecord` for many records (a `question.list` result) in one state change. */
  upsertRecords(records: readonly QuestionRecord[]): void;
  /** Apply a `question.resolved` event; held until its record arrives when the id is unknown. */
  applyResolved(event: QuestionResolvedEvent): void;
  /** The gateway no longer knows the id (`QUESTION_NOT_FOUND`) and its outcome is unknown. */
  markUnavailable(promptId: string): void;

  /** Single-select pick (re-pick keeps it), clears that question's Other text, auto-advances unless last step. */
  pickOption(promptId: string, questionId: string, label: string, options?: { advance?: boolean }): void;
  /** Multi-select toggle, keeping pick order. */
  toggleOption(promptId: string, questionId: string, label: string): void;
  /** Other text; on single-select, non-blank text clears the pick. */
  setOtherText(promptId: string, questionId: string, text: string): void;
  goToStep(promptId: string, step: number): void;
  nextStep(promptId: string): void;
  previousStep(promptId: string): void;

  /**
   * Validate drafts and move to `submitting` with intent `answer`; returns errors instead when
   * invalid (error reason `INVALID_DRAFT`) or not connected (`NOT_CONNECTED`).
   */
  submit(promptId: string): { ok: true; answers: AnswerMap } | { ok: false; message: string };
  /** Move to `submitting` with intent `skip` (refused with error reason `NOT_CONNECTED` while disconnected). */
  skip(promptId: string): void;
  /** The gateway accepted our resolve. */
  resolveSucceeded(promptId: string, result: { status: "answered"; answers: AnswerMap } | { status: "cancelled" }): void;
  /** Our resolve failed; the prompt returns to `pending` with the error shown, drafts kept. */
  resolveFailed(promptId: string, error: PromptError): void;
  dismissError(promptId: string): void;

  setActive(promptId: string): void;
  /** Move through the docked prompts (wraps around). */
  cycleActive(delta: 1 | -1): void;
  setCollapsed(collapsed: boolean): void;
  setConnection(status: ConnectionStatus): void;
  setViewSessionKey(sessionKey: string | null): void;
  /** Record something the gateway sent that cannot be shown (kept as a visible problem). */
  reportProblem(problem: { promptId?: string; message: string }): void;
  dismissProblem(index: number): void;
  /** Flip prompts whose `expiresAtMs` has passed to `expired` (locally, until the gateway confirms). */
  expireDue(nowMs: number): void;
}

export type AskUserStoreState = AskUserState & AskUserActions;

/** What `createAskUserStore` returns: a zustand vanilla store plus cleanup. */
export type AskUserStore = StoreApi<AskUserStoreState> & {
  /** Stops the local expiry timer. The store keeps working; `expireDue` can still be called. */
  destroy(): void;
};

/** Where drafts live between reloads; `sessionStorage` by default when it exists. */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface AskUserStoreOptions {
  /** Draft persistence; `null` disables it. Default: `globalThis.sessionStorage` when present. */
  storage?: DraftStorage | null;
  /** Key prefix for persisted drafts. Default `ask-user-kit:draft:`. */
  storageKeyPrefix?: string;
  /** Clock, injectable for tests. */
  now?: () => number;
  /** Local expiry timers; set false to drive `expireDue` yourself. Default true. */
  autoExpire?: boolean;
  /** Scheduling, injectable for tests. */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  viewSessionKey?: string | null;
}
