// The conformance scenarios: the kit's real bridge and store against a gateway over real loopback
// WebSockets, reached once through the kit's own gateway client and once through a host's own
// connection handed over as an AskUserTransport. `npm test` runs them against our embedded
// gateway; `npm run test:openclaw` runs the very same file against a real OpenClaw gateway. Each
// scenario ends with an assertion on the store AND on what the gateway recorded.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { abortRun, askViaChat, type GatewayTarget, useGatewayTarget } from "./support/gateway-target.js";
import {
  type Agent,
  allPrompts,
  type KitUnderTest,
  multiChoice,
  promptWithStatus,
  singleChoice,
  startAgent,
  startKit,
  waitForState,
  type Wiring,
} from "./support/scenario-kit.js";
import { selectPrompt } from "../../src/store/index.js";
import { summaryOutcome } from "../../src/store/summaries.js";
import type { AskUserStoreState } from "../../src/store/types.js";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.js";

// A real gateway's broadcasts and expiry can lag by seconds (openclaw-gateway.md): generous caps,
// no timing assertions.
const SCENARIO_TIMEOUT_MS = 60_000;

let target: GatewayTarget;
let agent: Agent;
const cleanups: Array<() => unknown> = [];

beforeAll(async () => {
  target = await useGatewayTarget();
  agent = await startAgent(target);
}, SCENARIO_TIMEOUT_MS);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await agent?.close();
  await target?.close();
});

let wiring: Wiring = "kit client";

function kit(url = target.url, options?: Parameters<typeof startKit>[2]): KitUnderTest {
  const started = startKit(url, target.token, { wiring, ...options });
  cleanups.push(() => started.stop());
  return started;
}

async function proxy(): Promise<TcpProxy> {
  const started = await startTcpProxy(target.url);
  cleanups.push(() => started.close());
  return started;
}

const pendingPrompt = (k: KitUnderTest, id: string) => waitForState(k.store, promptWithStatus(id, "pending"), `prompt ${id} pending`);

