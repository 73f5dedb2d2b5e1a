import { describe, expect, it } from "vitest";
import type { AnswerMap, QuestionRecord } from "../../src/contract/types.js";
import { CHAT, makeRecord, makeStore } from "./fixtures.js";

const ID = "ask_0001";
const answers = (map: AnswerMap) => ({ answers: map });

/** A store with one prompt whose draft is filled in (Chat + Docs). */
function withFilledPrompt(record: QuestionRecord = makeRecord()) {
  const harness = makeStore();
  const { state } = harness;
  state().upsertRecord(record);
  state().pickOption(record.id, "target", CHAT);
  state().toggleOption(record.id, "extras", "Docs");
  return harness;
}

describe("upsertRecord", () => {
  it("adds a new pending record, makes it active and expands the dock", () => {
    const { state } = makeStore();
    state().setCollapsed(true);
    state().upsertRecord(makeRecord());
    const entry = state().prompts[ID]!;
    expect(entry.status).toBe("pending");
    expect(entry.step).toBe(0);
    expect(entry.drafts).toEqual({ target: { selected: [], otherText: "" }, extras: { selected: [], otherText: "" } });
    expect(entry.receivedAtMs).toBe(10_000);
    expect(state().order).toEqual([ID]);
    expect(state().activeId).toBe(ID);
    expect(state().collapsed).toBe(false);
  });

  it("lets the newest pending prompt take over the dock", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ id: "ask_a" }));
    state().upsertRecord(makeRecord({ id: "ask_b" }));
    expect(state().activeId).toBe("ask_b");
    expect(state().order).toEqual(["ask_a", "ask_b"]);
  });

  it("makes the newest of a batch active and settles its terminal records", () => {
    const { state } = makeStore();
    state().upsertRecords([makeRecord({ id: "ask_a" }), makeRecord({ id: "ask_b" }), makeRecord({ id: "ask_c", status: "expired" })]);
    expect(state().activeId).toBe("ask_b");
    expect(Object.keys(state().prompts)).toEqual(["ask_a", "ask_b"]);
    expect(Object.keys(state().settled)).toEqual(["ask_c"]);
  });

  it("keeps the same entry when a list refresh repeats an open record unchanged", () => {
    const { state } = withFilledPrompt();
    const before = state().prompts[ID];
    state().upsertRecord(makeRecord());
    expect(state().prompts[ID]).toBe(before);
  });

  it("takes a changed record but keeps the drafts of an open prompt", () => {
    const { state } = withFilledPrompt();
    const drafts = state().prompts[ID]!.drafts;
    state().upsertRecord(makeRecord({ expiresAtMs: 999_000 }));
    expect(state().prompts[ID]!.record.expiresAtMs).toBe(999_000);
    expect(state().prompts[ID]!.drafts).toBe(drafts);
  });

  it("reconciles drafts when an open record's questions change", () => {
    const { state } = withFilledPrompt();
    const record = makeRecord();
    state().upsertRecord({ ...record, questions: [record.questions[1]!] });
    expect(state().prompts[ID]!.drafts).toEqual({ extras: { selected: ["Docs"], otherText: "" } });
    expect(state().prompts[ID]!.step).toBe(0);
  });

  it("reports a malformed record as a problem instead of throwing", () => {
    const { state } = makeStore();
    expect(() => state().upsertRecord({ id: "ask_bad", questions: "nope" } as unknown as QuestionRecord)).not.toThrow();
    expect(state().prompts).toEqual({});
    expect(state().problems).toHaveLength(1);
    expect(state().problems[0]).toMatchObject({ promptId: "ask_bad", atMs: 10_000 });
    expect(state().problems[0]!.message).toContain("Question record 'ask_bad' cannot be shown");
    expect(state().problems[0]!.message).toContain("questions");
  });

  it("ignores upsertRecords with something other than an array", () => {
    const { state } = makeStore();
    const before = state();
    state().upsertRecords("nope" as unknown as QuestionRecord[]);
    expect(state()).toBe(before);
  });

  it.each([
    ["answered", { status: "answered", answers: answers({ target: ["Email"], extras: ["Tests"] }) }, "elsewhere"],
    ["cancelled by a person", { status: "cancelled" }, "elsewhere"],
    ["cancelled by run abort", { status: "cancelled", resolvedBy: "run-abort" }, "run-ended"],
    ["cancelled, requester inactive", { status: "cancelled", resolvedBy: "requester-inactive" }, "run-ended"],
    ["cancelled by an image reply", { status: "cancelled", resolvedBy: "image-reply" }, "run-ended"],
    ["expired", { status: "expired" }, "elsewhere"],
  ] as const)("settles an unknown terminal record (%s) with source %s", (_name, fields, source) => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord(fields));
    const entry = state().settled[ID]!;
    expect(entry.status).toBe(fields.status);
    expect(entry.outcomeSource).toBe(source);
    expect(state().prompts).toEqual({});
    expect(state().activeId).toBeNull();
    expect(state().order).toEqual([ID]);
  });

  it("settles an open prompt from a terminal question.get record", () => {
    const { state } = withFilledPrompt();
    state().upsertRecord(makeRecord({ status: "answered", answers: answers({ target: ["Email"], extras: ["Tests"] }), resolvedBy: "operator-ios" }));
    const entry = state().settled[ID]!;
    expect(entry).toMatchObject({
      status: "answered",
      outcomeSource: "elsewhere",
      answers: { target: ["Email"], extras: ["Tests"] },
      resolvedAtMs: 10_000,
    });
    expect(entry.record.resolvedBy).toBe("operator-ios");
    expect(state().activeId).toBeNull();
  });

  it("ignores a pending record for a prompt already terminal locally", () => {
    const { state } = withFilledPrompt();
    state().skip(ID);
    state().resolveSucceeded(ID, { status: "cancelled" });
    const settled = state().settled;
    state().upsertRecord(makeRecord());
    expect(state().settled).toBe(settled);
    expect(state().prompts).toEqual({});
  });

  it("ignores a terminal record that is not more informative", () => {
    const { state } = withFilledPrompt();
    state().applyResolved({ id: ID, status: "cancelled" });
    const entry = state().settled[ID];
    state().upsertRecord(makeRecord({ status: "cancelled" }));
    state().upsertRecord(makeRecord({ status: "answered", answers: answers({ target: ["Email"], extras: ["Docs"] }) }));
    expect(state().settled[ID]).toBe(entry);
  });

  it("takes a terminal record that brings resolvedBy and re-judges the source", () => {
    const { state } = withFilledPrompt();
    state().applyResolved({ id: ID, status: "cancelled" });
    expect(state().settled[ID]!.outcomeSource).toBe("elsewhere");
    state().upsertRecord(makeRecord({ status: "cancelled", resolvedBy: "requester-inactive" }));
    expect(state().settled[ID]!.outcomeSource).toBe("run-ended");
    expect(state().settled[ID]!.record.resolvedBy).toBe("requester-inactive");
  });

  it("keeps our own skip local when the record brings a person's resolvedBy", () => {
    const { state } = withFilledPrompt();
    state().skip(ID);
    state().applyResolved({ id: ID, status: "cancelled" });
    state().upsertRecord(makeRecord({ status: "cancelled", resolvedBy: "control-ui" }));
    expect(state().settled[ID]).toMatchObject({ outcomeSource: "local", status: "cancelled" });
  });
});

