import { canonicalSessionKey, sameSessionKey } from "../contract/session-key.js";
import type { SummaryOutcome } from "../contract/summary.js";
import { dockedEntries, isDocked } from "./docking.js";
import { draftAnswers, draftHasValue, draftValues } from "./drafts.js";
import { summaryOutcome } from "./summaries.js";
import type { AskUserState, PromptEntry, QuestionDraft } from "./types.js";

/*
 * Pure functions of state. Those returning arrays or objects memoize on the identity of their
 * inputs (the store shares structure, and every state object is immutable), so
 * `useSyncExternalStore` sees the same reference until something relevant changed. The caches are
 * WeakMaps keyed by those immutable inputs: a pure function's memo, shared by no two stores'
 * states and never holding state of its own. Where the input changes on every keystroke (the
 * open-prompt map), pass an equality (`sameIds`, zustand's `shallow`) to the hook.
 */

export interface PromptPosition {
  /** 1-based index of the active prompt among the docked ones. */
  current: number;
  total: number;
}

export interface PromptProgress {
  /** 1-based step on screen. */
  step: number;
  total: number;
}

export interface OtherSessionPending {
  count: number;
  /** Prompt ids, in arrival order. */
  ids: readonly string[];
  /** Their distinct session keys, in order of first arrival (so a host can offer to switch). */
  sessionKeys: readonly string[];
}

export interface TranscriptFilter {
  runId?: string;
  sessionKey?: string;
}

export type { SummaryOutcome };

export interface SummaryLine {
  questionId: string;
  header: string;
  question: string;
  /** The canonical answers when known (`answered`, usually `answered-elsewhere`), else empty. */
  values: readonly string[];
  /** What the person had picked or typed here but never sent ("Not sent: …"), else empty. */
  unsent: readonly string[];
  outcome: SummaryOutcome;
}

const NO_IDS: readonly string[] = Object.freeze([]);
const NO_LINES: readonly SummaryLine[] = Object.freeze([]);
const NO_OTHER_SESSIONS: OtherSessionPending = Object.freeze({ count: 0, ids: NO_IDS, sessionKeys: NO_IDS });

export function selectPrompt(state: AskUserState, promptId: string): PromptEntry | undefined {
  if (Object.hasOwn(state.prompts, promptId)) return state.prompts[promptId];
  return Object.hasOwn(state.settled, promptId) ? state.settled[promptId] : undefined;
}

export function selectActivePrompt(state: AskUserState): PromptEntry | null {
  if (state.activeId === null) return null;
  return (Object.hasOwn(state.prompts, state.activeId) ? state.prompts[state.activeId] : undefined) ?? null;
}

const dockedCache = new WeakMap<AskUserState["prompts"], { view: string | null; ids: readonly string[] }>();

/**
 * Ids of the prompts in the dock (open, of the session on screen or sessionless), oldest first.
 * A new array on each keystroke (the open-prompt map changes); compare with `sameIds`.
 */
export function selectDockedPromptIds(state: AskUserState): readonly string[] {
  const cached = dockedCache.get(state.prompts);
  if (cached && cached.view === state.viewSessionKey) return cached.ids;
  const found = dockedEntries(state.prompts, state.viewSessionKey).map((entry) => entry.id);
  const ids = found.length === 0 ? NO_IDS : Object.freeze(found);
  dockedCache.set(state.prompts, { view: state.viewSessionKey, ids });
  return ids;
}

const positionCache = new WeakMap<readonly string[], Map<string, PromptPosition>>();

/** Where the active prompt sits among the docked ones (the navigator's `current/total`); null when none is active. */
export function selectPromptPosition(state: AskUserState): PromptPosition | null {
  if (state.activeId === null) return null;
  const ids = selectDockedPromptIds(state);
  const index = ids.indexOf(state.activeId);
  if (index < 0) return null;
  let byActive = positionCache.get(ids);
  if (!byActive) positionCache.set(ids, (byActive = new Map()));
  let position = byActive.get(state.activeId);
  if (!position) byActive.set(state.activeId, (position = Object.freeze({ current: index + 1, total: ids.length })));
  return position;
}

const progressCache = new WeakMap<PromptEntry["record"], PromptProgress[]>();

export function selectProgress(prompt: PromptEntry): PromptProgress {
  const total = prompt.record.questions.length;
  let byStep = progressCache.get(prompt.record);
  if (!byStep) progressCache.set(prompt.record, (byStep = []));
  return (byStep[prompt.step] ??= Object.freeze({ step: prompt.step + 1, total }));
}

const valuesCache = new WeakMap<QuestionDraft, readonly string[]>();

/** What the question's draft would send: picks in order, then the trimmed Other text. */
export function selectQuestionValues(prompt: PromptEntry, questionId: string): readonly string[] {
  const draft = Object.hasOwn(prompt.drafts, questionId) ? prompt.drafts[questionId] : undefined;
  if (!draft) return NO_IDS;
  let values = valuesCache.get(draft);
  if (!values) valuesCache.set(draft, (values = Object.freeze(draftValues(draft))));
  return values;
}

