/**
 * The chips soak page (driven by scripts/soak/chips.ts): an AskUserTranscript on a store into
 * which prompts arrive and settle in batches of 100, one render per batch, as a long chat would
 * feed it. `settle(upTo)` runs until `upTo` prompts have gone through and reports the chips and
 * DOM nodes on screen.
 */
import { createRoot } from "react-dom/client";
import type { QuestionRecord } from "../../../src/contract/types.js";
import { AskUserProvider, AskUserTranscript, createAskUserStore } from "../../../src/index.js";
import "../../../src/theme/tokens.css";
import "../../../src/theme/summary.css";

const store = createAskUserStore({ storage: null, autoExpire: false });
store.getState().setConnection("connected");
const element = document.getElementById("chips")!;
createRoot(element).render(
  <AskUserProvider store={store}>
    <AskUserTranscript />
  </AskUserProvider>,
);

const BATCH = 100;
let next = 0;

function record(index: number): QuestionRecord {
  const now = Date.now();
  return {
    id: `soak_${index}`,
    questions: [
      {
        questionId: "notify",
        header: "Notify",
        question: `Who should hear about release ${index}?`,
        options: [{ label: "Team" }, { label: "Nobody" }],
      },
    ],
    sessionKey: "main",
    createdAtMs: now,
    expiresAtMs: now + 3_600_000,
    status: "pending",
  };
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const soak = {
  async settle(upTo: number): Promise<{ settled: number; chips: number; nodes: number }> {
    while (next < upTo) {
      const first = next;
      const records: QuestionRecord[] = [];
      for (; next < Math.min(upTo, first + BATCH); next += 1) records.push(record(next));
      store.getState().upsertRecords(records);
      for (const { id } of records) store.getState().resolveSucceeded(id, { status: "answered", answers: { notify: ["Team"] } });
      await frame();
    }
    return {
      settled: next,
      chips: element.querySelectorAll('[data-slot="ask-user-summary"]').length,
      nodes: document.getElementsByTagName("*").length,
    };
  },
};

Object.assign(window, { soak });
