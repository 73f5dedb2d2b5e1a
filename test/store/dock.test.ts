import { describe, expect, it } from "vitest";
import { createAskUserStore } from "../../src/store/create-ask-user-store.js";
import { makeRecord, makeStore } from "./fixtures.js";

function sessions(view: string | null = "main") {
  const harness = makeStore({ viewSessionKey: view });
  harness
    .state()
    .upsertRecords([
      makeRecord({ id: "ask_main", sessionKey: "main" }),
      makeRecord({ id: "ask_none" }),
      makeRecord({ id: "ask_other", sessionKey: "agent:ops:main" }),
    ]);
  return harness;
}

describe("session scoping", () => {
  it("starts with the view session from the options", () => {
    expect(makeStore({ viewSessionKey: "main" }).state().viewSessionKey).toBe("main");
    expect(makeStore().state().viewSessionKey).toBeNull();
  });

  it("does not let another session's arrival take over the dock", () => {
    const { state } = makeStore({ viewSessionKey: "main" });
    state().upsertRecord(makeRecord({ id: "ask_main", sessionKey: "main" }));
    state().setCollapsed(true);
    state().upsertRecord(makeRecord({ id: "ask_other", sessionKey: "agent:ops:main" }));
    expect(state().activeId).toBe("ask_main");
    expect(state().collapsed).toBe(true);
  });

  it("docks a sessionless prompt in every session", () => {
    const { state } = sessions();
    expect(state().activeId).toBe("ask_none");
    state().setViewSessionKey("agent:ops:main");
    expect(state().activeId).toBe("ask_none");
  });

  it("moves the active prompt off a prompt that left the view", () => {
    const { state } = sessions();
    state().setActive("ask_main");
    state().setViewSessionKey("agent:ops:main");
    expect(state().activeId).toBe("ask_none");
  });

  it("docks everything with a null view", () => {
    const { state } = sessions(null);
    expect(state().activeId).toBe("ask_other");
  });

  it("picks the newest docked prompt when the view change leaves nothing active", () => {
    const { state } = makeStore({ viewSessionKey: "elsewhere" });
    state().upsertRecords([makeRecord({ id: "ask_a", sessionKey: "main" }), makeRecord({ id: "ask_b", sessionKey: "main" })]);
    expect(state().activeId).toBeNull();
    state().setViewSessionKey("main");
    expect(state().activeId).toBe("ask_b");
    state().setViewSessionKey(42 as never);
    expect(state().viewSessionKey).toBeNull();
  });
});

describe("setActive / cycleActive", () => {
  it("activates only docked prompts", () => {
    const { state } = sessions();
    state().setActive("ask_main");
    expect(state().activeId).toBe("ask_main");
    for (const id of ["ask_other", "ask_unknown"]) {
      state().setActive(id);
      expect(state().activeId).toBe("ask_main");
    }
    state().applyResolved({ id: "ask_main", status: "cancelled" });
    state().setActive("ask_main");
    expect(state().activeId).toBe("ask_none");
  });

  it("cycles through the docked prompts in arrival order, wrapping both ways", () => {
    const { state } = makeStore();
    state().upsertRecords(["ask_a", "ask_b", "ask_c"].map((id) => makeRecord({ id })));
    expect(state().activeId).toBe("ask_c");
    const seen: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      state().cycleActive(1);
      seen.push(state().activeId);
    }
    expect(seen).toEqual(["ask_a", "ask_b", "ask_c", "ask_a"]);
    state().cycleActive(-1);
    expect(state().activeId).toBe("ask_c");
  });

  it("skips prompts of other sessions and does nothing with an empty dock", () => {
    const { state } = sessions();
    state().cycleActive(1);
    expect(state().activeId).toBe("ask_main");
    state().cycleActive(1);
    expect(state().activeId).toBe("ask_none");
    const empty = makeStore();
    const before = empty.state();
    empty.state().cycleActive(1);
    expect(empty.state()).toBe(before);
  });
});

describe("simple state", () => {
  it("collapses and expands without touching prompts", () => {
    const { state } = sessions();
    const prompts = state().prompts;
    state().setCollapsed(true);
    expect(state().collapsed).toBe(true);
    expect(state().prompts).toBe(prompts);
    const before = state();
    state().setCollapsed(true);
    state().setCollapsed("yes" as never);
    expect(state()).toBe(before);
  });

  it("tracks the connection, starting as connecting", () => {
    const store = createAskUserStore({ storage: null, autoExpire: false });
    expect(store.getState().connection).toBe("connecting");
    store.getState().setConnection("disconnected");
    expect(store.getState().connection).toBe("disconnected");
  });

  it("creates independent stores", () => {
    const a = makeStore();
    const b = makeStore();
    a.state().upsertRecord(makeRecord());
    expect(b.state().order).toEqual([]);
  });
});

describe("problems", () => {
  it("keeps the newest 20", () => {
    const { state, clock } = makeStore();
    for (let i = 0; i < 25; i++) {
      clock.ms = i;
      state().reportProblem({ message: `problem ${i}`, ...(i === 24 ? { promptId: "ask_x" } : {}) });
    }
    const problems = state().problems;
    expect(problems).toHaveLength(20);
    expect(problems[0]).toEqual({ kind: "other", detail: "problem 5", message: "problem 5", atMs: 5 });
    expect(problems[19]).toEqual({ kind: "other", promptId: "ask_x", detail: "problem 24", message: "problem 24", atMs: 24 });
  });

  it("dismisses by index and ignores indexes out of range", () => {
    const { state } = makeStore();
    for (const message of ["a", "b", "c"]) state().reportProblem({ message });
    state().dismissProblem(1);
    expect(state().problems.map((p) => p.message)).toEqual(["a", "c"]);
    const before = state();
    state().dismissProblem(5);
    state().dismissProblem(-1);
    state().dismissProblem(0.5);
    expect(state()).toBe(before);
  });

  it("records a problem without a message instead of throwing", () => {
    const { state } = makeStore();
    state().reportProblem(undefined as never);
    expect(state().problems[0]!.message).toContain("'message'");
  });
});