/** Submit and Skip may go out: the prompt is pending and not being checked with the gateway. */
export function selectCanSend(prompt: PromptEntry): boolean {
  return prompt.status === "pending" && prompt.checking !== true;
}

/** The step on screen has a value, so Next (or Submit on the last step) may be pressed. */
export function selectCanAdvance(prompt: PromptEntry): boolean {
  if (prompt.status !== "pending") return false;
  const question = prompt.record.questions[prompt.step];
  return question !== undefined && draftHasValue(prompt.drafts[question.questionId]);
}

const submittableCache = new WeakMap<PromptEntry["drafts"], boolean>();

/** Every question has an answer the gateway will accept (connection aside). */
export function selectCanSubmit(prompt: PromptEntry): boolean {
  if (!selectCanSend(prompt)) return false;
  let valid = submittableCache.get(prompt.drafts);
  if (valid === undefined) {
    valid = draftAnswers(prompt.record.questions, prompt.drafts).ok;
    submittableCache.set(prompt.drafts, valid);
  }
  return valid;
}

const otherSessionsCache = new WeakMap<AskUserState["prompts"], { view: string | null; result: OtherSessionPending }>();

/**
 * Open prompts of sessions other than the one on screen: counted so they are never silently
 * hidden. A new object on each keystroke; compare with `sameOtherSessions`.
 */
export function selectOtherSessionPending(state: AskUserState): OtherSessionPending {
  const cached = otherSessionsCache.get(state.prompts);
  if (cached && cached.view === state.viewSessionKey) return cached.result;
  const entries = Object.values(state.prompts)
    .filter((entry) => !isDocked(entry, state.viewSessionKey))
    .sort((a, b) => a.seq - b.seq);
  let result = NO_OTHER_SESSIONS;
  if (entries.length > 0) {
    const ids = entries.map((entry) => entry.id);
    // Canonical keys, so `main` and `agent:main:main` count as one session to switch to.
    const sessionKeys = [
      ...new Set(entries.flatMap((entry) => (entry.record.sessionKey === undefined ? [] : [canonicalSessionKey(entry.record.sessionKey)]))),
    ];
    result = Object.freeze({ count: ids.length, ids: Object.freeze(ids), sessionKeys: Object.freeze(sessionKeys) });
  }
  otherSessionsCache.set(state.prompts, { view: state.viewSessionKey, result });
  return result;
}

export function sameOtherSessions(a: OtherSessionPending, b: OtherSessionPending): boolean {
  return a.count === b.count && sameIds(a.ids, b.ids) && sameIds(a.sessionKeys, b.sessionKeys);
}

const transcriptCache = new WeakMap<AskUserState["settled"], Map<string, readonly PromptEntry[]>>();

/**
 * Terminal prompts in arrival order, optionally only one agent turn (`runId`) or session. The same
 * array until a prompt settles or changes while settled: draft edits and arrivals never touch
 * `settled`, and every settled id is in `order`, which changes otherwise only by appending.
 */
export function selectTranscript(state: AskUserState, filter: TranscriptFilter = {}): readonly PromptEntry[] {
  const key = JSON.stringify([filter.runId ?? null, filter.sessionKey ?? null]);
  let byFilter = transcriptCache.get(state.settled);
  if (!byFilter) transcriptCache.set(state.settled, (byFilter = new Map()));
  let entries = byFilter.get(key);
  if (!entries) {
    const { settled } = state;
    entries = Object.freeze(state.order.flatMap((id) => (Object.hasOwn(settled, id) && inTranscript(settled[id]!, filter) ? [settled[id]!] : [])));
    byFilter.set(key, entries);
  }
  return entries;
}

function inTranscript(entry: PromptEntry, filter: TranscriptFilter): boolean {
  if (filter.runId !== undefined && entry.record.runId !== filter.runId) return false;
  return filter.sessionKey === undefined || sameSessionKey(entry.record.sessionKey, filter.sessionKey);
}

const summaryCache = new WeakMap<PromptEntry, readonly SummaryLine[]>();

/** One line per question of a terminal prompt (empty while it is still open). */
export function selectSummaryLines(prompt: PromptEntry): readonly SummaryLine[] {
  const outcome = summaryOutcome(prompt);
  if (!outcome) return NO_LINES;
  let lines = summaryCache.get(prompt);
  if (lines) return lines;
  lines = Object.freeze(
    prompt.record.questions.map((question) => {
      const answered = outcome === "answered" || outcome === "answered-elsewhere";
      const values = answered ? (prompt.answers?.[question.questionId] ?? []) : [];
      const unsent = prompt.unsent?.[question.questionId] ?? [];
      // An unsent draft equal to what was answered elsewhere lost nothing.
      const lost = sameIds(unsent, values) ? [] : unsent;
      return Object.freeze({
        questionId: question.questionId,
        header: question.header,
        question: question.question,
        values: Object.freeze([...values]),
        unsent: Object.freeze([...lost]),
        outcome,
      });
    }),
  );
  summaryCache.set(prompt, lines);
  return lines;
}

export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