describe("applyResolved and the outcome source", () => {
  it("marks an answered broadcast matching our submit as local, even when the resolve response was lost", () => {
    const { state } = withFilledPrompt();
    const submitted = state().submit(ID);
    expect(submitted.ok).toBe(true);
    state().applyResolved({ id: ID, status: "answered", answers: answers({ target: [CHAT], extras: ["Docs"] }) });
    expect(state().settled[ID]).toMatchObject({
      status: "answered",
      outcomeSource: "local",
      answers: { target: [CHAT], extras: ["Docs"] },
    });
    expect(state().settled[ID]!.intent).toBeUndefined();
  });

  it("marks an answered broadcast with other answers as elsewhere (concurrent loser)", () => {
    const { state } = withFilledPrompt();
    state().submit(ID);
    state().applyResolved({ id: ID, status: "answered", answers: answers({ target: ["Email"], extras: ["Docs"] }) });
    expect(state().settled[ID]).toMatchObject({ outcomeSource: "elsewhere", answers: { target: ["Email"], extras: ["Docs"] } });
    // Our resolve then fails as already terminal: the settled outcome stands.
    state().resolveFailed(ID, { message: "question 'ask_0001' is already answered", reason: "QUESTION_ALREADY_TERMINAL" });
    expect(state().settled[ID]!.status).toBe("answered");
  });

  it("marks an answer from another tab as elsewhere when we never submitted", () => {
    const { state } = withFilledPrompt();
    state().applyResolved({ id: ID, status: "answered", answers: answers({ target: [CHAT], extras: ["Docs"] }) });
    expect(state().settled[ID]!.outcomeSource).toBe("elsewhere");
  });

  it("marks a cancel while our skip is in flight as local, otherwise elsewhere", () => {
    const ours = withFilledPrompt();
    ours.state().skip(ID);
    ours.state().applyResolved({ id: ID, status: "cancelled" });
    expect(ours.state().settled[ID]!.outcomeSource).toBe("local");

    const theirs = withFilledPrompt();
    theirs.state().applyResolved({ id: ID, status: "cancelled" });
    expect(theirs.state().settled[ID]!.outcomeSource).toBe("elsewhere");
  });

  it("holds a resolution for an unknown id and applies it when the record arrives", () => {
    const { state } = makeStore();
    state().applyResolved({ id: ID, status: "expired" });
    expect(state().heldResolutions[ID]).toEqual({ id: ID, status: "expired" });
    expect(state().order).toEqual([]);
    state().upsertRecord(makeRecord());
    expect(state().heldResolutions).toEqual({});
    expect(state().settled[ID]).toMatchObject({ status: "expired", outcomeSource: "elsewhere" });
    expect(state().activeId).toBeNull();
  });

  it("drops a held resolution when the terminal record itself arrives", () => {
    const { state } = makeStore();
    state().applyResolved({ id: ID, status: "cancelled" });
    state().upsertRecord(makeRecord({ status: "cancelled", resolvedBy: "run-abort" }));
    expect(state().heldResolutions).toEqual({});
    expect(state().settled[ID]!.outcomeSource).toBe("run-ended");
  });

  it("drops a held resolution whose record the gateway does not know (markUnavailable), so hydration stops asking", () => {
    const { state } = makeStore();
    state().applyResolved({ id: ID, status: "expired" });
    state().markUnavailable(ID);
    expect(state().heldResolutions).toEqual({});
    expect(state().order).toEqual([]);
  });

  it("keeps the current prompt active when a held resolution ends a new arrival", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ id: "ask_a" }));
    state().setCollapsed(true);
    state().applyResolved({ id: "ask_b", status: "cancelled" });
    state().upsertRecord(makeRecord({ id: "ask_b" }));
    expect(state().activeId).toBe("ask_a");
    expect(state().collapsed).toBe(true);
  });

  it("keeps the current prompt active when an arrival settles later in the same batch", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ id: "ask_a" }));
    state().setCollapsed(true);
    state().upsertRecords([makeRecord({ id: "ask_b" }), makeRecord({ id: "ask_b", status: "cancelled", resolvedBy: "run-abort" })]);
    expect(state().settled.ask_b!.outcomeSource).toBe("run-ended");
    expect(state().activeId).toBe("ask_a");
    expect(state().collapsed).toBe(true);
  });

  it("hands the dock to the next docked prompt when the active one ends", () => {
    const { state } = makeStore();
    state().upsertRecords([makeRecord({ id: "ask_a" }), makeRecord({ id: "ask_b" }), makeRecord({ id: "ask_c" })]);
    state().setActive("ask_b");
    state().applyResolved({ id: "ask_b", status: "expired" });
    expect(state().activeId).toBe("ask_c");
    state().applyResolved({ id: "ask_c", status: "expired" });
    expect(state().activeId).toBe("ask_a");
    state().applyResolved({ id: "ask_a", status: "expired" });
    expect(state().activeId).toBeNull();
  });

  it("reports a malformed event and changes nothing else", () => {
    const { state } = makeStore();
    state().applyResolved({ id: ID, status: "pending" } as never);
    expect(state().heldResolutions).toEqual({});
    expect(state().problems).toHaveLength(1);
    expect(state().problems[0]!.message).toMatch(/^A question\.resolved event was ignored: .*status/);
  });

  it("ignores a second, different terminal event (first writer wins)", () => {
    const { state } = withFilledPrompt();
    state().applyResolved({ id: ID, status: "cancelled" });
    const entry = state().settled[ID];
    state().applyResolved({ id: ID, status: "expired" });
    expect(state().settled[ID]).toBe(entry);
  });
});

