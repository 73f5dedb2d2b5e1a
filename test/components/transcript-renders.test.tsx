/**
 * What one settle renders in a transcript of a full session's chips, counted (never timed) by name
 * through React's DevTools hook, as in render-budget.test.tsx: the settled prompt's chip mounts,
 * and no other chip renders, whether it settles last or after newer ones.
 */
import { act, render } from "@testing-library/react";
import { AskUserProvider, AskUserTranscript } from "../../src/index.js";
import { MAX_SUMMARIES_PER_SESSION } from "../../src/store/transcript-bound.js";
import { makeStore, notify, record } from "./support.js";

// React reads the DevTools hook once, when react-dom loads: install the counter before any import.
const counter = await vi.hoisted(async () => {
  const { installRenderCounter } = await import("../../bench/panel-renders/render-counter.js");
  return installRenderCounter();
});

const ids = Array.from({ length: MAX_SUMMARIES_PER_SESSION }, (_, index) => `ask_${index}`);

// The React 18 leg loads react-dom before any test file, so the counter cannot attach there: that
// leg leaves this file out (as render-budget.test.tsx). Anywhere else a counter that did not
// attach would count nothing, so it fails here instead.
it("the counter is attached to React (installed before react-dom loaded)", () => {
  expect(counter.attached).toBe(true);
});

describe(`one settle in a transcript of ${MAX_SUMMARIES_PER_SESSION} chips`, () => {
  it.each([`ask_${MAX_SUMMARIES_PER_SESSION - 1}`, "ask_100", "ask_0"])("%s settling last mounts its own chip and renders no other", (late) => {
    const store = makeStore();
    const answer = (id: string) => store.getState().resolveSucceeded(id, { status: "answered", answers: { notify: ["Team"] } });
    act(() => {
      store.getState().upsertRecords(ids.map((id) => record({ id, questions: [notify] })));
      for (const id of ids) if (id !== late) answer(id);
    });
    render(
      <AskUserProvider store={store}>
        <AskUserTranscript />
      </AskUserProvider>,
    );
    counter.reset();
    counter.enabled = true;

    act(() => answer(late));

    counter.enabled = false;
    expect(counter.rendered.filter((component) => component.name === "AskUserSummary")).toEqual([
      { name: "AskUserSummary", mounted: true, promptId: late },
    ]);
  });
});
