import type { StoreApi } from "zustand/vanilla";
import type { Timers } from "../contract/timers.js";
import type { CredentialKind, CredentialRule } from "../contract/credential-guard.js";
import type { PromptSummary } from "../contract/summary.js";
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

/** A person's unfinished answer to one question. Replaced by the draft actions, never changed in place. */
export interface QuestionDraft {
  /** Picked option labels, in pick order (one at most for single-select). */
  readonly selected: readonly string[];
  /** The Other text exactly as typed (trimmed only when sent). */
  readonly otherText: string;
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
  intent?: SendIntent;
  /** What this client last asked the gateway to do; `retry` repeats it after a failure. */
  lastIntent?: SendIntent;
  /**
   * Set once terminal and known: undefined while only locally expired (the gateway has not
   * confirmed) and for `unavailable` (nobody knows who ended it).
   */
  outcomeSource?: OutcomeSource;
  /** Canonical answers once answered (from the gateway). */
  answers?: AnswerMap;
  /** The canonical answers this client last sent (to tell a matching broadcast from "elsewhere"). */
  submittedAnswers?: AnswerMap;
  /** Keyed by `questionId`; always has an entry for every question of the record. Change it through the draft actions. */
  drafts: Readonly<Record<string, QuestionDraft>>;
  /** Zero-based index of the question on screen. */
  step: number;
  error?: PromptError;
  /** The local timer expired it; the gateway has not confirmed yet. */
  locallyExpired?: boolean;
  /** When this store first saw the record. */
  receivedAtMs: number;
  /** Arrival number in this store (increasing): the dock's order. */
  seq: number;
  /** When it became terminal (local clock). */
  resolvedAtMs?: number;
  /** Set while an Other answer looks like a credential (API key, token, private key). */
  credentialWarning?: CredentialWarning;
  /**
   * The Other texts (joined) the person accepted with "Send anyway" although they look like a
   * credential; any edit makes them differ, which withdraws the acceptance.
   */
  credentialAcceptedTexts?: string;
  /** How many submits were held back for a credential-looking answer (a UI moves focus on each). */
  credentialHolds?: number;
  /** Skip was pressed with a typed answer on screen: waiting for `confirmSkip` or `cancelSkip`. */
  confirmingSkip?: boolean;
  /** Once terminal: what the person had picked or typed but never sent (kept so nothing typed is lost). */
  unsent?: AnswerMap;
  /** Rebuilt from a persisted summary or a tool call, not seen live by this store. */
  restored?: boolean;
  /**
   * After a reconnect the gateway's list no longer had this open prompt and reading it failed
   * (timeout, `UNAVAILABLE`): another client may have ended it. Until a read or an event answers,
   * sends are refused (`CHECKING`) and the UI says it is checking; drafts stay editable.
   */
  checking?: boolean;
}

/**
 * A change of `collapsed` the store wanted while a controlled dock pinned the value: reported
 * through the dock's `onCollapsedChange` instead of applied. A new object each time, so asking
 * twice is reported twice.
 */
export interface CollapseRequest {
  collapsed: boolean;
  /** The docked prompt the request is about, if any. */
  promptId: string | null;
}

export type SendIntent = "answer" | "skip";

export type { ConnectionStatus } from "../contract/wire.js";
import type { ConnectionStatus } from "../contract/wire.js";

