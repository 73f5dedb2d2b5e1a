/**
 * 10,000 prompts requested and settled through one store, as a long chat does: the heap the run
 * leaves per prompt the transcript keeps (at most 200 per session: src/store/transcript-bound.ts),
 * and whether settling one more prompt or typing a key gets dearer as more prompts go through.
 */
import type { QuestionRecord } from "../../src/contract/types.js";
import { createAskUserStore } from "../../src/store/index.js";
import { localSummaries } from "../../src/store/local-summaries.js";
import { heapAfterGc, medianCost, memoryStorage } from "./measure.js";

export interface SettledPromptsResult {
  prompts: number;
  heapBytesPerPrompt: number;
  settleMsAt100: number;
  settleMsAtAll: number;
  keystrokeMsAt100: number;
  keystrokeMsAtAll: number;
}

const SESSION = "agent:main:main";

function record(index: number, now: number): QuestionRecord {
  return {
    id: `soak-${index}`,
    questions: [
      { questionId: "target", header: "Target", question: `Where should release ${index} go?`, options: [{ label: "Staging", description: "No customers" }, { label: "Production" }] },
    ],
    createdAtMs: now + index,
    expiresAtMs: now + index + 900_000,
    status: "pending",
    sessionKey: SESSION,
  };
}

export async function soakSettledPrompts(total = 10_000): Promise<SettledPromptsResult> {
  const now = Date.now();
  // Drafts and summaries persisted as a browser host would (a Map stands in for localStorage).
  const store = createAskUserStore({ storage: memoryStorage(), summaries: localSummaries({ storage: memoryStorage() }) });
  const state = () => store.getState();
  let next = 0;
  const requestAndSettle = () => {
    const id = `soak-${next}`;
    state().upsertRecord(record(next++, now));
    state().applyResolved({ id, status: "answered", answers: { answers: { target: ["Staging"] } } });
  };
  /** Settle cost alone: the record arrives outside the timed call. */
  const settleCost = () =>
    medianCost(200, () => {
      const id = `soak-${next}`;
      state().upsertRecord(record(next++, now));
      const started = performance.now();
      state().applyResolved({ id, status: "answered", answers: { answers: { target: ["Staging"] } } });
      return performance.now() - started;
    });
  /** One open prompt being typed into, with the whole transcript behind it. */
  const keystrokeCost = () => {
    const id = `soak-typing-${next}`;
    state().upsertRecord({ ...record(next++, now), id });
    let text = "";
    const cost = medianCost(200, () => {
      text += "k";
      state().setOtherText(id, "target", text);
    });
    state().applyResolved({ id, status: "cancelled" });
    return cost;
  };

  const heapBefore = await heapAfterGc();
  while (next < 100) requestAndSettle();
  const settleMsAt100 = settleCost();
  const keystrokeMsAt100 = keystrokeCost();
  while (next < total) requestAndSettle();
  const settleMsAtAll = settleCost();
  const keystrokeMsAtAll = keystrokeCost();
  const heapAfter = await heapAfterGc();
  const prompts = Object.keys(state().settled).length;
  store.destroy();
  return { prompts, heapBytesPerPrompt: (heapAfter - heapBefore) / prompts, settleMsAt100, settleMsAtAll, keystrokeMsAt100, keystrokeMsAtAll };
}
