/**
 * The schedule language of the fault test: what a step can do, how a schedule is played against
 * a fault world, and the invariants checked once the faults heal.
 */
import fc from "fast-check";
import { expect } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import type { AnswerMap, QuestionRecord } from "../../../src/contract/types.js";
import { selectPrompt } from "../../../src/store/index.js";
import type { AskUserStoreState, PromptEntry, SendResult } from "../../../src/store/types.js";
import type { SentResolve } from "./fault-world.js";

export type Action =
  | { type: "ask"; questions: 1 | 2; timeoutSeconds: 30 | 900 }
  | { type: "type"; kit: number; text: string }
  | { type: "answer"; kit: number }
  | { type: "skip"; kit: number }
  | { type: "retry"; kit: number }
  | { type: "advance"; ms: number }
  | { type: "cut" }
  | { type: "restart" }
  | { type: "pump" };

export const KITS = 2;
const kitIndex = fc.integer({ min: 0, max: KITS - 1 });
/** One arbitrary per kind of step, so another leg (the real gateway's) can weigh them its own way. */
export const steps = {
  ask: fc.record({
    type: fc.constant("ask" as const),
    questions: fc.constantFrom(1 as const, 2 as const),
    timeoutSeconds: fc.constantFrom(30 as const, 900 as const),
  }),
  type: fc.record({ type: fc.constant("type" as const), kit: kitIndex, text: fc.constantFrom("canary", "a typed answer", "  spaced  ") }),
  answer: fc.record({ type: fc.constant("answer" as const), kit: kitIndex }),
  skip: fc.record({ type: fc.constant("skip" as const), kit: kitIndex }),
  retry: fc.record({ type: fc.constant("retry" as const), kit: kitIndex }),
  advance: fc.record({ type: fc.constant("advance" as const), ms: fc.integer({ min: 50, max: 35_000 }) }),
  cut: fc.record({ type: fc.constant("cut" as const) }),
  restart: fc.record({ type: fc.constant("restart" as const) }),
  pump: fc.record({ type: fc.constant("pump" as const) }),
} satisfies { [K in Action["type"]]: fc.Arbitrary<Extract<Action, { type: K }>> };
export const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: steps.ask },
  { weight: 3, arbitrary: steps.type },
  { weight: 3, arbitrary: steps.answer },
  { weight: 1, arbitrary: steps.skip },
  { weight: 1, arbitrary: steps.retry },
  { weight: 3, arbitrary: steps.advance },
  { weight: 1, arbitrary: steps.cut },
  { weight: 1, arbitrary: steps.restart },
  { weight: 2, arbitrary: steps.pump },
);
export const rates = fc.record({
  drop: fc.double({ min: 0, max: 0.08, noNaN: true }),
  duplicate: fc.double({ min: 0, max: 0.08, noNaN: true }),
  delay: fc.double({ min: 0, max: 0.15, noNaN: true }),
  reorder: fc.double({ min: 0, max: 0.2, noNaN: true }),
});

/** The ask_user input of an `ask` step (model-facing: `id`, no `isOther`). */
export interface AskInput {
  questions: typeof QUESTIONS;
  timeoutSeconds: number;
}

/**
 * What a schedule is played against and checked in: the fake-clock fault world, or a real
 * gateway behind a real relay (test/integration/support/live-fault-world.ts). `advance` and `pump`
 * let time and frames move; a real-time world waits for a condition instead.
 */
export interface ScheduleWorld {
  gateway: { ask(input: AskInput): Promise<unknown>; restart(): void; records(): QuestionRecord[] };
  kits: ReadonlyArray<{ index: number; store: StoreApi<AskUserStoreState> }>;
  /** Every `question.resolve` a kit sent, before any fault touched it. */
  sent: readonly SentResolve[];
  advance(ms: number): Promise<void>;
  pump(): Promise<void>;
  cutAll(): void;
}

const QUESTIONS = [
  { id: "target", header: "Target", question: "Where should it go?", options: [{ label: "Staging" }, { label: "Production" }] },
  { id: "notify", header: "Notify", question: "Who should hear?", options: [{ label: "Team" }, { label: "Nobody" }] },
];

/** What each kit's person meant: the answers it sent and the text it last typed, per prompt. */
export interface Intent {
  sends: Map<string, string[]>;
  typed: Map<string, string>;
}

const key = (answers: AnswerMap | undefined) => JSON.stringify(answers ?? null);
const openStatuses: readonly PromptEntry["status"][] = ["pending", "submitting"];
const firstOpen = (world: ScheduleWorld, kit: number) =>
  Object.values(world.kits[kit]!.store.getState().prompts).find((entry) => entry.status === "pending");

