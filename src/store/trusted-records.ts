import type { QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";

/**
 * Records the contract parser already produced (the bridge's question client parses every record
 * it hands on), so the store keeps them as they are instead of parsing them a second time. Only
 * the bridge marks records, and this module is not exported from the store's entry: a record a
 * host builds by hand is always validated.
 */
const trusted = new WeakSet<object>();

/** Marks `record`, a `parseQuestionRecord` result, as safe to store without parsing again. */
export function trustParsedRecord(record: QuestionRecord): QuestionRecord {
  trusted.add(record);
  return record;
}

export function isTrustedRecord(value: unknown): value is QuestionRecord {
  return typeof value === "object" && value !== null && trusted.has(value);
}

/** Batches of parse results, marked once instead of once per record (a burst brings thousands). */
const trustedBatches = new WeakSet<object>();

/** Freezes `records` (every one a `parseQuestionRecord` result) and marks the batch: nothing can be added to it later. */
export function trustParsedBatch(records: QuestionRecord[]): readonly QuestionRecord[] {
  trustedBatches.add(Object.freeze(records));
  return records;
}

export function isTrustedBatch(value: readonly unknown[]): value is readonly QuestionRecord[] {
  return trustedBatches.has(value);
}

/** Resolutions, kept apart so a trusted record handed to `applyResolved` is still checked as an event. */
const trustedEvents = new WeakSet<object>();

/** Marks `event`, a `parseResolvedEvent` result, as safe to apply without parsing again. */
export function trustParsedEvent(event: QuestionResolvedEvent): QuestionResolvedEvent {
  trustedEvents.add(event);
  return event;
}

export function isTrustedEvent(value: unknown): value is QuestionResolvedEvent {
  return typeof value === "object" && value !== null && trustedEvents.has(value);
}
