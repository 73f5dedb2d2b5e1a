/**
 * Puts the kit's summary chip after each `ask_user` tool card in the Control UI's transcript.
 * Which chip: the one rebuilt from chat history for that tool call (see `historyChipId`) when the
 * history has it, else the live prompt of the same agent run (the store's record carries the
 * run id; the app's transcript row key carries it too). One chip per card, never two.
 * The transcript is virtualized and re-rendered by Lit, so a MutationObserver re-places chips
 * whenever rows change; chips are keyed by prompt id so an existing one is reused.
 */
import { render } from "lit";
import type { AskUserStoreApi } from "ask-user-kit/element/standalone";
import { historyChipId } from "./history-summaries.js";
import { chipTemplate } from "./panel-template.js";

const TOOL_CARD = ".chat-bubble--tool-shell[data-message-id]";
const ROW = "[data-virtual-row-key]";
const CHIP = "ask-user-control-ui-chip";

/** The tool call id and run id a tool card stands for, read from the app's own keys. */
export function toolCardIds(messageId: string, rowKey: string | undefined): { toolCallId?: string; runId?: string; askUser: boolean } {
  // History cards: `msg:id:<entry>:<n>:invocation:["<runId>","<toolCallId>"]:ask_user`.
  const invocation = /:invocation:(\[.*\]):([^:]+)$/.exec(messageId);
  if (invocation) {
    try {
      const [runId, toolCallId] = JSON.parse(invocation[1]!) as unknown[];
      return {
        ...(typeof toolCallId === "string" ? { toolCallId } : {}),
        ...(typeof runId === "string" && runId !== "" ? { runId } : {}),
        askUser: invocation[2] === "ask_user",
      };
    } catch {
      return { askUser: false };
    }
  }
  // Live cards: `tool:assistant:<toolCallId>:…`; the row key `agent-run:["<runId>",…]` names the run.
  const live = /^tool:assistant:([^:]+):/.exec(messageId);
  let runId: string | undefined;
  const run = rowKey ? /^agent-run:(\[.*\])$/.exec(rowKey) : null;
  if (run) {
    try {
      const [first] = JSON.parse(run[1]!) as unknown[];
      if (typeof first === "string" && first !== "") runId = first;
    } catch {
      // Not the shape this adapter knows: the card gets a chip only by its tool call id.
    }
  }
  return { ...(live ? { toolCallId: live[1]! } : {}), ...(runId ? { runId } : {}), askUser: false };
}

export function placeTranscriptChips(store: AskUserStoreApi, isAskUserCard: (card: HTMLElement) => boolean): () => void {
  const chipFor = (card: HTMLElement): string | null => {
    const row = card.closest<HTMLElement>(ROW);
    const ids = toolCardIds(card.dataset.messageId ?? "", row?.dataset.virtualRowKey);
    const { settled } = store.getState();
    const fromHistory = ids.toolCallId ? historyChipId(ids.runId, ids.toolCallId) : undefined;
    if (fromHistory && settled[fromHistory]) return fromHistory;
    if (!ids.askUser && !isAskUserCard(card)) return null;
    if (!ids.runId) return null;
    // The live prompt of this run (OpenClaw's record carries the agent run that asked).
    for (const id in settled) if (settled[id]!.record.runId === ids.runId) return id;
    return null;
  };

  let scheduled = false;
  const placeAll = () => {
    scheduled = false;
    // A chip the app's re-render left away from its card (rows are reused and reordered).
    for (const chip of document.querySelectorAll<HTMLElement>(`.${CHIP}`)) if (!chip.previousElementSibling?.matches(TOOL_CARD)) chip.remove();
    for (const card of document.querySelectorAll<HTMLElement>(TOOL_CARD)) {
      const promptId = chipFor(card);
      const next = card.nextElementSibling;
      const existing = next instanceof HTMLElement && next.classList.contains(CHIP) ? next : null;
      if (!promptId) {
        existing?.remove();
        continue;
      }
      if (existing?.dataset.promptId === promptId) continue;
      const slot = existing ?? document.createElement("div");
      slot.className = CHIP;
      slot.dataset.promptId = promptId;
      render(chipTemplate(store, promptId), slot);
      if (!existing) card.after(slot);
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(placeAll);
  };

  const observer = new MutationObserver((records) => {
    // Our own chip insertions change the transcript too; only the app's changes need a pass.
    if (
      records.every((record) =>
        [...record.addedNodes, ...record.removedNodes].every((node) => node instanceof HTMLElement && node.classList.contains(CHIP)),
      )
    )
      return;
    schedule();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.settled !== previous.settled) schedule();
  });
  schedule();
  return () => {
    observer.disconnect();
    unsubscribe();
  };
}