export async function play(world: ScheduleWorld, actions: Action[], intents: Intent[]): Promise<void> {
  for (const step of actions) {
    switch (step.type) {
      case "ask":
        // The tool's promise settles with the tool result; it never rejects for valid input.
        void world.gateway.ask({ questions: QUESTIONS.slice(0, step.questions), timeoutSeconds: step.timeoutSeconds }).catch(() => {});
        break;
      case "type": {
        const entry = firstOpen(world, step.kit);
        if (!entry) break;
        world.kits[step.kit]!.store.getState().setOtherText(entry.id, entry.record.questions[0]!.questionId, step.text);
        intents[step.kit]!.typed.set(entry.id, step.text);
        break;
      }
      case "answer": {
        const entry = firstOpen(world, step.kit);
        if (!entry) break;
        const state = world.kits[step.kit]!.store.getState();
        for (const question of entry.record.questions) {
          // Picking keeps a typed Other text only when nothing was typed for this question.
          if (entry.drafts[question.questionId]?.otherText.trim()) continue;
          state.pickOption(entry.id, question.questionId, question.options[0]!.label);
        }
        record(intents[step.kit]!, entry.id, world.kits[step.kit]!.store.getState().submit(entry.id));
        break;
      }
      case "skip": {
        const entry = firstOpen(world, step.kit);
        if (!entry) break;
        const state = world.kits[step.kit]!.store.getState();
        const first = state.skip(entry.id);
        if (!first.ok && first.reason === "CONFIRM_SKIP") state.confirmSkip(entry.id);
        break;
      }
      case "retry": {
        const entry = Object.values(world.kits[step.kit]!.store.getState().prompts).find((candidate) => candidate.error !== undefined);
        if (entry) record(intents[step.kit]!, entry.id, world.kits[step.kit]!.store.getState().retry(entry.id));
        break;
      }
      case "advance":
        await world.advance(step.ms);
        break;
      case "cut":
        world.cutAll();
        break;
      case "restart":
        world.gateway.restart();
        break;
      case "pump":
        await world.pump();
        break;
    }
  }
}

function record(intent: Intent, id: string, result: SendResult): void {
  if (result.ok && result.answers) {
    const sends = intent.sends.get(id) ?? [];
    sends.push(key(result.answers));
    intent.sends.set(id, sends);
  }
}

/** Every kit ends in the gateway's state, and nothing was doubled, altered or lost. */
export function checkInvariants(world: ScheduleWorld, intents: Intent[]): void {
  const records = new Map(world.gateway.records().map((entry) => [entry.id, entry]));
  for (const kit of world.kits) {
    const state = kit.store.getState();
    const intent = intents[kit.index]!;
    for (const [id, gatewayRecord] of records) {
      const entry = selectPrompt(state, id);
      if (gatewayRecord.status === "pending") {
        expect(entry?.status, `kit ${kit.index} prompt ${id}: the gateway has it pending`).toBe("pending");
      } else if (entry) {
        expect(entry.status, `kit ${kit.index} prompt ${id}: the gateway has it ${gatewayRecord.status}`).toBe(gatewayRecord.status);
        if (gatewayRecord.status === "answered") expect(entry.answers).toEqual(gatewayRecord.answers?.answers);
      }
    }
    for (const entry of Object.values(state.prompts)) {
      // Open here but unknown to the gateway: the kit missed that it ended or vanished.
      expect(records.has(entry.id), `kit ${kit.index} still shows ${entry.id} (${entry.status}) that the gateway no longer holds`).toBe(true);
      expect(openStatuses).toContain(entry.status);
      const typed = intent.typed.get(entry.id);
      if (typed !== undefined && entry.status === "pending")
        expect(entry.drafts[entry.record.questions[0]!.questionId]?.otherText, `kit ${kit.index} lost the draft of ${entry.id}`).toBe(typed);
    }
  }
  // Every resolve that left a kit carried answers its person submitted, and no more often than they did.
  const counted = new Map<string, number>();
  for (const frame of world.sent) {
    if (frame.cancel) continue;
    const sends = intents[frame.kit]!.sends.get(frame.id) ?? [];
    expect(sends, `kit ${frame.kit} sent answers for ${frame.id} nobody submitted`).toContain(key(frame.answers));
    const id = `${frame.kit}:${frame.id}`;
    counted.set(id, (counted.get(id) ?? 0) + 1);
    expect(counted.get(id)!, `kit ${frame.kit} sent ${frame.id} more often than it was submitted`).toBeLessThanOrEqual(sends.length);
  }
  for (const [id, gatewayRecord] of records) {
    if (gatewayRecord.status !== "answered" || gatewayRecord.resolvedBy !== undefined) continue;
    const submitted = intents.flatMap((intent) => intent.sends.get(id) ?? []);
    expect(submitted, `the gateway holds answers for ${id} that no kit submitted`).toContain(key(gatewayRecord.answers?.answers));
  }
}
