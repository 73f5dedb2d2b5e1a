// Issue 12, deliverable 3: a gateway that sends 12,000 seeded hostile frames over a real loopback
// WebSocket, through the real client, bridge and store. The kit must not throw, must keep the
// store's bounds and records valid, must leave Object.prototype alone, must do bounded work per
// frame (counted, never timed), and must still carry a normal question end to end afterwards.
import { afterEach, expect, test, vi } from "vitest";
import WebSocket from "ws";
import { connectQuestions } from "../../src/bridge/index.js";
import { createGatewayClient, type GatewayClient } from "../../src/client/index.js";
import { parseQuestionRecord } from "../../src/contract/index.js";
import type { QuestionRecord } from "../../src/contract/types.js";
import { createAskUserStore, selectPrompt } from "../../src/store/index.js";
import { localSummaries } from "../../src/store/local-summaries.js";
import { MAX_HELD_RESOLUTIONS } from "../../src/store/prompt-batch.js";
import type { AskUserStore } from "../../src/store/types.js";
import { createMemoryStorage } from "../store/fixtures.js";
import { createHostileFrames } from "./support/hostile-frames.js";
import { startHostileGateway } from "./support/hostile-gateway.js";

const FRAMES = 12_000;
const SEED = Number(process.env.HOSTILE_SEED ?? 12_012);
const MAX_PROBLEMS = 20;

/** A deadline for a hang, not a speed requirement: a loaded 2-core machine may take seconds. */
const patience = { timeout: 60_000, interval: 5 };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What Object.prototype and friends look like, to prove no frame reached them. */
function prototypeFingerprint(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((proto) => Reflect.ownKeys(proto).map(String).sort().join(","))
    .join("|");
}

function expectStoreInvariants(store: AskUserStore): void {
  const state = store.getState();
  expect(Object.keys(state.heldResolutions).length).toBeLessThanOrEqual(MAX_HELD_RESOLUTIONS);
  expect(state.problems.length).toBeLessThanOrEqual(MAX_PROBLEMS);
  // A `__proto__` id assigned into a map would swap its prototype instead of adding an entry.
  expect(Object.getPrototypeOf(state.prompts)).toBe(Object.prototype);
  expect(Object.getPrototypeOf(state.heldResolutions)).toBe(Object.prototype);
  // Every prompt the UI could render holds a record the contract accepts as it stands.
  for (const entry of [...Object.values(state.prompts), ...Object.values(state.settled)]) {
    const parsed = parseQuestionRecord(entry.record);
    expect(parsed.ok, `${entry.id}: ${parsed.ok ? "" : JSON.stringify(parsed.errors)}`).toBe(true);
    expect(entry.id).toBe(entry.record.id);
  }
}

