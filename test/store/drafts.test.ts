import { describe, expect, it } from "vitest";
import { CHAT, makeRecord, makeStore, singleQuestion } from "./fixtures.js";

const ID = "ask_0001";

function opened() {
  const harness = makeStore();
  harness.state().upsertRecord(makeRecord());
  return harness;
}

describe("pickOption (single-select)", () => {
  it("selects, clears the Other text and auto-advances", () => {
    const { state } = opened();
    state().setOtherText(ID, "target", "my own");
    state().pickOption(ID, "target", "Email");
    expect(state().prompts[ID]!.drafts.target).toEqual({ selected: ["Email"], otherText: "" });
    expect(state().prompts[ID]!.step).toBe(1);
  });

  it("keeps the pick on a re-pick (radios never deselect)", () => {
    const { state } = opened();
    state().pickOption(ID, "target", "Email", { advance: false });
    const draft = state().prompts[ID]!.drafts.target;
    state().pickOption(ID, "target", "Email", { advance: false });
    expect(state().prompts[ID]!.drafts.target).toBe(draft);
    expect(draft).toEqual({ selected: ["Email"], otherText: "" });
  });

  it("replaces the previous pick", () => {
    const { state } = opened();
    state().pickOption(ID, "target", "Email", { advance: false });
    state().pickOption(ID, "target", CHAT, { advance: false });
    expect(state().prompts[ID]!.drafts.target!.selected).toEqual([CHAT]);
  });

  it("does not advance with advance:false (arrow keys) or on the last step", () => {
    const { state } = opened();
    state().pickOption(ID, "target", "Email", { advance: false });
    expect(state().prompts[ID]!.step).toBe(0);

    const single = makeStore();
    single.state().upsertRecord(makeRecord({ questions: [singleQuestion] }));
    single.state().pickOption(ID, "target", "Email");
    expect(single.state().prompts[ID]!.step).toBe(0);
    expect(single.state().prompts[ID]!.drafts.target!.selected).toEqual(["Email"]);
  });

  it("advances only when the picked question is the one on screen", () => {
    const { state } = opened();
    state().goToStep(ID, 1);
    state().pickOption(ID, "target", "Email");
    expect(state().prompts[ID]!.step).toBe(1);
  });

  it.each([
    ["a label that is not an option", "target", "Slack"],
    ["a multi-select question", "extras", "Docs"],
    ["an unknown question", "nope", "Email"],
  ])("ignores %s", (_name, questionId, label) => {
    const { state } = opened();
    const before = state();
    state().pickOption(ID, questionId, label);
    expect(state()).toBe(before);
  });
});

describe("toggleOption (multi-select)", () => {
  it("toggles while keeping pick order", () => {
    const { state } = opened();
    for (const label of ["Metrics", "Tests", "Docs"]) state().toggleOption(ID, "extras", label);
    expect(state().prompts[ID]!.drafts.extras!.selected).toEqual(["Metrics", "Tests", "Docs"]);
    state().toggleOption(ID, "extras", "Tests");
    expect(state().prompts[ID]!.drafts.extras!.selected).toEqual(["Metrics", "Docs"]);
    state().toggleOption(ID, "extras", "Tests");
    expect(state().prompts[ID]!.drafts.extras!.selected).toEqual(["Metrics", "Docs", "Tests"]);
  });

  it("keeps the Other text next to picks and never advances", () => {
    const { state } = opened();
    state().goToStep(ID, 1);
    state().setOtherText(ID, "extras", "Changelog");
    state().toggleOption(ID, "extras", "Docs");
    expect(state().prompts[ID]!.drafts.extras).toEqual({ selected: ["Docs"], otherText: "Changelog" });
    expect(state().prompts[ID]!.step).toBe(1);
  });

  it.each([
    ["a single-select question", "target", "Email"],
    ["a label that is not an option", "extras", "Benchmarks"],
  ])("ignores %s", (_name, questionId, label) => {
    const { state } = opened();
    const before = state();
    state().toggleOption(ID, questionId, label);
    expect(state()).toBe(before);
  });
});

