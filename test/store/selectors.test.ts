import { describe, expect, it } from "vitest";
import {
  selectActivePrompt,
  selectCanAdvance,
  selectCanSubmit,
  selectDockedPromptIds,
  selectOtherSessionPending,
  selectProgress,
  selectPrompt,
  selectPromptPosition,
  selectQuestionValues,
  selectSummaryLines,
  selectTranscript,
  sameIds,
  sameOtherSessions,
} from "../../src/store/selectors.js";
import { CHAT, makeRecord, makeStore } from "./fixtures.js";

const ID = "ask_0001";

describe("selectPrompt / selectActivePrompt", () => {
  it("finds open and settled prompts, and the active one", () => {
    const { state } = makeStore();
    expect(selectActivePrompt(state())).toBeNull();
    state().upsertRecords([makeRecord({ id: "ask_a" }), makeRecord({ id: "ask_b", status: "cancelled" })]);
    expect(selectPrompt(state(), "ask_a")).toBe(state().prompts.ask_a);
    expect(selectPrompt(state(), "ask_b")).toBe(state().settled.ask_b);
    expect(selectPrompt(state(), "toString")).toBeUndefined();
    expect(selectActivePrompt(state())).toBe(state().prompts.ask_a);
  });
});

describe("selectDockedPromptIds / selectPromptPosition / selectOtherSessionPending", () => {
  function scoped() {
    const harness = makeStore({ viewSessionKey: "main" });
    harness
      .state()
      .upsertRecords([
        makeRecord({ id: "ask_a", sessionKey: "main" }),
        makeRecord({ id: "ask_x", sessionKey: "ops" }),
        makeRecord({ id: "ask_b" }),
        makeRecord({ id: "ask_y", sessionKey: "ops" }),
        makeRecord({ id: "ask_z", sessionKey: "design" }),
        makeRecord({ id: "ask_done", sessionKey: "main", status: "expired" }),
      ]);
    return harness;
  }

  it("lists docked prompts in arrival order and places the active one", () => {
    const { state } = scoped();
    expect(selectDockedPromptIds(state())).toEqual(["ask_a", "ask_b"]);
    expect(selectPromptPosition(state())).toEqual({ current: 2, total: 2 });
    state().setActive("ask_a");
    expect(selectPromptPosition(state())).toEqual({ current: 1, total: 2 });
  });

  it("counts open prompts of other sessions with their session keys", () => {
    const { state } = scoped();
    expect(selectOtherSessionPending(state())).toEqual({
      count: 3,
      ids: ["ask_x", "ask_y", "ask_z"],
      sessionKeys: ["agent:main:ops", "agent:main:design"],
    });
    state().setViewSessionKey(null);
    expect(selectOtherSessionPending(state())).toEqual({ count: 0, ids: [], sessionKeys: [] });
    expect(selectDockedPromptIds(state())).toEqual(["ask_a", "ask_x", "ask_b", "ask_y", "ask_z"]);
  });

  it("returns null position without an active prompt", () => {
    const { state } = makeStore();
    expect(selectPromptPosition(state())).toBeNull();
    expect(selectDockedPromptIds(state())).toEqual([]);
  });

  it("keeps the same references across changes that leave the open prompts alone, and equal values across draft edits", () => {
    const { state } = scoped();
    const ids = selectDockedPromptIds(state());
    const position = selectPromptPosition(state());
    const others = selectOtherSessionPending(state());
    state().setCollapsed(true);
    expect(selectDockedPromptIds(state())).toBe(ids);
    expect(selectPromptPosition(state())).toBe(position);
    expect(selectOtherSessionPending(state())).toBe(others);
    // A keystroke copies the open-prompt map; the hooks compare these results by value.
    state().setOtherText("ask_b", "target", "typing");
    expect(sameIds(selectDockedPromptIds(state()), ids)).toBe(true);
    expect(selectPromptPosition(state())).toEqual(position);
    expect(sameOtherSessions(selectOtherSessionPending(state()), others)).toBe(true);
  });

  it("returns new references when the dock really changes", () => {
    const { state } = scoped();
    const ids = selectDockedPromptIds(state());
    const others = selectOtherSessionPending(state());
    state().applyResolved({ id: "ask_a", status: "cancelled" });
    expect(selectDockedPromptIds(state())).not.toBe(ids);
    expect(selectDockedPromptIds(state())).toEqual(["ask_b"]);
    state().applyResolved({ id: "ask_x", status: "cancelled" });
    expect(selectOtherSessionPending(state())).not.toBe(others);
    expect(selectOtherSessionPending(state()).ids).toEqual(["ask_y", "ask_z"]);
  });
});

