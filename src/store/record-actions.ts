import { parseQuestionRecord, parseResolvedEvent } from "../contract/parse-record.js";
import type { PromptSummary } from "../contract/summary.js";
import type { ContractError, QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import { isDocked, isOpenStatus } from "./docking.js";
import { sanitizeDrafts } from "./drafts.js";
import { newPromptEntry } from "./entry-fields.js";
import { expireLocally, isMoreInformative, markGone, outcomeOfRecord, settle, type TerminalOutcome } from "./outcomes.js";
import type { PromptWriter } from "./prompt-writer.js";
import type { StoreKit } from "./store-kit.js";
import { entryOfSummary } from "./summaries.js";
import type { AskUserActions, PromptEntry } from "./types.js";

type RecordActions = Pick<AskUserActions, "upsertRecord" | "upsertRecords" | "receiveRecords" | "applyResolved" | "markUnavailable" | "markChecking" | "expireDue" | "restoreSummaries">;

function newEntry(kit: StoreKit, record: QuestionRecord): PromptEntry {
  const saved = record.status === "pending" ? kit.drafts.load(record.id, record.questions) : null;
  return kit.scanCredential(
    newPromptEntry({
      id: record.id,
      record,
      status: "pending",
      drafts: saved?.drafts ?? kit.emptyDrafts.of(record.questions),
      step: saved?.step ?? 0,
      receivedAtMs: kit.now(),
      seq: kit.nextSeq(),
    }),
  );
}

function upsertOne(kit: StoreKit, writer: PromptWriter, record: QuestionRecord): string | undefined {
  const now = kit.now;
  const existing = writer.get(record.id);
  const outcome = outcomeOfRecord(record);
  if (!existing) {
    const arrived = newEntry(kit, record);
    writer.appendOrder(record.id);
    const held = writer.held(record.id);
    if (outcome || held) {
      writer.release(record.id);
      writer.put(outcome ? settle(arrived, outcome, now(), record) : settle(arrived, outcomeOfEvent(held!), now()));
      return undefined;
    }
    writer.putArrival(arrived);
    return isDocked(arrived, kit.get().viewSessionKey) ? arrived.id : undefined;
  }
  if (isOpenStatus(existing.status)) {
    // Any record of the prompt answers a `checking` read: the gateway still has it open, or ended it.
    const confirmed = existing.checking ? { ...existing, checking: undefined } : existing;
    writer.put(outcome ? settle(confirmed, outcome, now(), record) : kit.scanCredential(refreshRecord(confirmed, record)));
  } else if (outcome) {
    if (isMoreInformative(existing, outcome)) writer.put(settle(existing, outcome, now(), record));
  } else if (existing.locallyExpired && record.expiresAtMs > now()) {
    // Our clock ran ahead of the gateway's: the prompt is still open, drafts and all.
    const revived: PromptEntry = { ...refreshRecord(existing, record), status: "pending", locallyExpired: undefined, outcomeSource: undefined, resolvedAtMs: undefined, unsent: undefined };
    writer.put(revived);
    return isDocked(revived, kit.get().viewSessionKey) ? revived.id : undefined;
  }
  return undefined;
}

/** Returns the id of the last record that arrived docked, if any. */
function upsertAll(kit: StoreKit, writer: PromptWriter, records: readonly QuestionRecord[]): string | undefined {
  let arrivedId: string | undefined;
  for (const record of records) arrivedId = upsertOne(kit, writer, record) ?? arrivedId;
  return arrivedId;
}

/** What comes in from the gateway: records, resolutions, a forgotten prompt, the clock. */
export function createRecordActions(kit: StoreKit): RecordActions {
  const { get, now } = kit;

  const receiveRecords = (records: readonly QuestionRecord[]) => kit.commit((writer) => upsertAll(kit, writer, records));

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
    for (const problem of invalid) kit.report("record-unreadable", problem.detail, problem.promptId);
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
        kit.report("event-unreadable", describeErrors(parsed.errors));
        return;
      }
      const event = parsed.value;
      kit.commit((writer) => {
        const entry = writer.get(event.id);
        const outcome = outcomeOfEvent(event);
        if (!entry) writer.hold(event);
        else if (isOpenStatus(entry.status) || isMoreInformative(entry, outcome)) writer.put(settle(entry, outcome, now()));
        return undefined;
      });
    },

    markUnavailable(promptId) {
      kit.commit((writer) => {
        const entry = writer.get(promptId);
        if (entry && (isOpenStatus(entry.status) || entry.locallyExpired)) writer.put(markGone(entry, now()));
        // A resolution held for a record the gateway does not know will never be matched: drop it,
        // or every later hydration asks for it again.
        else if (!entry && writer.held(promptId)) writer.release(promptId);
        return undefined;
      });
    },

    markChecking(promptId) {
      kit.updateOpen(promptId, (entry) => (entry.checking ? entry : { ...entry, checking: true }));
    },

    expireDue(nowMs) {
      if (typeof nowMs !== "number" || Number.isNaN(nowMs)) return;
      kit.commit((writer) => {
        const prompts = get().prompts;
        for (const id in prompts) {
          const entry = prompts[id]!;
          if (entry.record.expiresAtMs <= nowMs) writer.put(expireLocally(entry, nowMs));
        }
        return undefined;
      });
    },

    restoreSummaries(summaries) {
      if (!Array.isArray(summaries)) return;
      restoreInto(kit, summaries);
    },
  };
}

/** Puts summaries into the transcript in the time order of their records; known ids are kept as they are. */
export function restoreInto(kit: StoreKit, summaries: readonly PromptSummary[]): void {
  const sorted = [...summaries].sort((a, b) => a.record.createdAtMs - b.record.createdAtMs);
  kit.commit((writer) => {
    for (const summary of sorted) {
      if (writer.get(summary.id)) continue;
      writer.appendOrder(summary.id);
      writer.put(entryOfSummary(summary, kit.nextSeq(), kit.now()));
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
  return { ...entry, record, drafts: sanitizeDrafts(record.questions, entry.drafts), step: Math.min(entry.step, record.questions.length - 1) };
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
