import { describe, expect, it } from "vitest";
import { parseQuestionRecord } from "../../src/contract/index.js";
import type { QuestionRecord } from "../../src/contract/types.js";
import { isTrustedBatch, isTrustedRecord, trustParsedBatch, trustParsedRecord } from "../../src/store/trusted-records.js";
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

describe("a batch the bridge marked as a whole", () => {
  it("is stored record for record as it is, and frozen so nothing unparsed can join it later", () => {
    const { state } = makeStore();
    const records = [parsed(makeRecord()), parsed(makeRecord({ id: "ask_0002" }))];
    const batch = trustParsedBatch(records);
    expect(Object.isFrozen(batch)).toBe(true);
    expect(() => (batch as QuestionRecord[]).push(makeRecord({ id: "ask_0003" }))).toThrow(TypeError);
    state().upsertRecords(batch);
    expect(state().prompts.ask_0001?.record).toBe(records[0]);
    expect(state().prompts.ask_0002?.record).toBe(records[1]);
  });

  it("covers only that array: the same records in another array are parsed again", () => {
    const { state } = makeStore();
    const record = parsed(makeRecord());
    trustParsedBatch([record]);
    const copy = [record];
    expect(isTrustedBatch(copy)).toBe(false);
    state().upsertRecords(copy);
    expect(state().prompts.ask_0001?.record).not.toBe(record);
    expect(state().prompts.ask_0001?.record).toEqual(record);
  });
});