export interface AskUserState {
  /**
   * Open prompts (`pending` or `submitting`), by id. Terminal prompts move to `settled`, so a
   * keystroke copies a map of the few open prompts, never the whole transcript. Look a prompt up
   * in either with `selectPrompt(state, id)`.
   */
  prompts: Record<string, PromptEntry>;
  /**
   * Terminal prompts (`answered`, `cancelled`, `expired` — locally or confirmed — and
   * `unavailable`), by id: the transcript. Only a locally-expired prompt that the gateway still
   * reports pending moves back to `prompts`.
   *
   * A plain frozen record: an action that changes it makes a new one and keeps every unchanged
   * entry, so a new `settled` reference means something in it changed. It is bounded like the
   * persisted transcript: at most `MAX_SUMMARIES_PER_SESSION` (200) per session, the most recently
   * settled; older ones leave it (and `order`), and a host with the chat history rebuilds them
   * (`restoreSummaries`).
   */
  settled: Readonly<Record<string, PromptEntry>>;
  /** The ids of every prompt in `prompts` and `settled`, in arrival order. */
  order: string[];
  /** The prompt shown in the dock, or null. */
  activeId: string | null;
  /** The dock shows its slim bar instead of the panel (the composer stays visible). */
  collapsed: boolean;
  /**
   * A controlled dock owns `collapsed` (`pinCollapsed`): the rules and `setCollapsed` then ask
   * (`collapseRequest`) instead of changing it.
   */
  collapsePinned: boolean;
  /** The last change asked for while pinned (a new object per request); null when unpinned. */
  collapseRequest: CollapseRequest | null;
  /** How a prompt docks when it arrives or comes next (`setCollapseDefault`); default false. */
  collapseDefault: boolean;
  connection: ConnectionStatus;
  /**
   * The connection was lost and is not back yet: set when it turns `disconnected`, kept through
   * the reconnect's `connecting`, cleared once `connected`. The first `connecting` is not a loss.
   */
  connectionLost: boolean;
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

/**
 * What kind of thing went wrong; the UI words it from its catalogue (`messages.problemText`), the
 * English `message` is for logs and hosts without the kit's UI.
 */
export type StoreProblemKind =
  /** A question record the gateway sent cannot be shown (names the field). */
  | "record-unreadable"
  /** A `question.resolved` event cannot be applied. */
  | "event-unreadable"
  /** `question.list` keeps failing: pending questions may be missing. */
  | "list-failed"
  /** Saved summaries could not be read (corrupt, another version) and were skipped. */
  | "summary-storage-corrupt"
  /** Summaries cannot be saved (storage full or forbidden): they last until the page closes. */
  | "summary-storage-full"
  /** Anything a host reports through `reportProblem` without a kind. */
  | "other";

export interface StoreProblem {
  kind: StoreProblemKind;
  /** The record id when known. */
  promptId?: string;
  /** The technical detail: names the field and what is wrong with it. */
  detail: string;
  /** English text for logs and hosts without the kit's UI. */
  message: string;
  atMs: number;
}

/** Why an outgoing action did not go out. */
export type RefusalReason =
  /** No prompt with that id. */
  | "UNKNOWN_PROMPT"
  /** The prompt is submitting or has ended. */
  | "NOT_PENDING"
  /** Some question has no valid answer (the error names it). */
  | "INVALID_DRAFT"
  /** An Other answer looks like a credential: `acceptCredential` sends it anyway. */
  | "CREDENTIAL_HELD"
  /** Skip would discard a typed answer: `confirmSkip` skips anyway, `cancelSkip` keeps answering. */
  | "CONFIRM_SKIP"
  /** The gateway may have ended the prompt (`checking`): nothing is sent until a read answers. */
  | "CHECKING"
  | "NOT_CONNECTED";

/** What an outgoing action did: went out (or was handed to the host), or why not. */
export type SendResult = { ok: true; intent: SendIntent; answers?: AnswerMap } | { ok: false; reason: RefusalReason; message: string };

/**
 * The outgoing side of a gateway, injected into the store (`createAskUserStore({ gateway })` or
 * `connectGateway`): the store calls it and settles the prompt from the promise. A rejection
 * carries a `PromptError` shape — `reason` `QUESTION_NOT_FOUND`, `QUESTION_ALREADY_TERMINAL` or
 * `NOT_CONNECTED` steer what the store does next. `connectQuestions` (ask-user-kit/bridge) builds
 * one over the question client.
 */
export interface AskUserGatewayPort {
  resolve(promptId: string, answers: AnswerMap, options: { expiresAtMs: number }): Promise<{ status: "answered"; answers: AnswerMap }>;
  cancel(promptId: string, options: { expiresAtMs: number }): Promise<{ status: "cancelled" }>;
  /** Reads the record again, to learn who won when a resolve lost a race. */
  get(promptId: string): Promise<QuestionRecord>;
}

/** The live verdict on a prompt's Other answers (`selectCredentialWarning`). */
export interface CredentialWarning {
  questionId: string;
  header: string;
  kind: CredentialKind;
  rule: CredentialRule;
}

/**
 * What the gateway side feeds the store: records, resolutions, the connection, the replies to
 * sends the store handed off, the clock, and chips rebuilt from chat history. `connectQuestions`
 * (ask-user-kit/bridge) calls them, or a host that drives the wire itself; the parts never do.
 * Every one tolerates unknown ids (no-op) and bad input (ignored, or kept as a problem).
 */
export interface AskUserRuntimeInputs {
  /**
   * Insert or refresh a record from the gateway (event, list or get). A record for a prompt that
   * is terminal locally is ignored unless it is terminal and more informative (confirms a local
   * expiry, brings `resolvedBy` or answers, or settles an `unavailable` prompt); a locally-expired
   * prompt still pending on the gateway with `expiresAtMs` in the future returns to pending.
   */
  upsertRecord(record: QuestionRecord): void;
  /** `upsertRecord` for many records (a `question.list` result) in one state change. */
  upsertRecords(records: readonly QuestionRecord[]): void;
  /**
   * The bridge's input: records the contract parsed already (`parseQuestionRecord` results), kept
   * as they are, in one state change. A host's own records go through `upsertRecord(s)`, which
   * parse them.
   */
  receiveRecords(records: readonly QuestionRecord[]): void;
  /** Apply a `question.resolved` event; held until its record arrives when the id is unknown. */
  applyResolved(event: QuestionResolvedEvent): void;
  /**
   * The gateway no longer knows the id (`QUESTION_NOT_FOUND`) and its outcome is unknown; a
   * resolution held for that id is dropped (its record will never come).
   */
  markUnavailable(promptId: string): void;
  /** A recovery read of this open prompt failed: refuse sends until a record or event settles it (`checking`). */
  markChecking(promptId: string): void;
  /** The gateway accepted our resolve (called by the port's promise, or by a host driving the wire). */
  resolveSucceeded(promptId: string, result: { status: "answered"; answers: AnswerMap } | { status: "cancelled" }): void;
  /** Our resolve failed; the prompt returns to `pending` with the error shown, drafts kept. */
  resolveFailed(promptId: string, error: PromptError): void;
  /**
   * Route outgoing actions through `port` (replacing any other); returns the detach function.
   * Requests already in flight still settle from their own promises.
   */
  connectGateway(port: AskUserGatewayPort): () => void;
  setConnection(status: ConnectionStatus): void;
  /** Flip prompts whose `expiresAtMs` has passed to `expired` (locally, until the gateway confirms). */
  expireDue(nowMs: number): void;
  /**
   * Put summaries into the transcript (`settled`) — from chat history (`summaryFromToolCall`) or
   * elsewhere. A prompt this store already holds is left as it is.
   */
  restoreSummaries(summaries: readonly PromptSummary[]): void;
  /** Record something that cannot be shown (kept as a visible problem). */
  reportProblem(problem: { kind?: StoreProblemKind; promptId?: string; message: string; detail?: string }): void;
}

/** What a person does, through the parts or a host's own UI; every one tolerates unknown ids (no-op). */
export interface AskUserActions {
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
   * Validate the drafts once and send them: through the gateway port when one is connected (the
   * prompt settles from its promise), else hand off (`submitting` until the host reports back with
   * `resolveSucceeded` / `resolveFailed`). Refused — with the reason on the result and, where the
   * person must see it, on the prompt — when invalid, held for a credential, or not connected.
   */
  submit(promptId: string): SendResult;
  /** "Send anyway": accept the Other texts as they stand although they look like a credential, then submit. */
  acceptCredential(promptId: string): SendResult;
  /**
   * Decline the whole prompt. With a typed answer on any step it first asks (`confirmingSkip`,
   * refused with `CONFIRM_SKIP`); with nothing typed it skips at once.
   */
  skip(promptId: string): SendResult;
  /** Skip although an answer is typed (after `skip` asked). */
  confirmSkip(promptId: string): SendResult;
  /** Keep answering: withdraw a Skip that asked for confirmation. */
  cancelSkip(promptId: string): void;
  /** Repeat what failed last (`lastIntent`): the answer (through the same checks) or the Skip. */
  retry(promptId: string): SendResult;
  dismissError(promptId: string): void;