describe("setOtherText", () => {
  it("keeps the text exactly as typed", () => {
    const { state } = opened();
    state().setOtherText(ID, "target", "  two\nlines  ");
    expect(state().prompts[ID]!.drafts.target!.otherText).toBe("  two\nlines  ");
  });

  it("clears a single-select pick only for non-blank text", () => {
    const { state } = opened();
    state().pickOption(ID, "target", "Email", { advance: false });
    state().setOtherText(ID, "target", "   ");
    expect(state().prompts[ID]!.drafts.target).toEqual({ selected: ["Email"], otherText: "   " });
    state().setOtherText(ID, "target", "Slack");
    expect(state().prompts[ID]!.drafts.target).toEqual({ selected: [], otherText: "Slack" });
  });

  it("is a no-op for the same text or a non-string", () => {
    const { state } = opened();
    state().setOtherText(ID, "target", "x");
    const before = state();
    state().setOtherText(ID, "target", "x");
    state().setOtherText(ID, "target", 42 as never);
    expect(state()).toBe(before);
  });
});

describe("steps", () => {
  it("clamps goToStep and previousStep", () => {
    const { state } = opened();
    state().goToStep(ID, 7);
    expect(state().prompts[ID]!.step).toBe(1);
    state().goToStep(ID, -3);
    expect(state().prompts[ID]!.step).toBe(0);
    state().previousStep(ID);
    expect(state().prompts[ID]!.step).toBe(0);
    state().goToStep(ID, 1.9);
    expect(state().prompts[ID]!.step).toBe(1);
    state().previousStep(ID);
    expect(state().prompts[ID]!.step).toBe(0);
    const before = state();
    state().goToStep(ID, Number.NaN);
    expect(state()).toBe(before);
  });

  it("moves nextStep only when the current question has a value, and never past the last", () => {
    const { state } = opened();
    state().nextStep(ID);
    expect(state().prompts[ID]!.step).toBe(0);
    state().setOtherText(ID, "target", "   ");
    state().nextStep(ID);
    expect(state().prompts[ID]!.step).toBe(0);
    state().setOtherText(ID, "target", "Slack");
    state().nextStep(ID);
    expect(state().prompts[ID]!.step).toBe(1);
    state().toggleOption(ID, "extras", "Docs");
    state().nextStep(ID);
    expect(state().prompts[ID]!.step).toBe(1);
  });
});

describe("draft actions outside pending", () => {
  it.each([
    ["submitting", (s: ReturnType<typeof opened>["state"]) => s().skip(ID)],
    ["settled", (s: ReturnType<typeof opened>["state"]) => s().applyResolved({ id: ID, status: "cancelled" })],
  ])("are ignored while %s", (_name, leave) => {
    const { state } = opened();
    leave(state);
    const before = state();
    state().pickOption(ID, "target", "Email");
    state().toggleOption(ID, "extras", "Docs");
    state().setOtherText(ID, "target", "late");
    state().goToStep(ID, 1);
    state().nextStep(ID);
    state().previousStep(ID);
    expect(state()).toBe(before);
  });

  it("are ignored for unknown prompt ids", () => {
    const { state } = opened();
    const before = state();
    state().pickOption("ask_x", "target", "Email");
    state().setOtherText("ask_x", "target", "x");
    state().goToStep("ask_x", 1);
    expect(state()).toBe(before);
  });
});

describe("structural sharing", () => {
  it("changes only the edited question's draft, its prompt and the open-prompt map", () => {
    const { state } = makeStore();
    state().upsertRecords([makeRecord({ id: "ask_a" }), makeRecord({ id: "ask_b" })]);
    state().upsertRecord(makeRecord({ id: "ask_done", status: "answered", answers: { answers: { target: ["Email"], extras: ["Docs"] } } }));
    const before = state();
    const a = before.prompts.ask_a!;
    const b = before.prompts.ask_b!;

    state().setOtherText("ask_b", "target", "Slack");

    const after = state();
    const b2 = after.prompts.ask_b!;
    expect(after.prompts).not.toBe(before.prompts);
    expect(after.prompts.ask_a).toBe(a);
    expect(b2).not.toBe(b);
    expect(b2.record).toBe(b.record);
    expect(b2.drafts.extras).toBe(b.drafts.extras);
    expect(b2.drafts.target).not.toBe(b.drafts.target);
    expect(after.settled).toBe(before.settled);
    expect(after.order).toBe(before.order);
    expect(after.heldResolutions).toBe(before.heldResolutions);
    expect(after.problems).toBe(before.problems);
  });

  it("gives arrivals with other questions, or the same in another order, drafts of their own", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ id: "ask_a" }));
    state().upsertRecord(makeRecord({ id: "ask_swapped", questions: [...makeRecord().questions].reverse() }));
    state().upsertRecord(makeRecord({ id: "ask_one", questions: [singleQuestion] }));
    const drafts = ["ask_a", "ask_swapped", "ask_one"].map((id) => state().prompts[id]!.drafts);
    expect(new Set(drafts).size).toBe(3);
    expect(Object.keys(drafts[1]!)).toEqual(["extras", "target"]);
    expect(Object.keys(drafts[2]!)).toEqual(["target"]);
  });

  it("keeps the record and drafts when only the step moves", () => {
    const { state } = opened();
    const before = state().prompts[ID]!;
    state().goToStep(ID, 1);
    const after = state().prompts[ID]!;
    expect(after.drafts).toBe(before.drafts);
    expect(after.record).toBe(before.record);
  });
});