describe.each<Wiring>(["kit client", "host client"])(
  `conformance scenarios (${process.env.ASK_USER_GATEWAY === "openclaw" ? "real OpenClaw gateway" : "embedded gateway"}) over the %s`,
  (through) => {
    beforeEach(() => {
      wiring = through;
    });

    test("option pick: the picked label is the answer", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      const k = kit();
      const id = await agent.ask([singleChoice()]);
      await pendingPrompt(k, id);

      k.store.getState().pickOption(id, "target", "Staging (Recommended)");
      expect(k.store.getState().submit(id)).toMatchObject({ ok: true });

      const done = await waitForState(k.store, promptWithStatus(id, "answered"), "answered");
      expect(done.answers).toEqual({ target: ["Staging (Recommended)"] });
      expect(done.outcomeSource).toBe("local");
      const record = await agent.record(id);
      expect(record.status).toBe("answered");
      expect(record.answers).toEqual({ answers: { target: ["Staging (Recommended)"] } });
    });

    test("Other text with surrounding spaces is sent trimmed", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      const k = kit();
      const id = await agent.ask([singleChoice()]);
      await pendingPrompt(k, id);

      k.store.getState().setOtherText(id, "target", "   a preview environment  ");
      k.store.getState().submit(id);

      const done = await waitForState(k.store, promptWithStatus(id, "answered"), "answered");
      expect(done.answers).toEqual({ target: ["a preview environment"] });
      expect((await agent.record(id)).answers).toEqual({ answers: { target: ["a preview environment"] } });
    });

    test("multi-select across two questions: picks in order, then the Other text", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      const k = kit();
      const id = await agent.ask([multiChoice(), singleChoice()]);
      await pendingPrompt(k, id);

      const actions = k.store.getState();
      actions.toggleOption(id, "checks", "E2E");
      actions.toggleOption(id, "checks", "Lint");
      actions.setOtherText(id, "checks", "smoke on staging");
      actions.nextStep(id);
      actions.pickOption(id, "target", "Production");
      expect(selectPrompt(k.store.getState(), id)?.step).toBe(1);
      k.store.getState().submit(id);

      const expected = { checks: ["E2E", "Lint", "smoke on staging"], target: ["Production"] };
      const done = await waitForState(k.store, promptWithStatus(id, "answered"), "answered");
      expect(done.answers).toEqual(expected);
      expect((await agent.record(id)).answers).toEqual({ answers: expected });
    });

    test("Skip cancels the prompt", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      const k = kit();
      const id = await agent.ask([singleChoice()]);
      await pendingPrompt(k, id);

      k.store.getState().skip(id);

      const done = await waitForState(k.store, promptWithStatus(id, "cancelled"), "cancelled");
      expect(done.outcomeSource).toBe("local");
      expect((await agent.record(id)).status).toBe("cancelled");
    });

    test("expiry: the gateway's expired event ends the prompt", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      // The store's own expiry timer is off here (startKit), so only the gateway's event can end it.
      const k = kit();
      const id = await agent.ask([singleChoice()], { timeoutMs: 1_500 });
      await pendingPrompt(k, id);

      const done = await waitForState(k.store, promptWithStatus(id, "expired"), "expired", 30_000);
      expect(done.locallyExpired).toBeFalsy();
      expect((await agent.record(id)).status).toBe("expired");
    });

    test("another client answers while this one holds a draft", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      const k = kit();
      const id = await agent.ask([singleChoice()]);
      await pendingPrompt(k, id);
      k.store.getState().setOtherText(id, "target", "my half-typed idea");

      await agent.resolve(id, { target: ["Production"] });

      const done = await waitForState(k.store, promptWithStatus(id, "answered"), "answered elsewhere");
      expect(done.outcomeSource).toBe("elsewhere");
      expect(done.answers).toEqual({ target: ["Production"] });
      // The draft is still there to read (never silently thrown away), and it was never sent.
      expect(done.drafts.target?.otherText).toBe("my half-typed idea");
      expect((await agent.record(id)).answers).toEqual({ answers: { target: ["Production"] } });
    });

    test("a prompt that ends while shown hands the dock to the next, expanded, and keeps the unsent draft", {
      timeout: SCENARIO_TIMEOUT_MS,
    }, async () => {
      const k = kit();
      const older = await agent.ask([singleChoice()]);
      await pendingPrompt(k, older);
      const newer = await agent.ask([singleChoice()]);
      await pendingPrompt(k, newer);
      expect(k.store.getState().activeId).toBe(newer);
      k.store.getState().setCollapsed(true);
      k.store.getState().setOtherText(newer, "target", "typed, never sent");

      await agent.resolve(newer, { target: ["Production"] });

      const ended = await waitForState(k.store, promptWithStatus(newer, "answered"), "the shown prompt answered elsewhere");
      expect(summaryOutcome(ended)).toBe("answered-elsewhere");
      expect(ended.unsent).toEqual({ target: ["typed, never sent"] });
      expect(k.store.getState()).toMatchObject({ activeId: older, collapsed: false });
    });

    test("Skip with a typed answer asks first: nothing reaches the gateway until it is confirmed", {
      timeout: SCENARIO_TIMEOUT_MS,
    }, async () => {
      const k = kit();
      const id = await agent.ask([singleChoice()]);
      await pendingPrompt(k, id);
      k.store.getState().setOtherText(id, "target", "a long considered answer");

      expect(k.store.getState().skip(id)).toMatchObject({ ok: false, reason: "CONFIRM_SKIP" });
      // The gateway still holds it pending: the question round-trips while the store waits.
      expect((await agent.record(id)).status).toBe("pending");
      k.store.getState().cancelSkip(id);
      expect(selectPrompt(k.store.getState(), id)).toMatchObject({
        status: "pending",
        drafts: { target: { otherText: "a long considered answer" } },
      });

      k.store.getState().skip(id);
      expect(k.store.getState().confirmSkip(id)).toEqual({ ok: true, intent: "skip" });
      const done = await waitForState(k.store, promptWithStatus(id, "cancelled"), "skipped");
      expect(summaryOutcome(done)).toBe("skipped");
      expect((await agent.record(id)).status).toBe("cancelled");
    });

    test("a cancel by another client reads as skipped elsewhere, never as this person's Skip", {
      timeout: SCENARIO_TIMEOUT_MS,
    }, async () => {
      const k = kit();
      const id = await agent.ask([singleChoice()]);
      await pendingPrompt(k, id);

      const reply = await agent.raw.request("question.resolve", { id, cancel: true });
      expect(reply.ok).toBe(true);

      const done = await waitForState(k.store, promptWithStatus(id, "cancelled"), "cancelled elsewhere");
      expect(summaryOutcome(done)).toBe("skipped-elsewhere");
      expect((await agent.record(id)).status).toBe("cancelled");
    });

    test("answer twice: the first writer wins and the second tab shows it", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      const first = kit();
      const second = kit();
      const id = await agent.ask([singleChoice()]);
      await pendingPrompt(first, id);
      await pendingPrompt(second, id);

      first.store.getState().pickOption(id, "target", "Production");
      second.store.getState().pickOption(id, "target", "Staging (Recommended)");
      first.store.getState().submit(id);
      second.store.getState().submit(id);

      const a = await waitForState(first.store, promptWithStatus(id, "answered"), "first answered");
      const b = await waitForState(second.store, promptWithStatus(id, "answered"), "second answered");
      const record = await agent.record(id);
      // Whichever resolve reached the gateway first is the one answer everybody shows.
      expect(a.answers).toEqual(record.answers?.answers);
      expect(b.answers).toEqual(record.answers?.answers);
      expect([a.outcomeSource, b.outcomeSource].sort()).toEqual(["elsewhere", "local"]);
      expect(await agent.raw.request("question.resolve", { id, answers: { answers: { target: ["Production"] } } })).toMatchObject({
        ok: false,
        error: { details: { reason: "QUESTION_ALREADY_TERMINAL" } },
      });
    });

    test("unknown id: a local prompt the gateway never had becomes unavailable", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      const ghost = "scenario-ghost";
      const now = Date.now();
      const k = kit(undefined, {
        storeSetup: (store) =>
          store.getState().upsertRecord({ id: ghost, questions: [singleChoice()], createdAtMs: now, expiresAtMs: now + 600_000, status: "pending" }),
      });

      await waitForState(k.store, promptWithStatus(ghost, "unavailable"), "unavailable");
      expect(await agent.raw.request("question.get", { id: ghost })).toMatchObject({
        ok: false,
        error: { details: { reason: "QUESTION_NOT_FOUND" } },
      });
    });

    test("reconnect while pending: the prompt and its draft are recovered and answerable", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      const relay = await proxy();
      const k = kit(relay.url);
      const id = await agent.ask([singleChoice()]);
      await pendingPrompt(k, id);
      k.store.getState().setOtherText(id, "target", "canary");

      relay.cut();
      await waitForState(k.store, (s) => s.connection === "disconnected", "disconnected");
      await waitForState(k.store, (s) => s.connection === "connected", "reconnected");
      const recovered = await pendingPrompt(k, id);
      expect(recovered.drafts.target?.otherText).toBe("canary");

      k.store.getState().submit(id);
      await waitForState(k.store, promptWithStatus(id, "answered"), "answered after reconnect");
      expect((await agent.record(id)).answers).toEqual({ answers: { target: ["canary"] } });
    });

    test("a resolution missed while disconnected is recovered through question.get", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      const relay = await proxy();
      const k = kit(relay.url);
      const id = await agent.ask([singleChoice()]);
      await pendingPrompt(k, id);

      relay.cut({ stayDown: true });
      await waitForState(k.store, (s) => s.connection === "disconnected", "disconnected");
      await agent.resolve(id, { target: ["Production"] });
      expect(selectPrompt(k.store.getState(), id)?.status).toBe("pending");
      relay.restore();

      const done = await waitForState(k.store, promptWithStatus(id, "answered"), "recovered answer");
      expect(done.outcomeSource).toBe("elsewhere");
      expect(done.answers).toEqual({ target: ["Production"] });
      expect((await agent.record(id)).status).toBe("answered");
    });

    test("the run is cancelled while pending: the outcome is shown as the run ending", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
      const k = kit();
      const sessionKey = `scenario-${Date.now()}`;
      const runId = await askViaChat(
        target.url,
        target.token,
        {
          questions: [
            {
              id: "target",
              header: "Target",
              question: "Where should this deploy?",
              options: [{ label: "Staging" }, { label: "Production" }],
            },
          ],
        },
        { sessionKey },
      );
      const prompt = await waitForState(
        k.store,
        (s) => allPrompts(s).find((p) => p.record.runId === runId && p.status === "pending"),
        "the run's prompt",
        45_000,
      );

      // Every outcome the prompt ever shows, to prove there is no "Skipped elsewhere" flicker first.
      const seen: (string | null)[] = [];
      const outcomeOf = (state: AskUserStoreState) => {
        const entry = selectPrompt(state, prompt.id);
        return entry ? summaryOutcome(entry) : null;
      };
      const unsubscribe = k.store.subscribe((state) => {
        const outcome = outcomeOf(state);
        if (outcome !== seen.at(-1)) seen.push(outcome);
      });
      cleanups.push(unsubscribe);

      await abortRun(target.url, target.token, { runId, sessionKey });

      // The broadcast says only "cancelled"; the kit reads the record to learn the run ended it.
      const done = await waitForState(
        k.store,
        (s) => promptWithStatus(prompt.id, "cancelled")(s)?.outcomeSource === "run-ended",
        "cancelled by the run",
        45_000,
      );
      expect(done).toBe(true);
      expect(seen.filter((outcome) => outcome !== null)).toEqual(["run-ended"]);
      const record = await agent.record(prompt.id);
      expect(record.status).toBe("cancelled");
      // OpenClaw's run-abort and requester-inactive cancellers race; either names the run ending.
      expect(["requester-inactive", "run-abort"]).toContain(record.resolvedBy);
    });
  },
);