  setActive(promptId: string): void;
  /** Move through the docked prompts (wraps around). */
  cycleActive(delta: 1 | -1): void;
  /** Fold the dock to its bar or open it; while pinned, asks instead (`collapseRequest`). */
  setCollapsed(collapsed: boolean): void;
  /**
   * A controlled dock's value: `collapsed` becomes `value` and stays so until the next pin, and
   * every change the store wants is asked for in `collapseRequest`. `null` unpins.
   */
  pinCollapsed(value: boolean | null): void;
  /** How prompts dock from now on, when they arrive or come next (an uncontrolled dock's `defaultCollapsed`). */
  setCollapseDefault(collapsed: boolean): void;
  /**
   * Plug in the dock's "is the person typing in the composer?" probe: a prompt that docks then
   * docks collapsed. Returns the detach function.
   */
  attachComposer(typing: () => boolean): () => void;
  setViewSessionKey(sessionKey: string | null): void;
  dismissProblem(index: number): void;
}

export type AskUserStoreState = AskUserState & AskUserActions & AskUserRuntimeInputs;

/** What `createAskUserStore` returns: a zustand vanilla store plus cleanup. */
export type AskUserStore = StoreApi<AskUserStoreState> & {
  /** Stops the local expiry timer and writes the summaries settled this turn. The store keeps working; `expireDue` can still be called. */
  destroy(): void;
};

/** Where drafts live between reloads; `sessionStorage` by default when it exists. */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Storage for summaries; with `length` and `key` (Web Storage) every saved session is found by a scan. */
export type SummaryStorage = DraftStorage & { readonly length?: number; key?(index: number): string | null };

/** A saved summary that could not be read, or one that could not be written. */
export interface SummaryStorageProblem {
  kind: "summary-storage-corrupt" | "summary-storage-full";
  /** The storage key concerned. */
  key: string;
  /** What is wrong, naming the field. */
  detail: string;
}

/** Where a store keeps its settled summaries between visits (`localSummaries()` is one). */
export interface SummaryPersistence {
  /** Every summary saved earlier (one per id), and what had to be skipped; called once, at creation. */
  load(): { summaries: PromptSummary[]; problems: SummaryStorageProblem[] };
  /** A prompt settled (or changed while settled); it may be written later, in a batch. */
  save(summary: PromptSummary): void;
  /** Writes what is waiting now (the store's `destroy`); returns a refused write. */
  flush(): SummaryStorageProblem | null;
}

/**
 * Called once by the store it is passed to; `onProblem` takes a refused write found after the
 * call that caused it (a batched write), so the store shows it like any other problem.
 */
export type SummaryPersistenceFactory = (onProblem: (problem: SummaryStorageProblem) => void) => SummaryPersistence;

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
  timers?: Timers;
  /** The session on screen; OpenClaw's aliases are accepted (`main` ≡ `agent:main:main`). */
  viewSessionKey?: string | null;
  /** Where outgoing actions go; see `AskUserGatewayPort`. Without one, submits are handed off. */
  gateway?: AskUserGatewayPort;
  /**
   * Keeps settled summaries so a reload restores the transcript: `localSummaries()` from
   * `ask-user-kit/summaries` (localStorage), or your own. Without it they live as long as the store,
   * and the persistence is not in the bundle: a host that has the chat history rebuilds the chips
   * from it (`summaryFromToolCall`, `restoreSummaries`) and needs none.
   */
  summaries?: SummaryPersistenceFactory;
  /**
   * Tells a credential-looking Other answer, so the store holds a submit back until the person
   * chooses "Send anyway". Opt-in: pass the contract's `detectCredential` (or your own); without
   * one nothing is held and the detector stays out of the bundle.
   */
  detectCredential?: (text: string) => { kind: CredentialKind; rule: CredentialRule } | null;
}
