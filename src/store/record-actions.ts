import { parseQuestionRecord, parseResolvedEvent } from "../contract/parse-record.js";
import type { PromptSummary } from "../contract/summary.js";
import type { ContractError, QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import type { ActionContext } from "./action-context.js";
import { isDocked, isOpenStatus } from "./docking.js";
import { createEmptyDrafts, sanitizeDrafts } from "./drafts.js";
import { expireLocally, isMoreInformative, markGone, outcomeOfRecord, settle, type TerminalOutcome } from "./outcomes.js";
import type { PromptBatch } from "./prompt-batch.js";
import { entryOfSummary } from "./summaries.js";
import type { AskUserRuntimeInputs, PromptEntry } from "./types.js";

type RecordActions = Pick<
  AskUserRuntimeInputs,
  "upsertRecord" | "upsertRecords" | "receiveRecords" | "applyResolved" | "markUnavailable" | "markChecking" | "expireDue" | "restoreSummaries"
>;

/** What comes in from the gateway: records, resolutions, a forgotten prompt, the clock. */
export function createRecordActions(context: ActionContext): RecordActions {
  const { get, now } = context;

  const newEntry = (record: QuestionRecord): PromptEntry => {
    const saved = record.status === "pending" ? context.drafts.load(record.id, record.questions) : null;
    return context.scanCredential({
      id: record.id,
      record,
      status: "pending",
      drafts: saved?.drafts ?? createEmptyDrafts(record.questions),
      step: saved?.step ?? 0,
      receivedAtMs: now(),
      seq: context.nextSeq(),
    });
  };

  /** Returns the id when the record arrived (or came back) docked. */
  const upsertOne = (batch: PromptBatch, record: QuestionRecord): string | undefined => {
    const existing = batch.get(record.id);
    const outcome = outcomeOfRecord(record);
    if (!existing) {
      const arrived = newEntry(record);
      batch.appendOrder(record.id);
      const held = batch.held(record.id);
      if (held) batch.release(record.id);
      if (outcome) batch.put(settle(arrived, outcome, now(), record));
      else if (held) batch.put(settle(arrived, outcomeOfEvent(held), now()));
      else batch.put(arrived);
      return outcome || held ? undefined : dockedId(arrived);
    }
    if (isOpenStatus(existing.status)) {
      // Any record of the prompt answers a `checking` read: the gateway still has it open, or ended it.
      const confirmed = existing.checking ? { ...existing, checking: undefined } : existing;
      batch.put(outcome ? settle(confirmed, outcome, now(), record) : context.scanCredential(refreshRecord(confirmed, record)));
    } else if (outcome) {
      if (isMoreInformative(existing, outcome)) batch.put(settle(existing, outcome, now(), record));
    } else if (existing.locallyExpired && record.expiresAtMs > now()) {
      // Our clock ran ahead of the gateway's: the prompt is still open, drafts and all.
      const revived: PromptEntry = {
        ...refreshRecord(existing, record),
        status: "pending",
        locallyExpired: undefined,
        outcomeSource: undefined,
        resolvedAtMs: undefined,
        unsent: undefined,
      };
      batch.put(revived);
      return dockedId(revived);
    }
    return undefined;
  };

  const dockedId = (entry: PromptEntry) => (isDocked(entry, get().viewSessionKey) ? entry.id : undefined);

  /** Records the contract parsed already, kept as they are, in one state change. */
  const receiveRecords = (records: readonly QuestionRecord[]) =>
    context.commit((batch) => {
      let arrivedId: string | undefined;
      for (const record of records) arrivedId = upsertOne(batch, record) ?? arrivedId;
      return arrivedId;
    });

  /** A host's records are parsed, so one it built wrong cannot break the store. */
  const upsertRecords = (raw: readonly unknown[]) => {
    const records: QuestionRecord[] = [];
    const invalid: { promptId?: string; detail: string }[] = [];
    for (const entry of raw) {
      const parsed = parseQuestionRecord(entry);
      if (parsed.ok) records.push(parsed.value);
      else invalid.push(recordProblem(entry, parsed.errors));
    }
    receiveRecords(records);
    for (const problem of invalid) context.report("record-unreadable", problem.detail, problem.promptId);
  };

  return {
    upsertRecord: (record) => upsertRecords([record]),
    upsertRecords: (records) => {
      if (Array.isArray(records)) upsertRecords(records);
    },
    receiveRecords,

    applyResolved(raw) {
      const parsed = parseResolvedEvent(raw);
      if (!parsed.ok) {
        context.report("event-unreadable", describeErrors(parsed.errors));
        return;
      }
      const event = parsed.value;
      context.commit((batch) => {
        const entry = batch.get(event.id);
        const outcome = outcomeOfEvent(event);
        if (!entry) batch.hold(event);
        else if (isOpenStatus(entry.status) || isMoreInformative(entry, outcome)) batch.put(settle(entry, outcome, now()));
        return undefined;
      });
    },

    markUnavailable(promptId) {
      context.commit((batch) => {
        const entry = batch.get(promptId);
        if (entry && (isOpenStatus(entry.status) || entry.locallyExpired)) batch.put(markGone(entry, now()));
        // A resolution held for a record the gateway does not know will never be matched: drop it,
        // or every later hydration asks for it again.
        else if (!entry && batch.held(promptId)) batch.release(promptId);
        return undefined;
      });
    },

    markChecking(promptId) {
      context.updateOpen(promptId, (entry) => (entry.checking ? entry : { ...entry, checking: true }));
    },

    expireDue(nowMs) {
      if (typeof nowMs !== "number" || Number.isNaN(nowMs)) return;
      context.commit((batch) => {
        for (const entry of Object.values(get().prompts)) {
          if (entry.record.expiresAtMs <= nowMs) batch.put(expireLocally(entry, nowMs));
        }
        return undefined;
      });
    },

    restoreSummaries(summaries) {
      if (!Array.isArray(summaries)) return;
      restoreInto(context, summaries);
    },
  };
}

/** Puts summaries into the transcript in the time order of their records; known ids are kept as they are. */
export function restoreInto(context: ActionContext, summaries: readonly PromptSummary[]): void {
  const sorted = [...summaries].sort((a, b) => a.record.createdAtMs - b.record.createdAtMs);
  context.commit((batch) => {
    for (const summary of sorted) {
      if (batch.get(summary.id)) continue;
      batch.appendOrder(summary.id);
      batch.put(entryOfSummary(summary, context.nextSeq(), context.now()));
    }
    return undefined;
  });
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

function recordProblem(raw: unknown, errors: readonly ContractError[]): { promptId?: string; detail: string } {
  const id = typeof raw === "object" && raw !== null && typeof (raw as { id?: unknown }).id === "string" ? (raw as { id: string }).id : "";
  return id === "" ? { detail: describeErrors(errors) } : { promptId: id, detail: describeErrors(errors) };
}

function describeErrors(errors: readonly ContractError[]): string {
  // Contract messages already name their field.
  return `${errors.map((error) => error.message.replace(/\.$/, "")).join("; ")}.`;
}