describe("submit", () => {
  it("sends picks in order, then the trimmed Other text, canonicalized", () => {
    const { state } = opened();
    state().setOtherText(ID, "target", "  Email  ");
    state().toggleOption(ID, "extras", "Metrics");
    state().toggleOption(ID, "extras", "Tests");
    state().setOtherText(ID, "extras", "  Changelog ");
    const result = state().submit(ID);
    expect(result).toEqual({ ok: true, intent: "answer", answers: { target: ["Email"], extras: ["Metrics", "Tests", "Changelog"] } });
    expect(state().prompts[ID]).toMatchObject({
      status: "submitting",
      intent: "answer",
      submittedAnswers: { target: ["Email"], extras: ["Metrics", "Tests", "Changelog"] },
    });
  });

  it("refuses an incomplete draft with the gateway's words and sets INVALID_DRAFT", () => {
    const { state } = opened();
    state().pickOption(ID, "target", "Email");
    const result = state().submit(ID);
    expect(result).toEqual({ ok: false, reason: "INVALID_DRAFT", message: "question 'extras' requires an answer" });
    expect(state().prompts[ID]).toMatchObject({
      status: "pending",
      error: { message: "question 'extras' requires an answer", reason: "INVALID_DRAFT" },
    });
  });

  it("refuses while disconnected with NOT_CONNECTED and keeps the drafts", () => {
    const { state } = opened();
    state().pickOption(ID, "target", "Email");
    state().toggleOption(ID, "extras", "Docs");
    state().setConnection("disconnected");
    const drafts = state().prompts[ID]!.drafts;
    const result = state().submit(ID);
    expect(result).toEqual({ ok: false, reason: "NOT_CONNECTED", message: "Not connected. Try again after reconnecting." });
    expect(state().prompts[ID]).toMatchObject({ status: "pending", error: { reason: "NOT_CONNECTED" } });
    expect(state().prompts[ID]!.drafts).toBe(drafts);
    expect(state().prompts[ID]!.submittedAnswers).toBeUndefined();
  });

  it("clears an earlier error when it goes through", () => {
    const { state } = opened();
    state().submit(ID);
    expect(state().prompts[ID]!.error).toBeDefined();
    state().pickOption(ID, "target", "Email");
    state().toggleOption(ID, "extras", "Docs");
    expect(state().submit(ID).ok).toBe(true);
    expect(state().prompts[ID]!.error).toBeUndefined();
  });

  it("does not submit twice", () => {
    const { state } = opened();
    state().pickOption(ID, "target", "Email");
    state().toggleOption(ID, "extras", "Docs");
    expect(state().submit(ID).ok).toBe(true);
    const before = state();
    const again = state().submit(ID);
    expect(again.ok).toBe(false);
    expect(again.ok ? "" : again.message).toContain("already being submitted");
    expect(state()).toBe(before);
  });

  it.each([
    ["an unknown id", "ask_x", "No prompt 'ask_x'"],
    ["a settled prompt", ID, "already cancelled"],
  ])("refuses %s with a message naming it", (_name, id, text) => {
    const { state } = opened();
    state().applyResolved({ id: ID, status: "cancelled" });
    const result = state().submit(id);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.message).toContain(text);
  });
});

describe("skip", () => {
  it("moves to submitting with intent skip, without needing answers", () => {
    const { state } = opened();
    state().skip(ID);
    expect(state().prompts[ID]).toMatchObject({ status: "submitting", intent: "skip" });
  });

  it("is refused with NOT_CONNECTED while disconnected", () => {
    const { state } = opened();
    state().setConnection("disconnected");
    state().skip(ID);
    expect(state().prompts[ID]).toMatchObject({
      status: "pending",
      error: { reason: "NOT_CONNECTED", message: "Not connected. Try again after reconnecting." },
    });
  });

  it("does nothing while an answer is in flight", () => {
    const { state } = opened();
    state().pickOption(ID, "target", "Email");
    state().toggleOption(ID, "extras", "Docs");
    state().submit(ID);
    const before = state();
    state().skip(ID);
    expect(state()).toBe(before);
  });
});