test(`${FRAMES} hostile frames over a loopback socket leave the kit bounded, clean and usable`, async () => {
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);
  cleanups.push(() => {
    process.off("uncaughtException", onUncaught);
    process.off("unhandledRejection", onUncaught);
  });
  const prototypesBefore = prototypeFingerprint();

  const gateway = await startHostileGateway();
  cleanups.push(gateway.close);
  const now = Date.now();
  const client: GatewayClient = createGatewayClient({ url: gateway.url, token: "t", WebSocket, backoff: { initialMs: 20 } });
  cleanups.push(() => client.close());
  // Summaries are persisted as in a page (once per turn, labels nobody chose stored clipped): the
  // barrage's settles must not turn into a write per frame or megabytes per write.
  const summaries = createMemoryStorage();
  let summaryWrites = 0;
  const writesPerKey = new Map<string, number>();
  let largestSummaryWrite = 0;
  const countedSummaries = {
    ...summaries,
    setItem(key: string, value: string) {
      summaryWrites += 1;
      writesPerKey.set(key, (writesPerKey.get(key) ?? 0) + 1);
      largestSummaryWrite = Math.max(largestSummaryWrite, value.length);
      summaries.setItem(key, value);
    },
  };
  const store = createAskUserStore({ storage: createMemoryStorage(), summaries: localSummaries({ storage: countedSummaries }) });
  cleanups.push(() => store.destroy());
  const disconnect = connectQuestions(client, store);
  cleanups.push(disconnect);

  let notifications = 0;
  store.subscribe(() => (notifications += 1));
  let gaps = 0;
  client.onGap(() => (gaps += 1));
  let reportedErrors = 0;
  client.onError(() => (reportedErrors += 1));
  await vi.waitFor(() => expect(store.getState().connection).toBe("connected"), patience);
  const statuses: string[] = [];
  client.onStatus((status) => statuses.push(status));
  await vi.waitFor(() => expect(gateway.count("question.list")).toBe(1), patience);

  const frames = createHostileFrames(SEED, now);
  // CPU time, printed (never asserted) to show the barrage's own cost apart from machine load.
  const cpuBefore = process.cpuUsage();
  const chunks = await gateway.barrage(FRAMES, frames.next);

  // One socket delivers in order: once this record is in the store, every hostile frame was handled.
  const record: QuestionRecord = {
    id: "after-the-barrage",
    questions: [
      { questionId: "target", header: "Target", question: "Where should it go?", options: [{ label: "Staging" }, { label: "Production" }] },
    ],
    createdAtMs: now,
    expiresAtMs: now + 600_000,
    status: "pending",
  };
  gateway.request(record, frames.nextSeq());
  await vi.waitFor(() => {
    const entry = selectPrompt(store.getState(), record.id);
    expect(entry?.status).toBe("pending");
    // A recovery read may still be out for it after the gap storm: answer once it is confirmed.
    expect(entry?.checking).toBeFalsy();
  }, patience);

  // The barrage did not reconnect the client, crash it or reach any prototype.
  expect(statuses).toEqual([]);
  expect(uncaught).toEqual([]);
  expect(prototypeFingerprint()).toBe(prototypesBefore);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expectStoreInvariants(store);

  // Bounded work per frame, counted rather than timed: at most a store write or two per frame; a
  // gap storm coalesces into few hydrations (one `question.list` in flight, one queued behind it,
  // so about one per chunk the gateway writes, never one per gap); and each hydration reads at
  // most the prompts the barrage could have opened plus the bounded held resolutions.
  const cpu = process.cpuUsage(cpuBefore);
  const lists = gateway.count("question.list");
  const gets = gateway.count("question.get");
  const recordFrames = ["valid-record", "prototype-keys", "oversized-record", "resolved-before-requested"].reduce(
    (sum, kind) => sum + (frames.counts[kind] ?? 0),
    0,
  );
  console.log(
    `[hostile] seed ${SEED}: ${FRAMES} frames in ${chunks} chunks, ${gaps} gaps, ${lists} question.list, ${gets} question.get, ${notifications} store notifications, ${reportedErrors} errors reported, ${summaryWrites} summary writes (largest ${largestSummaryWrite} chars), ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU`,
  );
  expect(gaps).toBeGreaterThan(10 * chunks);
  expect(notifications).toBeLessThanOrEqual(2 * FRAMES);
  expect(lists).toBeLessThanOrEqual(2 * chunks + 2);
  expect(gets).toBeLessThanOrEqual(lists * (MAX_HELD_RESOLUTIONS + recordFrames));
  // Per turn a session index or two at most; each settled prompt's own key is written when it
  // settles and again only when a later frame changes it (1,276 keys, 11 rewritten, for this
  // seed). No write holds more than one summary (display-limited text) or one index, far below
  // the barrage's 100,000-character labels times 200.
  const summaryKeys = [...writesPerKey.keys()].filter((key) => key.includes(":v2:["));
  const summaryKeyWrites = summaryKeys.reduce((sum, key) => sum + writesPerKey.get(key)!, 0);
  expect(summaryWrites - summaryKeyWrites).toBeLessThanOrEqual(2 * (2 * chunks + 2));
  expect(summaryKeyWrites).toBeLessThanOrEqual(2 * summaryKeys.length);
  expect(largestSummaryWrite).toBeLessThan(4_000_000);

  // The client is still usable: a normal answer reaches the gateway exactly once, as given.
  store.getState().pickOption(record.id, "target", "Production");
  expect(store.getState().submit(record.id).ok).toBe(true);
  await vi.waitFor(() => expect(selectPrompt(store.getState(), record.id)?.status).toBe("answered"), patience);
  const resolves = gateway.requests.filter((request) => request.method === "question.resolve");
  expect(resolves).toEqual([{ method: "question.resolve", params: { id: record.id, answers: { answers: { target: ["Production"] } } } }]);
  expect(gateway.records.get(record.id)?.status).toBe("answered");
  expectStoreInvariants(store);

  // A reload restores the chip from what the barrage left in the summary storage.
  await Promise.resolve();
  const reloaded = createAskUserStore({ storage: null, summaries: localSummaries({ storage: summaries }), autoExpire: false });
  cleanups.push(() => reloaded.destroy());
  const restored = reloaded.getState().settled[record.id];
  expect(restored?.status).toBe("answered");
  expect(restored?.answers).toEqual({ target: ["Production"] });
  expect(uncaught).toEqual([]);
});
