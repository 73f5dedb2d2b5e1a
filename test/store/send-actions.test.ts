import { describe, expect, it, vi } from "vitest";
import { detectCredential } from "../../src/contract/credential-guard.js";
import { MAX_HELD_RESOLUTIONS } from "../../src/store/prompt-batch.js";
import { selectPrompt } from "../../src/store/selectors.js";
import type { AskUserGatewayPort } from "../../src/store/types.js";
import { CHAT, makeRecord, makeStore, singleQuestion } from "./fixtures.js";

/* Built at run time so no literal token sits in the repository for secret scanners to trip on. */
const SECRET = ["gh", "p_", "R4nd0mT0k3nV4lu3F0rT3st1ngOnlyXyZ9q8w"].join("");
const ID = "ask_0001";

function recordingPort() {
  const port = {
    resolve: vi.fn<AskUserGatewayPort["resolve"]>(async (_id, answers) => ({ status: "answered" as const, answers })),
    cancel: vi.fn<AskUserGatewayPort["cancel"]>(async () => ({ status: "cancelled" as const })),
    get: vi.fn<AskUserGatewayPort["get"]>(async (id) => makeRecord({ id })),
  };
  return port;
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function oneQuestion(options: Parameters<typeof makeStore>[0] = {}) {
  const kit = makeStore(options);
  kit.state().upsertRecord(makeRecord({ questions: [singleQuestion] }));
  return kit;
}

describe("refusals name the reason", () => {
  it.each([
    ["UNKNOWN_PROMPT", (kit: ReturnType<typeof oneQuestion>) => kit.state().submit("ask_nope")],
    ["INVALID_DRAFT", (kit: ReturnType<typeof oneQuestion>) => kit.state().submit(ID)],
    [
      "NOT_CONNECTED",
      (kit: ReturnType<typeof oneQuestion>) => {
        kit.state().pickOption(ID, "target", CHAT);
        kit.state().setConnection("disconnected");
        return kit.state().submit(ID);
      },
    ],
    [
      "NOT_PENDING",
      (kit: ReturnType<typeof oneQuestion>) => {
        kit.state().pickOption(ID, "target", CHAT);
        kit.state().submit(ID);
        return kit.state().submit(ID);
      },
    ],
  ] as const)("%s", (reason, act) => {
    const port = recordingPort();
    const kit = oneQuestion({ gateway: port });
    const result = act(kit);
    expect(result).toMatchObject({ ok: false, reason });
    expect(result.ok ? "" : result.message).toMatch(/\S/);
    expect(port.resolve.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it("an invalid draft and a lost connection show on the prompt, drafts kept", () => {
    const kit = oneQuestion();
    kit.state().submit(ID);
    expect(selectPrompt(kit.state(), ID)?.error).toMatchObject({ reason: "INVALID_DRAFT" });
    kit.state().pickOption(ID, "target", CHAT);
    kit.state().setConnection("disconnected");
    kit.state().submit(ID);
    expect(selectPrompt(kit.state(), ID)).toMatchObject({
      status: "pending",
      error: { reason: "NOT_CONNECTED" },
      drafts: { target: { selected: [CHAT] } },
    });
  });
});

describe("the port", () => {
  it("receives the validated, canonical answers once and settles the prompt from its promise", async () => {
    const port = recordingPort();
    const kit = oneQuestion({ gateway: port });
    kit.state().setOtherText(ID, "target", "  Chat (Recommended)  ");
    expect(kit.state().submit(ID)).toEqual({ ok: true, intent: "answer", answers: { target: [CHAT] } });
    expect(port.resolve).toHaveBeenCalledExactlyOnceWith(ID, { target: [CHAT] }, { expiresAtMs: 901_000 });
    await flush();
    expect(kit.state().settled[ID]).toMatchObject({ status: "answered", outcomeSource: "local", answers: { target: [CHAT] } });
  });

  it("a reply that comes after the broadcast of the same resolve changes nothing; one with other answers still makes it ours", async () => {
    const replies: ((value: { status: "answered"; answers: Record<string, string[]> }) => void)[] = [];
    const port = {
      ...recordingPort(),
      resolve: vi.fn(() => new Promise<{ status: "answered"; answers: Record<string, string[]> }>((resolve) => replies.push(resolve))),
    };
    const kit = oneQuestion({ gateway: port });
    kit.state().upsertRecord(makeRecord({ id: "ask_2", questions: [singleQuestion] }));
    for (const id of [ID, "ask_2"]) {
      kit.state().pickOption(id, "target", CHAT);
      kit.state().submit(id);
    }
    // The gateway's broadcast is read before the reply to our own resolve.
    kit.state().applyResolved({ id: ID, status: "answered", answers: { answers: { target: [CHAT] } } });
    kit.state().applyResolved({ id: "ask_2", status: "answered", answers: { answers: { target: ["Typed elsewhere"] } } });
    expect(kit.state().settled[ID]).toMatchObject({ status: "answered", outcomeSource: "local" });
    expect(kit.state().settled["ask_2"]).toMatchObject({ status: "answered", outcomeSource: "elsewhere" });
    const before = kit.state();
    replies[0]!({ status: "answered", answers: { target: [CHAT] } });
    await flush();
    expect(kit.state()).toBe(before);
    replies[1]!({ status: "answered", answers: { target: [CHAT] } });
    await flush();
    expect(kit.state().settled["ask_2"]).toMatchObject({ status: "answered", outcomeSource: "local", answers: { target: [CHAT] } });
  });

  it("without a port, hands off: submitting until the host reports back", () => {
    const kit = oneQuestion();
    kit.state().pickOption(ID, "target", CHAT);
    kit.state().submit(ID);
    expect(selectPrompt(kit.state(), ID)).toMatchObject({ status: "submitting", submittedAnswers: { target: [CHAT] } });
    kit.state().resolveSucceeded(ID, { status: "answered", answers: { target: [CHAT] } });
    expect(kit.state().settled[ID]?.status).toBe("answered");
  });

  it("a port attached later takes over the handed-off sends; detaching stops new sends going to it", async () => {
    const port = recordingPort();
    const kit = oneQuestion();
    kit.state().skip(ID);
    const detach = kit.state().connectGateway(port);
    expect(port.cancel).toHaveBeenCalledExactlyOnceWith(ID, { expiresAtMs: 901_000 });
    await flush();
    expect(kit.state().settled[ID]?.status).toBe("cancelled");
    detach();
    kit.state().upsertRecord(makeRecord({ id: "ask_2", questions: [singleQuestion] }));
    kit.state().skip("ask_2");
    expect(port.cancel).toHaveBeenCalledTimes(1);
    expect(selectPrompt(kit.state(), "ask_2")?.status).toBe("submitting");
  });

  it("rejects a port without the three functions with a visible problem", () => {
    const kit = oneQuestion();
    kit.state().connectGateway({ resolve: () => Promise.reject(new Error("x")) } as unknown as AskUserGatewayPort);
    expect(kit.state().problems.at(-1)?.detail).toMatch(/resolve, cancel and get/);
  });

  it("two stores never share a port, a hold or a retry (no module-level state)", async () => {
    const first = recordingPort();
    const a = oneQuestion({ gateway: first, detectCredential });
    const b = oneQuestion({ detectCredential });
    a.state().setOtherText(ID, "target", SECRET);
    expect(a.state().submit(ID)).toMatchObject({ reason: "CREDENTIAL_HELD" });
    b.state().setOtherText(ID, "target", "plain words");
    expect(b.state().submit(ID)).toMatchObject({ ok: true });
    expect(first.resolve).not.toHaveBeenCalled();
  });
});

describe("the credential hold is a store refusal", () => {
  it("holds each submit (counted), Send anyway sends, and any later edit withdraws the acceptance", async () => {
    const port = recordingPort();
    const kit = oneQuestion({ gateway: port, detectCredential });
    kit.state().setOtherText(ID, "target", SECRET);
    expect(kit.state().submit(ID)).toMatchObject({ ok: false, reason: "CREDENTIAL_HELD" });
    expect(kit.state().submit(ID)).toMatchObject({ ok: false, reason: "CREDENTIAL_HELD" });
    expect(selectPrompt(kit.state(), ID)?.credentialHolds).toBe(2);
    expect(port.resolve).not.toHaveBeenCalled();

    kit.state().setOtherText(ID, "target", `${SECRET}x`);
    expect(kit.state().retry(ID)).toMatchObject({ ok: false, reason: "CREDENTIAL_HELD" });
    expect(kit.state().acceptCredential(ID)).toMatchObject({ ok: true, intent: "answer" });
    expect(port.resolve).toHaveBeenCalledExactlyOnceWith(ID, { target: [`${SECRET}x`] }, expect.anything());
  });

  it("is opt-in: a store made without a detector sends the same answer at once", () => {
    const port = recordingPort();
    const kit = oneQuestion({ gateway: port });
    kit.state().setOtherText(ID, "target", SECRET);
    expect(selectPrompt(kit.state(), ID)?.credentialWarning).toBeUndefined();
    expect(kit.state().submit(ID)).toMatchObject({ ok: true, intent: "answer" });
    expect(port.resolve).toHaveBeenCalledExactlyOnceWith(ID, { target: [SECRET] }, expect.anything());
  });
});

describe("Skip and Retry", () => {
  it("Skip with a typed answer asks; cancelSkip keeps answering; confirmSkip skips", () => {
    const port = recordingPort();
    const kit = oneQuestion({ gateway: port });
    kit.state().setOtherText(ID, "target", "half an answer");
    expect(kit.state().skip(ID)).toMatchObject({ ok: false, reason: "CONFIRM_SKIP" });
    kit.state().cancelSkip(ID);
    expect(selectPrompt(kit.state(), ID)).toMatchObject({ status: "pending", confirmingSkip: undefined });
    kit.state().skip(ID);
    expect(kit.state().confirmSkip(ID)).toEqual({ ok: true, intent: "skip" });
    expect(port.cancel).toHaveBeenCalledOnce();
  });

  it("Retry repeats the failed intent: a confirmed Skip is not asked again", async () => {
    const port = recordingPort();
    port.cancel.mockRejectedValueOnce({ message: "busy", code: "UNAVAILABLE" });
    const kit = oneQuestion({ gateway: port });
    kit.state().setOtherText(ID, "target", "half an answer");
    kit.state().skip(ID);
    kit.state().confirmSkip(ID);
    await flush();
    expect(selectPrompt(kit.state(), ID)).toMatchObject({ status: "pending", lastIntent: "skip", error: { message: "busy" } });
    expect(kit.state().retry(ID)).toEqual({ ok: true, intent: "skip" });
    expect(port.cancel).toHaveBeenCalledTimes(2);
    await flush();
    expect(kit.state().settled[ID]).toMatchObject({ status: "cancelled", outcomeSource: "local" });
  });
});

describe("held resolutions", () => {
  it("are bounded: the oldest unmatched one is dropped first", () => {
    const kit = makeStore();
    for (let i = 0; i <= MAX_HELD_RESOLUTIONS + 10; i++) kit.state().applyResolved({ id: `ask_${i}`, status: "expired" });
    const held = Object.keys(kit.state().heldResolutions);
    expect(held).toHaveLength(MAX_HELD_RESOLUTIONS);
    expect(held[0]).toBe("ask_11");
    kit.state().upsertRecord(makeRecord({ id: `ask_${MAX_HELD_RESOLUTIONS + 10}` }));
    expect(kit.state().settled[`ask_${MAX_HELD_RESOLUTIONS + 10}`]?.status).toBe("expired");
  });
});
