import type { PromptEntry } from "./types.js";

type OptionalKey = { [K in keyof PromptEntry]-?: undefined extends PromptEntry[K] ? K : never }[keyof PromptEntry];
type RequiredFields = Omit<PromptEntry, OptionalKey>;
/** A prompt entry that has every key, the optional ones possibly `undefined`. */
type CompleteEntry = RequiredFields & { [K in OptionalKey]-?: PromptEntry[K] | undefined };

/**
 * A new prompt entry with every optional field present and unset. Later changes are spreads
 * (`{ ...entry, status: "submitting", … }`, settling, a credential verdict): in Node 20's V8 a
 * spread copy that gains a key it lacked costs about 2–3 µs per key (a new hidden class each
 * time), against a fraction of that for a key it already has — that was ~13 µs of every submit and
 * ~25 µs of every settle. One literal with every key keeps all entries on one shape; its type
 * requires every key, so a new optional field cannot be left out.
 */
export function newPromptEntry(fields: RequiredFields): PromptEntry {
  const entry: CompleteEntry = {
    id: fields.id,
    record: fields.record,
    status: fields.status,
    intent: undefined,
    lastIntent: undefined,
    outcomeSource: undefined,
    answers: undefined,
    submittedAnswers: undefined,
    drafts: fields.drafts,
    step: fields.step,
    error: undefined,
    locallyExpired: undefined,
    receivedAtMs: fields.receivedAtMs,
    seq: fields.seq,
    resolvedAtMs: undefined,
    credentialWarning: undefined,
    credentialAcceptedTexts: undefined,
    credentialHolds: undefined,
    confirmingSkip: undefined,
    unsent: undefined,
    restored: undefined,
    checking: undefined,
  };
  return entry;
}
