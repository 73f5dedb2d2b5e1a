import { createStore, type StoreApi } from "zustand/vanilla";
import { canonicalizeAnswers, parseQuestionRecord, parseResolvedEvent, validateAnswers } from "../contract/index.js";
import type { AnswerMap, ContractError, QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import { createDraftPersistence, defaultDraftStorage, DEFAULT_STORAGE_KEY_PREFIX } from "./draft-persistence.js";
import { isDocked, isOpenStatus, pickActive } from "./docking.js";
import { createEmptyDrafts, draftHasValue, draftValues, hasOption, sanitizeDrafts } from "./drafts.js";
import { isMoreInformative, outcomeOfRecord, settle, type TerminalOutcome } from "./outcomes.js";
import { createPromptWriter, type PromptWriter } from "./prompt-writer.js";
import { settledEntry } from "./settled-record.js";
import { isTrustedRecord } from "./trusted-records.js";
import type {
  AskUserState,
  AskUserStore,
  AskUserStoreOptions,
  AskUserStoreState,
  PromptEntry,
  PromptError,
  QuestionDraft,
} from "./types.js";

/** Shown when an action needs the gateway; the UI replaces it from its catalogue by `reason`. */
const NOT_CONNECTED: PromptError = { message: "Not connected. Try again after reconnecting.", reason: "NOT_CONNECTED" };
const MAX_PROBLEMS = 20;
/** setTimeout fires at once for delays past 2^31-1 ms; a later reschedule covers the rest. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

type SubmitResult = { ok: true; answers: AnswerMap } | { ok: false; message: string };

/**
 * A store for one host (one provider, one gateway connection) — never a global. Actions tolerate
 * unknown ids and bad input (no-op or a reported problem); they never throw. Call `destroy()`
 * when the host goes away to stop the local expiry timer.
 */
export function createAskUserStore(options: AskUserStoreOptions = {}): AskUserStore {
  const now = options.now ?? Date.now;
  const persistence = createDraftPersistence(
    options.storage === undefined ? defaultDraftStorage() : options.storage,
    options.storageKeyPrefix ?? DEFAULT_STORAGE_KEY_PREFIX,
  );
  let nextSeq = 0;

  const store = createStore<AskUserStoreState>()((set, get) => {
    /**
     * Runs a batch of prompt changes, then keeps the dock consistent: a newly arrived docked
     * prompt takes over (expanded); an active prompt that left the dock hands over to the next.
     */
    const commit = (edit: (writer: PromptWriter) => string | undefined) => {
      const state = get();
      const writer = createPromptWriter(state);
      const arrivedId = edit(writer);
      const patch = writer.finish();
      if (!patch) return;
      // The arrival may have settled later in the same batch (a held resolution, a terminal copy).
      const arrived = arrivedId === undefined ? undefined : patch.prompts[arrivedId];
      const takesOver = arrived !== undefined && isDocked(arrived, state.viewSessionKey);
      const previousActive = state.activeId === null ? undefined : writer.get(state.activeId);
      const activeId = pickActive(patch.prompts, state.viewSessionKey, takesOver ? arrived.id : state.activeId, previousActive?.seq);
      set({ ...patch, activeId, collapsed: takesOver ? false : state.collapsed });
      for (const { before, after } of writer.changes) {
        const wasOpen = before !== undefined && isOpenStatus(before.status);
        if (!isOpenStatus(after.status) && (before === undefined || wasOpen)) persistence.remove(after.id);
        else if (isOpenStatus(after.status) && before !== undefined && !wasOpen) persistence.save(after.id, after.drafts, after.step);
      }
    };

    /** Applies `update` to a pending prompt; draft and step changes are persisted. */
    const updatePending = (promptId: string, update: (entry: PromptEntry) => PromptEntry) => {
      const state = get();
      const entry = Object.hasOwn(state.prompts, promptId) ? state.prompts[promptId] : undefined;
      if (!entry || entry.status !== "pending") return;
      const next = update(entry);
      if (next === entry) return;
      set({ prompts: { ...state.prompts, [promptId]: next } });
      if (next.drafts !== entry.drafts || next.step !== entry.step) persistence.save(promptId, next.drafts, next.step);
    };

    /** Applies `update` to one question's draft of a pending prompt. */
    const updateDraft = (
      promptId: string,
      questionId: string,
      update: (draft: QuestionDraft, entry: PromptEntry, index: number) => PromptEntry | QuestionDraft,
    ) =>
      updatePending(promptId, (entry) => {
        const index = entry.record.questions.findIndex((question) => question.questionId === questionId);
        if (index < 0) return entry;
        const draft = entry.drafts[questionId] ?? { selected: [], otherText: "" };
        const result = update(draft, entry, index);
        return "record" in result ? result : withDraft(entry, questionId, result);
      });

    const setPendingError = (promptId: string, error: PromptError) =>
      updatePending(promptId, (entry) => ({ ...entry, error }));

    const upsertOne = (writer: PromptWriter, record: QuestionRecord): string | undefined => {
      const existing = writer.get(record.id);
      const outcome = outcomeOfRecord(record);
      if (!existing) {
        const arrived = newEntry(record);
        writer.appendOrder(record.id);
        if (outcome) {
          writer.release(record.id);
          writer.put(settle(arrived, outcome, now(), record));
          return undefined;
        }
        const held = writer.held(record.id);
        if (held) {
          writer.release(record.id);
          writer.put(settle(arrived, outcomeOfEvent(held), now()));
          return undefined;
        }
        writer.put(arrived);
        return isDocked(arrived, get().viewSessionKey) ? arrived.id : undefined;
      }
      if (isOpenStatus(existing.status)) {
        writer.put(outcome ? settle(existing, outcome, now(), record) : refreshRecord(existing, record));
        return undefined;
      }
      if (outcome) {
        if (isMoreInformative(existing, outcome)) writer.put(settle(existing, outcome, now(), record));
      } else if (existing.locallyExpired && record.expiresAtMs > now()) {
        writer.put({
          ...refreshRecord(existing, record),
          status: "pending",
          locallyExpired: undefined,
          outcomeSource: undefined,
          resolvedAtMs: undefined,
        });
      }
      return undefined;
    };

    const newEntry = (record: QuestionRecord): PromptEntry => {
      const restored = record.status === "pending" ? persistence.load(record.id, record.questions) : null;
      return {
        id: record.id,
        record,
        status: "pending",
        drafts: restored?.drafts ?? createEmptyDrafts(record.questions),
        step: restored?.step ?? 0,
        receivedAtMs: now(),
        seq: nextSeq++,
      };
    };

    const upsertRecords = (records: readonly unknown[]) => {
      const invalid: { promptId?: string; message: string }[] = [];
      commit((writer) => {
        let arrivedId: string | undefined;
        for (const raw of records) {
          // A hand-built record is parsed so it cannot break the store; the bridge's are parsed already.
          const parsed = isTrustedRecord(raw) ? { ok: true as const, value: raw } : parseQuestionRecord(raw);
          if (parsed.ok) arrivedId = upsertOne(writer, parsed.value) ?? arrivedId;
          else invalid.push(recordProblem(raw, parsed.errors));
        }
        return arrivedId;
      });
      for (const problem of invalid) get().reportProblem(problem);
    };

    const terminate = (promptId: string, outcome: TerminalOutcome, accept: (entry: PromptEntry) => boolean) =>
      commit((writer) => {
        const entry = writer.get(promptId);
        if (entry && accept(entry)) writer.put(settle(entry, outcome, now()));
        return undefined;
      });

    return {
      prompts: {},
      settled: {},
      order: [],
      activeId: null,
      collapsed: false,
      connection: "connecting",
      viewSessionKey: options.viewSessionKey ?? null,
      heldResolutions: {},
      problems: [],

      upsertRecord: (record) => upsertRecords([record]),
      upsertRecords: (records) => {
        if (Array.isArray(records)) upsertRecords(records);
      },

      applyResolved(raw) {
        const parsed = parseResolvedEvent(raw);
        if (!parsed.ok) {
          get().reportProblem({ message: `A question.resolved event was ignored: ${describeErrors(parsed.errors)}` });
          return;
        }
        const event = parsed.value;
        commit((writer) => {
          const entry = writer.get(event.id);
          const outcome = outcomeOfEvent(event);
          if (!entry) writer.hold(event);
          else if (isOpenStatus(entry.status) || isMoreInformative(entry, outcome)) writer.put(settle(entry, outcome, now()));
          return undefined;
        });
      },

      markUnavailable(promptId) {
        commit((writer) => {
          const entry = writer.get(promptId);
          if (!entry || !(isOpenStatus(entry.status) || entry.locallyExpired)) return undefined;
          writer.put({
            ...entry,
            status: "unavailable",
            intent: undefined,
            outcomeSource: undefined,
            answers: undefined,
            error: undefined,
            locallyExpired: undefined,
            resolvedAtMs: entry.resolvedAtMs ?? now(),
          });
          return undefined;
        });
      },

      pickOption(promptId, questionId, label, pickOptions) {
        updateDraft(promptId, questionId, (draft, entry, index) => {
          const question = entry.record.questions[index]!;
          if (question.multiSelect || !hasOption(question, label)) return draft;
          const picked = draft.selected.length === 1 && draft.selected[0] === label && draft.otherText === "" ? draft : { selected: [label], otherText: "" };
          const next = withDraft(entry, questionId, picked);
          const advance = pickOptions?.advance !== false && entry.step === index && index < entry.record.questions.length - 1;
          return advance ? { ...next, step: index + 1 } : next;
        });
      },

      toggleOption(promptId, questionId, label) {
        updateDraft(promptId, questionId, (draft, entry, index) => {
          const question = entry.record.questions[index]!;
          if (!question.multiSelect || !hasOption(question, label)) return draft;
          const selected = draft.selected.includes(label) ? draft.selected.filter((picked) => picked !== label) : [...draft.selected, label];
          return { ...draft, selected };
        });
      },

      setOtherText(promptId, questionId, text) {
        if (typeof text !== "string") return;
        updateDraft(promptId, questionId, (draft, entry, index) => {
          const clearsPick = !entry.record.questions[index]!.multiSelect && text.trim() !== "" && draft.selected.length > 0;
          if (draft.otherText === text && !clearsPick) return draft;
          return { selected: clearsPick ? [] : draft.selected, otherText: text };
        });
      },

      goToStep(promptId, step) {
        if (typeof step !== "number" || Number.isNaN(step)) return;
        updatePending(promptId, (entry) => withStep(entry, Math.trunc(step)));
      },

      nextStep(promptId) {
        updatePending(promptId, (entry) => {
          const question = entry.record.questions[entry.step];
          return question && draftHasValue(entry.drafts[question.questionId]) ? withStep(entry, entry.step + 1) : entry;
        });
      },

      previousStep(promptId) {
        updatePending(promptId, (entry) => withStep(entry, entry.step - 1));
      },

      submit(promptId): SubmitResult {
        const state = get();
        const entry = Object.hasOwn(state.prompts, promptId) ? state.prompts[promptId] : undefined;
        if (!entry) {
          const ended = settledEntry(state.settled, promptId);
          return { ok: false, message: ended ? `Prompt '${promptId}' is already ${ended.status}; it cannot be answered again.` : `No prompt '${promptId}' in this store; check the id.` };
        }
        if (entry.status === "submitting") return { ok: false, message: `Prompt '${promptId}' is already being submitted; wait for the gateway's reply.` };
        const questions = entry.record.questions;
        const values: AnswerMap = {};
        for (const question of questions) values[question.questionId] = draftValues(entry.drafts[question.questionId]);
        const checked = validateAnswers(questions, canonicalizeAnswers(questions, values));
        if (!checked.ok) {
          const message = checked.errors.map((error) => error.message).join("; ");
          setPendingError(promptId, { message, reason: "INVALID_DRAFT" });
          return { ok: false, message };
        }
        if (state.connection !== "connected") {
          setPendingError(promptId, NOT_CONNECTED);
          return { ok: false, message: NOT_CONNECTED.message };
        }
        const answers = checked.value;
        updatePending(promptId, (current) => ({ ...current, status: "submitting", intent: "answer", submittedAnswers: answers, error: undefined }));
        return { ok: true, answers };
      },

      skip(promptId) {
        if (get().connection !== "connected") {
          setPendingError(promptId, NOT_CONNECTED);
          return;
        }
        updatePending(promptId, (entry) => ({ ...entry, status: "submitting", intent: "skip", error: undefined }));
      },

      resolveSucceeded(promptId, result) {
        if (!isObject(result) || (result.status !== "answered" && result.status !== "cancelled")) return;
        const outcome: TerminalOutcome = result.status === "answered" ? { status: "answered", answers: result.answers } : { status: "cancelled" };
        commit((writer) => {
          const entry = writer.get(promptId);
          if (!entry) return undefined;
          const isGuess = isOpenStatus(entry.status) || entry.locallyExpired === true || entry.status === "unavailable";
          if (!isGuess && entry.status !== outcome.status) return undefined;
          // The gateway accepted our resolve, so this client ended it, whatever was heard before.
          writer.put({ ...settle(entry, outcome, now()), outcomeSource: "local" });
          return undefined;
        });
      },

      resolveFailed(promptId, error) {
        const state = get();
        const entry = Object.hasOwn(state.prompts, promptId) ? state.prompts[promptId] : undefined;
        if (!entry || entry.status !== "submitting") return;
        set({ prompts: { ...state.prompts, [promptId]: { ...entry, status: "pending", intent: undefined, error: normalizeError(error) } } });
      },

      dismissError(promptId) {
        const state = get();
        const entry = Object.hasOwn(state.prompts, promptId) ? state.prompts[promptId] : undefined;
        if (!entry || entry.error === undefined) return;
        set({ prompts: { ...state.prompts, [promptId]: { ...entry, error: undefined } } });
      },

      setActive(promptId) {
        const state = get();
        const entry = Object.hasOwn(state.prompts, promptId) ? state.prompts[promptId] : undefined;
        if (entry && isDocked(entry, state.viewSessionKey) && state.activeId !== promptId) set({ activeId: promptId });
      },

      cycleActive(delta) {
        const state = get();
        const docked = Object.values(state.prompts)
          .filter((entry) => isDocked(entry, state.viewSessionKey))
          .sort((a, b) => a.seq - b.seq);
        if (docked.length === 0) return;
        const step = delta < 0 ? -1 : 1;
        const index = docked.findIndex((entry) => entry.id === state.activeId);
        const nextIndex = index < 0 ? (step > 0 ? 0 : docked.length - 1) : (index + step + docked.length) % docked.length;
        const nextId = docked[nextIndex]!.id;
        if (nextId !== state.activeId) set({ activeId: nextId });
      },

      setCollapsed(collapsed) {
        if (typeof collapsed === "boolean" && collapsed !== get().collapsed) set({ collapsed });
      },

      setConnection(connection) {
        if (connection !== get().connection) set({ connection });
      },

      setViewSessionKey(sessionKey) {
        const state = get();
        const viewSessionKey = typeof sessionKey === "string" ? sessionKey : null;
        if (viewSessionKey === state.viewSessionKey) return;
        const previousActive = state.activeId === null ? undefined : state.prompts[state.activeId];
        set({ viewSessionKey, activeId: pickActive(state.prompts, viewSessionKey, state.activeId, previousActive?.seq) });
      },

      reportProblem(problem) {
        const message = isObject(problem) && typeof problem.message === "string" ? problem.message : "A problem was reported without a 'message' string.";
        const entry = { ...(isObject(problem) && typeof problem.promptId === "string" ? { promptId: problem.promptId } : {}), message, atMs: now() };
        set({ problems: [...get().problems, entry].slice(-MAX_PROBLEMS) });
      },

      dismissProblem(index) {
        const problems = get().problems;
        if (Number.isInteger(index) && index >= 0 && index < problems.length) set({ problems: problems.filter((_, i) => i !== index) });
      },

      expireDue(nowMs) {
        if (typeof nowMs !== "number" || Number.isNaN(nowMs)) return;
        commit((writer) => {
          for (const entry of Object.values(get().prompts)) {
            if (entry.record.expiresAtMs > nowMs) continue;
            writer.put({
              ...entry,
              status: "expired",
              intent: undefined,
              error: undefined,
              outcomeSource: undefined,
              locallyExpired: true,
              resolvedAtMs: nowMs,
            });
          }
          return undefined;
        });
      },
    };
  });

  const destroy = options.autoExpire === false ? () => {} : scheduleExpiry(store, options, now);
  return { ...store, destroy };
}

/** One timer for the soonest open prompt's `expiresAtMs`; returns the cleanup. */
function scheduleExpiry(store: StoreApi<AskUserStoreState>, options: AskUserStoreOptions, now: () => number): () => void {
  const usesHostTimers = options.setTimeout === undefined;
  const setTimer = options.setTimeout ?? ((fn: () => void, ms: number) => globalThis.setTimeout(fn, ms));
  const clearTimer = options.clearTimeout ?? ((handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  let timer: unknown;
  let timerAt: number | undefined;

  const reschedule = (prompts: AskUserState["prompts"]) => {
    let soonest = Number.POSITIVE_INFINITY;
    for (const id in prompts) soonest = Math.min(soonest, prompts[id]!.record.expiresAtMs);
    if (soonest === timerAt) return;
    if (timerAt !== undefined) clearTimer(timer);
    timer = undefined;
    timerAt = undefined;
    if (!Number.isFinite(soonest)) return;
    timerAt = soonest;
    timer = setTimer(() => {
      timer = undefined;
      timerAt = undefined;
      store.getState().expireDue(now());
      reschedule(store.getState().prompts);
    }, Math.min(Math.max(soonest - now(), 0), MAX_TIMER_DELAY_MS));
    // A pending expiry must not keep a Node host alive.
    if (usesHostTimers) (timer as { unref?: () => void } | undefined)?.unref?.();
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.prompts !== previous.prompts) reschedule(state.prompts);
  });
  reschedule(store.getState().prompts);
  return () => {
    unsubscribe();
    if (timerAt !== undefined) clearTimer(timer);
    timer = undefined;
    timerAt = undefined;
  };
}

function withDraft(entry: PromptEntry, questionId: string, draft: QuestionDraft): PromptEntry {
  if (entry.drafts[questionId] === draft) return entry;
  return { ...entry, drafts: { ...entry.drafts, [questionId]: draft } };
}

function withStep(entry: PromptEntry, step: number): PromptEntry {
  const clamped = Math.min(Math.max(step, 0), entry.record.questions.length - 1);
  return clamped === entry.step ? entry : { ...entry, step: clamped };
}

/** A newer copy of an open prompt's record; the entry is kept as is when nothing visible changed. */
function refreshRecord(entry: PromptEntry, record: QuestionRecord): PromptEntry {
  const old = entry.record;
  const sameQuestions = JSON.stringify(old.questions) === JSON.stringify(record.questions);
  if (
    sameQuestions &&
    old.expiresAtMs === record.expiresAtMs &&
    old.sessionKey === record.sessionKey &&
    old.runId === record.runId &&
    old.agentId === record.agentId &&
    old.createdAtMs === record.createdAtMs
  ) {
    return entry;
  }
  if (sameQuestions) return { ...entry, record };
  return {
    ...entry,
    record,
    drafts: sanitizeDrafts(record.questions, entry.drafts),
    step: Math.min(entry.step, record.questions.length - 1),
  };
}

function outcomeOfEvent(event: QuestionResolvedEvent): TerminalOutcome {
  return { status: event.status, answers: event.status === "answered" ? event.answers?.answers : undefined };
}

function recordProblem(raw: unknown, errors: readonly ContractError[]): { promptId?: string; message: string } {
  const id = isObject(raw) && typeof raw.id === "string" && raw.id !== "" ? raw.id : undefined;
  const message = `${id === undefined ? "A question record" : `Question record '${id}'`} cannot be shown: ${describeErrors(errors)}`;
  return id === undefined ? { message } : { promptId: id, message };
}

function describeErrors(errors: readonly ContractError[]): string {
  // Contract messages already name their field.
  return `${errors.map((error) => error.message.replace(/\.$/, "")).join("; ")}.`;
}

function normalizeError(error: unknown): PromptError {
  if (!isObject(error) || typeof error.message !== "string") return { message: "The gateway did not accept the answer." };
  return {
    message: error.message,
    ...(typeof error.reason === "string" ? { reason: error.reason } : {}),
    ...(typeof error.code === "string" ? { code: error.code } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