describe("markUnavailable", () => {
  it("settles an open prompt as unavailable with no known source", () => {
    const { state } = withFilledPrompt();
    state().markUnavailable(ID);
    expect(state().settled[ID]).toMatchObject({ status: "unavailable", resolvedAtMs: 10_000 });
    expect(state().settled[ID]!.outcomeSource).toBeUndefined();
  });

  it("lets a later terminal record replace unavailable", () => {
    const { state } = withFilledPrompt();
    state().markUnavailable(ID);
    state().upsertRecord(makeRecord({ status: "answered", answers: answers({ target: ["Email"], extras: ["Docs"] }) }));
    expect(state().settled[ID]).toMatchObject({ status: "answered", outcomeSource: "elsewhere" });
  });

  it("leaves unknown ids and confirmed outcomes alone", () => {
    const { state } = withFilledPrompt();
    state().applyResolved({ id: ID, status: "cancelled" });
    const before = state();
    state().markUnavailable(ID);
    state().markUnavailable("ask_unknown");
    expect(state()).toBe(before);
  });
});

describe("resolveSucceeded / resolveFailed / dismissError", () => {
  it("settles an answer as local with the gateway's canonical answers", () => {
    const { state } = withFilledPrompt();
    state().submit(ID);
    state().resolveSucceeded(ID, { status: "answered", answers: { target: [CHAT], extras: ["Docs"] } });
    expect(state().settled[ID]).toMatchObject({
      status: "answered",
      outcomeSource: "local",
      answers: { target: [CHAT], extras: ["Docs"] },
    });
    // The echoing broadcast changes nothing.
    const entry = state().settled[ID];
    state().applyResolved({ id: ID, status: "answered", answers: answers({ target: [CHAT], extras: ["Docs"] }) });
    expect(state().settled[ID]).toBe(entry);
  });

  it("settles a skip as a local cancel", () => {
    const { state } = withFilledPrompt();
    state().skip(ID);
    state().resolveSucceeded(ID, { status: "cancelled" });
    expect(state().settled[ID]).toMatchObject({ status: "cancelled", outcomeSource: "local" });
  });

  it("overrides a local expiry: the gateway accepted the answer in time", () => {
    const { state } = withFilledPrompt();
    state().submit(ID);
    state().expireDue(901_000);
    expect(state().settled[ID]!.locallyExpired).toBe(true);
    state().resolveSucceeded(ID, { status: "answered", answers: { target: [CHAT], extras: ["Docs"] } });
    expect(state().settled[ID]).toMatchObject({ status: "answered", outcomeSource: "local" });
    expect(state().settled[ID]!.locallyExpired).toBeUndefined();
  });

  it("returns a failed submit to pending with the error and drafts kept", () => {
    const { state } = withFilledPrompt();
    state().submit(ID);
    const drafts = state().prompts[ID]!.drafts;
    state().resolveFailed(ID, {
      message: "question 'target' requires an answer",
      reason: "QUESTION_INVALID_ANSWER",
      code: "INVALID_REQUEST",
    });
    const entry = state().prompts[ID]!;
    expect(entry).toMatchObject({
      status: "pending",
      error: { message: "question 'target' requires an answer", reason: "QUESTION_INVALID_ANSWER", code: "INVALID_REQUEST" },
    });
    expect(entry.intent).toBeUndefined();
    expect(entry.drafts).toBe(drafts);
    expect(entry.submittedAnswers).toEqual({ target: [CHAT], extras: ["Docs"] });
    state().dismissError(ID);
    expect(state().prompts[ID]!.error).toBeUndefined();
  });

  it("still recognises our answer in a later broadcast after the resolve response failed", () => {
    const { state } = withFilledPrompt();
    state().submit(ID);
    state().resolveFailed(ID, { message: "connection lost" });
    state().applyResolved({ id: ID, status: "answered", answers: answers({ target: [CHAT], extras: ["Docs"] }) });
    expect(state().settled[ID]!.outcomeSource).toBe("local");
  });

  it("keeps an error without a message readable", () => {
    const { state } = withFilledPrompt();
    state().skip(ID);
    state().resolveFailed(ID, null as never);
    expect(state().prompts[ID]!.error).toEqual({ message: "The gateway did not accept the answer." });
  });

  it("ignores results for prompts that are not in flight", () => {
    const { state } = withFilledPrompt();
    const before = state();
    state().resolveFailed(ID, { message: "late" });
    state().resolveSucceeded("ask_unknown", { status: "cancelled" });
    state().resolveSucceeded(ID, { status: "bogus" } as never);
    state().dismissError(ID);
    expect(state()).toBe(before);
  });
});
