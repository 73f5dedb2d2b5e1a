/**
 * Cost of one store action as the transcript grows, next to 100 vs 10,000 terminal prompts: a
 * keystroke in Other (`setOtherText`, with draft persistence on) and settling a prompt
 * (`resolveSucceeded`, a prompt moving from `prompts` to `settled`). The goal is a flat cost
 * (ratio ≈ 1): draft edits copy the few open prompts, and settling one never copies the transcript.
 *
 *   npx tsx bench/store-actions.ts
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { QuestionRecord } from "../src/contract/types.js";
import { createAskUserStore } from "../src/store/create-ask-user-store.js";
import { selectActivePrompt, selectDockedPromptIds, selectPromptPosition, selectTranscript } from "../src/store/selectors.js";
import type { DraftStorage } from "../src/store/types.js";
import { checks, deployTarget, sampleQuestions } from "../src/testing/sample-questions.js";

const ROUNDS = 7;

/**
 * The timed settles start from a collected heap: building a store of 10,000 prompts just before
 * leaves garbage whose collection otherwise lands inside the 50 timed settles and is charged to
 * them (one major GC of that setup is a few ms, i.e. tens of µs per settle). The flag set at run
 * time gives the bench `gc` under plain tsx.
 */
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const ROUND_MS = 300;

function record(id: string, status: QuestionRecord["status"]): QuestionRecord {
  return {
    id,
    // Its own copy per record, as records parsed off the wire are.
    questions: sampleQuestions({ questions: [deployTarget, checks] }),
    sessionKey: "main",
    runId: `run_${id}`,
    createdAtMs: 1_000,
    expiresAtMs: 9_000_000_000_000,
    status,
    ...(status === "answered" ? { answers: { answers: { deploy_target: ["Production"], checks: ["Bundle size"] } } } : {}),
  };
}

function memoryStorage(): DraftStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) };
}

function storeWithTranscript(size: number) {
  const store = createAskUserStore({ storage: memoryStorage(), autoExpire: false });
  store.getState().setConnection("connected");
  store.getState().upsertRecords(Array.from({ length: size }, (_, i) => record(`ask_done_${i}`, i % 2 ? "answered" : "cancelled")));
  store.getState().upsertRecord(record("ask_live", "pending"));
  return store;
}

/** Ops/s of `op` over one round of about ROUND_MS. */
function round(op: (i: number) => void, offset: number): number {
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    for (let k = 0; k < 500; k++) op(offset + count + k);
    count += 500;
    elapsed = performance.now() - start;
  }
  return (count / elapsed) * 1000;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Median ops/s of each case. Rounds alternate between the cases so that JIT warm-up and the load
 * of a shared machine fall on both alike.
 */
function compare(cases: Record<string, (i: number) => void>): Record<string, number> {
  const names = Object.keys(cases);
  for (const name of names) for (let i = 0; i < 20_000; i++) cases[name]!(i);
  const rates = Object.fromEntries(names.map((name) => [name, [] as number[]]));
  for (let r = 0; r < ROUNDS; r++) for (const name of names) rates[name]!.push(round(cases[name]!, r * 1_000_000));
  return Object.fromEntries(names.map((name) => [name, median(rates[name]!)]));
}

const texts = ["a", "ab", "abc", "ab"];

const type = (store: ReturnType<typeof storeWithTranscript>) => (i: number) => store.getState().setOtherText("ask_live", "deploy_target", texts[i % texts.length]!);

/** A keystroke plus what a docked panel reads after it. */
const typeAndRead = (store: ReturnType<typeof storeWithTranscript>) => (i: number) => {
  store.getState().setOtherText("ask_live", "deploy_target", texts[i % texts.length]!);
  const state = store.getState();
  selectActivePrompt(state);
  selectDockedPromptIds(state);
  selectPromptPosition(state);
  selectTranscript(state, { sessionKey: "main" });
};

const small = storeWithTranscript(100);
const large = storeWithTranscript(10_000);
const rates = compare({
  small: type(small),
  large: type(large),
  smallReads: typeAndRead(small),
  largeReads: typeAndRead(large),
});

const format = (n: number) => Math.round(n).toLocaleString("en-US");
for (const [store, typing, reads] of [
  [small, rates.small!, rates.smallReads!],
  [large, rates.large!, rates.largeReads!],
] as const) {
  const transcript = selectTranscript(store.getState()).length;
  console.log(`transcript ${format(transcript).padStart(6)}: setOtherText ${format(typing).padStart(9)} ops/s; with dock selectors ${format(reads).padStart(9)} ops/s`);
}
console.log(`ratio 100 / 10,000: setOtherText ${(rates.small! / rates.large!).toFixed(2)}; with dock selectors ${(rates.smallReads! / rates.largeReads!).toFixed(2)} (goal ≈ 1)`);

/** Prompts settled per round: few enough that the small transcript stays near 100. */
const SETTLES = 50;
const SETTLE_ROUNDS = 15;

/**
 * Ops/s of `resolveSucceeded` on a fresh store of `size` settled prompts plus SETTLES skipped ones
 * in flight. Each settle is its own turn, as a resolve reply is, and its time includes the summary
 * write that turn ends with (persistence writes once per turn, on a microtask).
 */
async function settleRound(size: number): Promise<number> {
  const store = storeWithTranscript(size);
  await Promise.resolve();
  const ids = Array.from({ length: SETTLES }, (_, i) => `ask_open_${i}`);
  store.getState().upsertRecords(ids.map((id) => record(id, "pending")));
  for (const id of ids) store.getState().skip(id);
  await Promise.resolve();
  collect();
  let elapsed = 0;
  for (const id of ids) {
    const start = performance.now();
    store.getState().resolveSucceeded(id, { status: "cancelled" });
    await Promise.resolve();
    elapsed += performance.now() - start;
  }
  if (Object.keys(store.getState().prompts).length !== 1) throw new Error("bench prompts did not settle");
  return (SETTLES / elapsed) * 1000;
}

for (let i = 0; i < 3; i++) await settleRound(100), await settleRound(10_000);
const settleRates = { small: [] as number[], large: [] as number[] };
for (let r = 0; r < SETTLE_ROUNDS; r++) {
  settleRates.small.push(await settleRound(100));
  settleRates.large.push(await settleRound(10_000));
}
const settleSmall = median(settleRates.small);
const settleLarge = median(settleRates.large);
console.log(`transcript    100: resolveSucceeded ${format(settleSmall).padStart(9)} ops/s (${(1000 / settleSmall).toFixed(3)} ms each)`);
console.log(`transcript 10,000: resolveSucceeded ${format(settleLarge).padStart(9)} ops/s (${(1000 / settleLarge).toFixed(3)} ms each)`);
console.log(`ratio 100 / 10,000: resolveSucceeded ${(settleSmall / settleLarge).toFixed(2)} (goal ≈ 1)`);
