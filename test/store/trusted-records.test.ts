import { describe, expect, it } from "vitest";
import { parseQuestionRecord } from "../../src/contract/index.js";
import type { QuestionRecord } from "../../src/contract/types.js";
import { isTrustedRecord, trustParsedRecord } from "../../src/store/trusted-records.js";
import { makeRecord, makeStore } from "./fixtures.js";

function parsed(record: QuestionRecord): QuestionRecord {
  const result = parseQuestionRecord(record);
  if (!result.ok) throw new Error(result.errors.map((error) => error.message).join("; "));
  return result.value;
}

describe("records the bridge already parsed", () => {
  it("are stored as they are, without a second parse", () => {
    const { state } = makeStore();
    const record = trustParsedRecord(parsed(makeRecord()));
    state().upsertRecords([record]);
    expect(state().prompts.ask_0001?.record).toBe(record);
  });

  it("are only those marked: an equal hand-built record is still parsed", () => {
    const { state } = makeStore();
    trustParsedRecord(parsed(makeRecord()));
    const handBuilt = makeRecord();
    state().upsertRecord(handBuilt);
    expect(isTrustedRecord(handBuilt)).toBe(false);
    expect(state().prompts.ask_0001?.record).not.toBe(handBuilt);
    expect(state().prompts.ask_0001?.record).toEqual(handBuilt);
  });

  it.each([
    ["no questions", { ...makeRecord(), questions: [] }],
    ["a numeric id", { ...makeRecord(), id: 7 }],
    ["not an object", "ask_0001"],
  ])("never cover a hand-built record with %s: it is reported, not stored", (_name, raw) => {
    const { state } = makeStore();
    state().upsertRecords([raw as QuestionRecord]);
    expect(Object.keys(state().prompts)).toEqual([]);
    expect(state().problems).toHaveLength(1);
  });
});
