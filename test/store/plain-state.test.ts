/**
 * The store's state is plain data: everything but the actions survives `structuredClone` (which
 * refuses a Proxy, a function or a class instance it cannot copy) and comes back equal, after
 * arrivals, settles of every kind, a restored transcript, held resolutions and problems.
 */
import { describe, expect, it } from "vitest";
import type { AskUserStoreState } from "../../src/store/types.js";
import { CHAT, makeRecord, makeStore } from "./fixtures.js";

function dataOf(state: AskUserStoreState): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).filter(([, value]) => typeof value !== "function"));
}

function expectPlain(state: AskUserStoreState) {
  const data = dataOf(state);
  expect(Object.keys(data).sort()).toEqual(
    [
      "activeId",
      "collapseDefault",
      "collapsePinned",
      "collapseRequest",
      "collapsed",
      "connection",
      "connectionLost",
      "heldResolutions",
      "order",
      "problems",
      "prompts",
      "settled",
      "viewSessionKey",
    ].sort(),
  );
  expect(structuredClone(data)).toEqual(data);
}

describe("the store's state", () => {
  it("passes structuredClone after arrivals and settles of every kind", async () => {
    const { state, clock } = makeStore({ viewSessionKey: "main" });
    state().upsertRecords([
      makeRecord({ id: "ask_answer", sessionKey: "main" }),
      makeRecord({ id: "ask_skip", sessionKey: "main" }),
      makeRecord({ id: "ask_elsewhere", sessionKey: "agent:ops:main" }),
      makeRecord({ id: "ask_gone" }),
      makeRecord({ id: "ask_expire", expiresAtMs: 20_000 }),
      makeRecord({ id: "ask_done", status: "cancelled", resolvedBy: "run-abort" }),
    ]);
    expectPlain(state());

    state().pickOption("ask_answer", "target", CHAT);
    state().toggleOption("ask_answer", "extras", "Docs");
    expect(state().submit("ask_answer")).toMatchObject({ ok: true });
    state().setOtherText("ask_skip", "target", "Slack");
    state().skip("ask_skip");
    state().pinCollapsed(false);
    state().setCollapsed(true);
    state().reportProblem({ message: "a host's problem" });
    state().applyResolved({ id: "ask_unknown", status: "expired" });
    state().upsertRecord({ id: 42 } as never);
    expectPlain(state());

    state().resolveSucceeded("ask_answer", { status: "answered", answers: { target: [CHAT], extras: ["Docs"] } });
    state().confirmSkip("ask_skip");
    state().resolveSucceeded("ask_skip", { status: "cancelled" });
    state().applyResolved({ id: "ask_elsewhere", status: "answered", answers: { answers: { target: ["Email"] } } });
    state().markUnavailable("ask_gone");
    clock.ms = 20_000;
    state().expireDue(20_000);
    const answers = { target: ["Email"], extras: ["Docs"] };
    state().restoreSummaries([
      {
        id: "ask_history",
        record: makeRecord({ id: "ask_history", status: "answered", answers: { answers } }),
        outcome: "answered",
        answers,
        resolvedAtMs: 500,
      },
    ]);

    expect(Object.keys(state().settled).sort()).toEqual([
      "ask_answer",
      "ask_done",
      "ask_elsewhere",
      "ask_expire",
      "ask_gone",
      "ask_history",
      "ask_skip",
    ]);
    expect(Object.keys(state().heldResolutions)).toEqual(["ask_unknown"]);
    expect(state().problems.length).toBeGreaterThan(0);
    expect(state().collapseRequest).not.toBeNull();
    expectPlain(state());
  });

  it("keeps settled a plain frozen record of plain entries", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ id: "ask_a" }));
    state().applyResolved({ id: "ask_a", status: "cancelled" });
    const settled = state().settled;
    expect(Object.getPrototypeOf(settled)).toBe(Object.prototype);
    expect(Object.isFrozen(settled)).toBe(true);
    expect(Object.getPrototypeOf(settled.ask_a)).toBe(Object.prototype);
  });
});