describe("per-prompt selectors", () => {
  function opened() {
    const harness = makeStore();
    harness.state().upsertRecord(makeRecord());
    return { ...harness, prompt: () => harness.state().prompts[ID]! };
  }

  it("reports 1-based progress and keeps its reference per step", () => {
    const { state, prompt } = opened();
    const first = selectProgress(prompt());
    expect(first).toEqual({ step: 1, total: 2 });
    state().setOtherText(ID, "target", "x");
    expect(selectProgress(prompt())).toBe(first);
    state().nextStep(ID);
    expect(selectProgress(prompt())).toEqual({ step: 2, total: 2 });
  });

  it("gives a question's values (picks, then trimmed Other) with a stable reference", () => {
    const { state, prompt } = opened();
    state().toggleOption(ID, "extras", "Docs");
    state().toggleOption(ID, "extras", "Tests");
    state().setOtherText(ID, "extras", "  Changelog ");
    const values = selectQuestionValues(prompt(), "extras");
    expect(values).toEqual(["Docs", "Tests", "Changelog"]);
    state().setOtherText(ID, "target", "edit another question");
    expect(selectQuestionValues(prompt(), "extras")).toBe(values);
    expect(selectQuestionValues(prompt(), "unknown")).toEqual([]);
  });

  it("allows advancing only when the step on screen has a value", () => {
    const { state, prompt } = opened();
    expect(selectCanAdvance(prompt())).toBe(false);
    state().setOtherText(ID, "target", "   ");
    expect(selectCanAdvance(prompt())).toBe(false);
    state().pickOption(ID, "target", CHAT);
    expect(prompt().step).toBe(1);
    expect(selectCanAdvance(prompt())).toBe(false);
    state().toggleOption(ID, "extras", "Docs");
    expect(selectCanAdvance(prompt())).toBe(true);
    state().skip(ID);
    expect(selectCanAdvance(prompt())).toBe(false);
  });

  it("allows submitting only when every question is answered validly and the prompt is pending", () => {
    const { state, prompt } = opened();
    expect(selectCanSubmit(prompt())).toBe(false);
    state().pickOption(ID, "target", "Email");
    expect(selectCanSubmit(prompt())).toBe(false);
    state().setOtherText(ID, "extras", "Changelog");
    expect(selectCanSubmit(prompt())).toBe(true);
    state().submit(ID);
    expect(selectCanSubmit(prompt())).toBe(false);
  });
});

