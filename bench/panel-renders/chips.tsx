/**
 * The settle side of the render bench page: three transcripts, each settled over and over.
 *  - "kit": AskUserTranscript of 200 settled prompts (a session's whole kept transcript);
 *  - "one": the same with 1 settled prompt, to show what the 199 others add;
 *  - "bare": the baseline, a plain React keyed list of 200 memo items holding the same two lines
 *    of text per chip, fed by `useState`; a settle appends one item and drops the oldest, as the
 *    kit's capped transcript does.
 * Every side's timed span runs from the action to React's synchronous commit (`flushSync`).
 */
import { memo, type ReactNode, useState } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { Question, QuestionRecord } from "../../src/contract/types.js";
import { AskUserProvider, AskUserTranscript } from "../../src/index.js";
import { createAskUserStore } from "../../src/store/index.js";
import type { AskUserStore } from "../../src/store/types.js";
import { counter } from "./counter-setup.js";
import type { RenderedComponent } from "./render-counter.js";

export type ChipSide = "kit" | "one" | "bare";

const notify: Question = {
  questionId: "notify",
  header: "Notify",
  question: "Who should hear about it?",
  options: [{ label: "Team" }, { label: "Nobody" }, { label: "Everyone" }],
  isOther: true,
};

function record(id: string, overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    id,
    questions: [notify],
    sessionKey: "main",
    runId: "run_bench",
    createdAtMs: Date.now(),
    expiresAtMs: Date.now() + 24 * 3_600_000,
    status: "pending",
    ...overrides,
  };
}

interface BareItem {
  id: string;
  answer: string;
}

const BareChip = memo(function BareChip({ item }: { item: BareItem }) {
  return (
    <div data-slot="ask-user-summary" data-prompt-id={item.id}>
      <span>{notify.header}</span>: <span>{item.answer}</span>
    </div>
  );
});

let setBareItems: (update: (items: readonly BareItem[]) => readonly BareItem[]) => void = () => {};

function BareList({ initial }: { initial: readonly BareItem[] }): ReactNode {
  const [items, setItems] = useState(initial);
  setBareItems = setItems;
  return (
    <div role="log">
      {items.map((item) => (
        <BareChip key={item.id} item={item} />
      ))}
    </div>
  );
}

interface Side {
  element: HTMLElement;
  /** Settles the open prompt `id`, flushed; returns the time from the action to React's commit. */
  settle(id: string): number;
  /** Untimed: what must happen before `settle` (the kit opens the prompt). */
  prepare(id: string): void;
}

const sides: Partial<Record<ChipSide, Side>> = {};
let opened = 0;

const chipCount = (element: HTMLElement) => element.querySelectorAll('[data-slot="ask-user-summary"]').length;

function kitStore(count: number): AskUserStore {
  const store = createAskUserStore({ storage: null, autoExpire: false });
  store.getState().setConnection("connected");
  store
    .getState()
    .upsertRecords(
      Array.from({ length: count }, (_, index) => record(`ask_${index}`, { status: "answered", answers: { answers: { notify: ["Team"] } } })),
    );
  return store;
}

/**
 * The kit's transcript. With `fresh`, every round starts from a new store of `count` chips (the
 * "one" side stays at 1 chip; the store would otherwise keep every settle up to its cap).
 */
function kitSide(element: HTMLElement, count: number, fresh: boolean): Side {
  const root = createRoot(element);
  let store = kitStore(count);
  const show = () =>
    flushSync(() =>
      root.render(
        <AskUserProvider store={store}>
          <AskUserTranscript />
        </AskUserProvider>,
      ),
    );
  show();
  return {
    element,
    prepare(id) {
      if (fresh) {
        store.destroy();
        store = kitStore(count);
        show();
      }
      flushSync(() => store.getState().upsertRecord(record(id)));
    },
    settle(id) {
      const started = performance.now();
      flushSync(() => store.getState().resolveSucceeded(id, { status: "answered", answers: { notify: ["Nobody"] } }));
      return performance.now() - started;
    },
  };
}

function bareSide(element: HTMLElement, count: number): Side {
  const initial = Array.from({ length: count }, (_, index) => ({ id: `ask_${index}`, answer: "Team" }));
  flushSync(() => createRoot(element).render(<BareList initial={initial} />));
  return {
    element,
    prepare: () => {},
    settle(id) {
      const started = performance.now();
      flushSync(() => setBareItems((items) => [...items.slice(items.length >= count ? 1 : 0), { id, answer: "Nobody" }]));
      return performance.now() - started;
    },
  };
}

/** Mounts `side` with `count` settled chips; returns the chips on screen. */
export function setupChips(side: ChipSide, count: number): number {
  counter.enabled = false;
  const element = document.getElementById(`chips-${side}`)!;
  sides[side] = side === "bare" ? bareSide(element, count) : kitSide(element, count, side === "one");
  return chipCount(element);
}

/**
 * Opens a fresh prompt (untimed, a frame before), then times its settle. Each round adds one chip
 * and, once the side holds its cap, drops the oldest, as a real transcript does. No layout time:
 * the sides share the document, so a forced layout would lay out all of them either way.
 */
export async function resolveOnce(
  side: ChipSide,
  count: boolean,
): Promise<{ promptId: string; commit: number; chips: number; rendered: RenderedComponent[] }> {
  const target = sides[side];
  if (!target) throw new Error(`resolveOnce: setupChips("${side}") first`);
  counter.enabled = false;
  opened += 1;
  const promptId = `ask_open_${opened}`;
  target.prepare(promptId);
  await new Promise((resolve) => requestAnimationFrame(resolve));
  counter.enabled = count;
  counter.reset();
  const commit = target.settle(promptId);
  counter.enabled = false;
  return { promptId, commit, chips: chipCount(target.element), rendered: [...counter.rendered] };
}
