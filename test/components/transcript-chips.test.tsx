/**
 * AskUserTranscript with a full session's chips: arrival order, and chips keeping their mount
 * through out-of-order settles. (What a settle renders is counted in render-budget.test.tsx.)
 */
import { act, fireEvent, render } from "@testing-library/react";
import { AskUserProvider, AskUserTranscript } from "../../src/index.js";
import { MAX_SUMMARIES_PER_SESSION } from "../../src/store/transcript-bound.js";
import type { AskUserStore } from "../../src/store/types.js";
import { makeStore, notify, record } from "./support.js";

/** As many prompts as a session keeps settled. */
const ids = Array.from({ length: MAX_SUMMARIES_PER_SESSION }, (_, i) => `ask_${String(i).padStart(3, "0")}`);

function transcriptOfOpenPrompts(): { store: AskUserStore; container: HTMLElement } {
  const store = makeStore();
  act(() => store.getState().upsertRecords(ids.map((id) => record({ id, questions: [notify] }))));
  const { container } = render(
    <AskUserProvider store={store}>
      <AskUserTranscript />
    </AskUserProvider>,
  );
  return { store, container };
}

const settle = (store: AskUserStore, settled: readonly string[]) =>
  act(() => {
    for (const id of settled) store.getState().resolveSucceeded(id, { status: "answered", answers: { notify: ["Team"] } });
  });

const chips = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-slot="ask-user-summary"]')];
const chipIds = (container: HTMLElement) => chips(container).map((chip) => chip.getAttribute("data-prompt-id"));
const chipOf = (container: HTMLElement, id: string) => container.querySelector<HTMLElement>(`[data-prompt-id="${id}"]`)!;

describe("AskUserTranscript of a full session", () => {
  it("lists every chip in arrival order, through appends and out-of-order settles", () => {
    const { store, container } = transcriptOfOpenPrompts();
    const settled = new Set<string>();
    // Every third prompt first, newest first; then the rest, oldest first, in three steps.
    const waves = [ids.filter((_, i) => i % 3 === 0).reverse(), ids.filter((_, i) => i % 3 === 1), ids.filter((_, i) => i % 3 === 2)];
    for (const wave of waves) {
      for (let at = 0; at < wave.length; at += 37) {
        const step = wave.slice(at, at + 37);
        settle(store, step);
        for (const id of step) settled.add(id);
        expect(chipIds(container)).toEqual(ids.filter((id) => settled.has(id)));
      }
    }
    expect(chipIds(container)).toEqual(ids);
  });

  it("keeps every chip mounted, open details and all, when older prompts settle before them", () => {
    const { store, container } = transcriptOfOpenPrompts();
    const late = ["ask_040", "ask_047", "ask_048", "ask_155", "ask_156", "ask_000"];
    settle(
      store,
      ids.filter((id) => !late.includes(id)),
    );
    const before = chips(container);
    const opened = ["ask_041", "ask_049", "ask_065", "ask_157", "ask_199"];
    for (const id of opened) fireEvent.click(chipOf(container, id).querySelector('[data-slot="ask-user-summary-toggle"]')!);

    for (const id of late) settle(store, [id]);

    expect(chipIds(container)).toEqual(ids);
    // Same DOM nodes: no chip was mounted anew, so none lost its state.
    expect(chips(container).filter((chip) => !late.includes(chip.getAttribute("data-prompt-id")!))).toEqual(before);
    for (const id of opened) expect([id, chipOf(container, id).getAttribute("data-state")]).toEqual([id, "open"]);
  });

  it("with records a host set out of arrival order, lists them as given", () => {
    const { store, container } = transcriptOfOpenPrompts();
    settle(store, ids);
    // A host's own settled record: entries whose arrival numbers go down along the transcript.
    act(() => {
      const settled = store.getState().settled;
      const reversed = Object.fromEntries(ids.map((id, i) => [id, { ...settled[id]!, seq: ids.length - i }]));
      store.setState({ settled: reversed });
    });
    expect(chipIds(container)).toEqual(ids);
  });
});