describe("selectTranscript", () => {
  function history() {
    const harness = makeStore();
    const { state } = harness;
    state().upsertRecords([
      makeRecord({ id: "ask_1", runId: "run_a", sessionKey: "main", status: "cancelled" }),
      makeRecord({ id: "ask_2", runId: "run_b", sessionKey: "main" }),
      makeRecord({ id: "ask_3", runId: "run_a", sessionKey: "ops", status: "expired" }),
      makeRecord({
        id: "ask_4",
        runId: "run_b",
        sessionKey: "main",
        status: "answered",
        answers: { answers: { target: ["Email"], extras: ["Docs"] } },
      }),
    ]);
    return harness;
  }

  it("lists terminal prompts in arrival order, filtered by run and session", () => {
    const { state } = history();
    expect(selectTranscript(state()).map((entry) => entry.id)).toEqual(["ask_1", "ask_3", "ask_4"]);
    expect(selectTranscript(state(), { runId: "run_a" }).map((entry) => entry.id)).toEqual(["ask_1", "ask_3"]);
    expect(selectTranscript(state(), { sessionKey: "main" }).map((entry) => entry.id)).toEqual(["ask_1", "ask_4"]);
    expect(selectTranscript(state(), { runId: "run_a", sessionKey: "main" }).map((entry) => entry.id)).toEqual(["ask_1"]);
    expect(selectTranscript(state(), { runId: "run_none" })).toEqual([]);
  });

  it("matches the session in any of OpenClaw's forms", () => {
    const { state } = history();
    for (const key of ["agent:main:main", "MAIN", " main "]) {
      expect(selectTranscript(state(), { sessionKey: key }).map((entry) => entry.id)).toEqual(["ask_1", "ask_4"]);
    }
    expect(selectTranscript(state(), { sessionKey: "agent:main:ops" }).map((entry) => entry.id)).toEqual(["ask_3"]);
  });

  it("places a prompt that settles later by its arrival, not its settling time", () => {
    const { state } = history();
    state().applyResolved({ id: "ask_2", status: "cancelled" });
    expect(selectTranscript(state()).map((entry) => entry.id)).toEqual(["ask_1", "ask_2", "ask_3", "ask_4"]);
  });

  it("returns the same array until a prompt settles", () => {
    const { state } = history();
    const all = selectTranscript(state());
    const runA = selectTranscript(state(), { runId: "run_a" });
    state().setOtherText("ask_2", "target", "typing");
    state().upsertRecord(makeRecord({ id: "ask_5" }));
    expect(selectTranscript(state())).toBe(all);
    expect(selectTranscript(state(), { runId: "run_a" })).toBe(runA);
    state().applyResolved({ id: "ask_2", status: "cancelled" });
    expect(selectTranscript(state())).not.toBe(all);
  });
});

describe("selectSummaryLines", () => {
  const answered = { answers: { target: [CHAT], extras: ["Docs", "Changelog"] } };

  it("is empty while the prompt is open", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord());
    expect(selectSummaryLines(state().prompts[ID]!)).toEqual([]);
  });

  it("lists a local answer per question", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord());
    state().pickOption(ID, "target", CHAT);
    state().toggleOption(ID, "extras", "Docs");
    state().setOtherText(ID, "extras", "Changelog");
    state().submit(ID);
    state().resolveSucceeded(ID, { status: "answered", answers: answered.answers });
    const lines = selectSummaryLines(state().settled[ID]!);
    expect(lines).toEqual([
      { questionId: "target", header: "Target", question: "Where should the report go?", values: [CHAT], outcome: "answered", unsent: [] },
      {
        questionId: "extras",
        header: "Extras",
        question: "What should it include?",
        values: ["Docs", "Changelog"],
        outcome: "answered",
        unsent: [],
      },
    ]);
    expect(selectSummaryLines(state().settled[ID]!)).toBe(lines);
  });

  it.each([
    ["answered elsewhere", { status: "answered", answers: answered }, undefined, "answered-elsewhere", [CHAT]],
    ["skipped elsewhere", { status: "cancelled" }, undefined, "skipped-elsewhere", []],
    ["run ended", { status: "cancelled", resolvedBy: "requester-inactive" }, undefined, "run-ended", []],
    ["expired", { status: "expired" }, undefined, "expired", []],
    ["unavailable", undefined, "unavailable", "unavailable", []],
    ["expired locally", undefined, "expire", "expired", []],
  ] as const)("describes %s", (_name, terminal, how, outcome, firstValues) => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ expiresAtMs: 20_000 }));
    if (terminal) state().upsertRecord(makeRecord({ ...terminal }));
    if (how === "unavailable") state().markUnavailable(ID);
    if (how === "expire") state().expireDue(20_000);
    const lines = selectSummaryLines(state().settled[ID]!);
    expect(lines.map((line) => line.outcome)).toEqual([outcome, outcome]);
    expect(lines[0]!.values).toEqual(firstValues);
  });
});
