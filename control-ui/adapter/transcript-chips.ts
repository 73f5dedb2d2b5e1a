/**
 * The kit's summary chips in the Control UI's transcript:
 *   - inside each `ask_user` tool card, after its row: the chip of that tool call's question. The
 *     card names its run and tool call (history cards in their id, live ones in their row's key),
 *     which give the question's id (`askUserQuestionId`). The chip is the store's summary of that
 *     question: kept from the page that saw it end (localSummaries), else rebuilt from the chat
 *     history, read once for the cards the store has no summary for — never again after an answer
 *     here, which the store holds already;
 *   - after the shown transcript: the chips of its session's other questions (asked by
 *     `question.request` from any client, so no tool card stands for them), oldest first.
 * Sessions are the panes' own (panes.ts).
 * Cards and the transcript are found by style triggers (a card without its chip, the shown
 * transcript without the end list), so a card the virtualized transcript mounts, a chip the app's
 * re-render dropped and a session switch each place a chip again, with no observer of the page.
 */
import { render, html } from "lit";
import type { AskUserStoreApi } from "ask-user-kit/element/standalone";
import { sameSessionKey } from "ask-user-kit/contract";
import { askUserQuestionId, loadHistorySummaries, type HistoryRequester, type UnreadableResult } from "./history-summaries.js";
import { chipTemplate, toolCallChipTemplate } from "./panel-template.js";
import { paneSessionKey } from "./panes.js";
import { onMatch } from "./style-triggers.js";

const CHIP = "ask-user-control-ui-chip";
const END = "ask-user-control-ui-end";
const HISTORY_CARD = '.chat-bubble--tool-shell[data-message-id$=":ask_user"]';
const LIVE_CARD = '.chat-bubble--tool-shell[data-message-id^="tool:"]';
const SHOWN_THREAD = ".chat-pane-cache__pane--visible .chat-thread-inner";
const ROW = "[data-virtual-row-key]";

interface CardIds {
  toolCallId?: string;
  runId?: string;
  /** The card says it is an `ask_user` call (history cards do; live cards name no tool). */
  askUser: boolean;
}

/** The tool call id and run id a tool card stands for, read from the app's own keys. */
export function toolCardIds(messageId: string, rowKey: string | undefined): CardIds {
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
      // Not the shape this adapter knows: the card gets no chip.
    }
  }
  return { ...(live ? { toolCallId: live[1]! } : {}), ...(runId ? { runId } : {}), askUser: false };
}

type Settled = ReturnType<AskUserStoreApi["getState"]>["settled"][string];

/** Whether a settled prompt's chip goes after the transcript: no `ask_user` tool call asked it. */
const endsTranscript = (entry: Settled, sessionKey: string) => !entry.record.runId && sameSessionKey(entry.record.sessionKey, sessionKey);

export function placeTranscriptChips(store: AskUserStoreApi, client: HistoryRequester): void {
  /** Each card's question id, once worked out. */
  const questionIds = new WeakMap<Element, string>();
  /** Cards seen with no summary yet for their question: placed when one arrives. */
  const waiting = new Set<Element>();
  /** History results the contract could not read, by question id. */
  const unreadable = new Map<string, UnreadableResult>();
  /** Sessions whose history is being read, and the cards that read already covered. */
  const reading = new Set<string>();
  const covered = new WeakSet<Element>();

  const place = (card: Element) => {
    if (!card.isConnected) {
      waiting.delete(card);
      return;
    }
    const id = questionIds.get(card);
    if (id === undefined) return;
    const existing = card.querySelector<HTMLElement>(`:scope > .${CHIP}`);
    if (existing?.dataset.promptId === id) return;
    const known = store.getState().settled[id] !== undefined;
    const broken = unreadable.get(id);
    if (!known && !broken) {
      waiting.add(card);
      if (card.matches(HISTORY_CARD) && !covered.has(card)) readHistory(paneSessionKey(card));
      return;
    }
    waiting.delete(card);
    const slot = existing ?? document.createElement("div");
    slot.className = CHIP;
    slot.dataset.promptId = id;
    render(known ? chipTemplate(store, id) : toolCallChipTemplate(store, broken!.toolCall), slot);
    if (!existing) card.append(slot);
  };

  /** A session's history, read once for every card of it waiting when it was asked for. */
  const readHistory = (sessionKey: string | null) => {
    if (!sessionKey || reading.has(sessionKey)) return;
    reading.add(sessionKey);
    const asked = [...waiting].filter((card) => paneSessionKey(card) === sessionKey);
    loadHistorySummaries(client, sessionKey)
      .then(
        ({ summaries, unreadable: found }) => {
          for (const result of found) {
            if (unreadable.has(result.id)) continue;
            unreadable.set(result.id, result);
            console.warn(
              `[ask-user-kit] the ask_user result of question ${result.id} in the chat history could not be read (${result.problem}); its chip says the outcome is unknown.`,
            );
          }
          for (const card of asked) covered.add(card);
          store.getState().restoreSummaries(summaries);
        },
        (error: unknown) =>
          console.warn(`[ask-user-kit] chat.history for ${sessionKey} failed, so the chips of its earlier turns wait for the next one:`, error),
      )
      .finally(() => {
        reading.delete(sessionKey);
        for (const card of [...waiting]) place(card);
      });
  };

  const consider = (card: Element) => {
    if (questionIds.has(card)) return place(card);
    const ids = toolCardIds(card.getAttribute("data-message-id") ?? "", card.closest<HTMLElement>(ROW)?.dataset.virtualRowKey);
    if (!ids.toolCallId || !ids.runId) return;
    void askUserQuestionId(ids.runId, ids.toolCallId).then((id) => {
      // A live card of another tool has an id no question has: it stays without a chip.
      if (!ids.askUser && store.getState().settled[id] === undefined && store.getState().prompts[id] === undefined) return;
      questionIds.set(card, id);
      place(card);
    });
  };
  onMatch(`:is(${HISTORY_CARD},${LIVE_CARD}):not(:has(> .${CHIP}))`, consider);

  // After the transcript: the session's questions that no tool card stands for.
  const end = document.createElement("div");
  end.className = END;
  end.dataset.askUserControlUi = "end";
  let endIds: string[] = [];
  const drawEnd = () => {
    const sessionKey = paneSessionKey(end);
    const { settled } = store.getState();
    const ids =
      sessionKey === null
        ? []
        : Object.values(settled)
            .filter((entry) => endsTranscript(entry, sessionKey))
            .sort((a, b) => a.record.createdAtMs - b.record.createdAtMs)
            .map((entry) => entry.id);
    if (ids.length === endIds.length && ids.every((id, index) => id === endIds[index])) return;
    endIds = ids;
    // In the app's own group for a run's tool rows, so the chips line up with the bubbles above
    // them on every width.
    render(
      ids.length === 0
        ? null
        : html`<div class="chat-group tool">${ids.map((id) => html`<div class=${CHIP} data-prompt-id=${id}>${chipTemplate(store, id)}</div>`)}</div>`,
      end,
    );
  };
  onMatch(`${SHOWN_THREAD}:not(:has(> .${END}))`, (thread) => {
    thread.append(end);
    drawEnd();
  });

  store.subscribe((state, previous) => {
    if (state.settled === previous.settled) return;
    for (const card of [...waiting]) place(card);
    drawEnd();
  });
}
