/**
 * Render budgets of issue 4, counted (never timed): which components React renders for one
 * keystroke in Other, and for one prompt settling beside many summary chips. Components are
 * counted by name through React's DevTools hook (bench/panel-renders/render-counter.ts, the same
 * counter the Chromium bench uses); the chips are also wrapped one by one in `<Profiler>`.
 */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler } from "react";
import { AskUserDock, AskUserPanel, AskUserProvider, AskUserSummary, AskUserTranscript } from "../../src/index.js";
import { MAX_SUMMARIES_PER_SESSION } from "../../src/store/transcript-bound.js";
import type { AskUserStore } from "../../src/store/types.js";
import { extras, makeStore, notify, record } from "./support.js";

// React reads the DevTools hook once, when react-dom loads: install the counter before any import.
const counter = await vi.hoisted(async () => {
  const { installRenderCounter } = await import("../../bench/panel-renders/render-counter.js");
  return installRenderCounter();
});
const { tally } = await import("../../bench/panel-renders/render-counter.js");

/** The goal for one keystroke in Other. */
const KEYSTROKE_BUDGET = 3;
/** One settle short of a full session: the settle fills it. */
const SETTLED_CHIPS = MAX_SUMMARIES_PER_SESSION - 1;

beforeEach(() => {
  counter.enabled = true;
  counter.reset();
});

it("the counter is attached to React (installed before react-dom loaded)", () => {
  expect(counter.attached).toBe(true);
});

describe("one keystroke in Other of an open three-question panel", () => {
  it(`re-renders at most ${KEYSTROKE_BUDGET} components, and only the text area once the draft has text`, async () => {
    const user = userEvent.setup();
    const store = makeStore();
    act(() => store.getState().upsertRecord(record()));
    render(
      <AskUserProvider store={store}>
        <AskUserPanel />
      </AskUserProvider>,
    );
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    await user.click(other);
    // The first character answers the question (the step shows it answered, Next turns on);
    // later ones change only the text.
    const keystrokes = [
      { key: "C", expected: { "AskUser.OtherInput": 1, "AskUser.Question": 1, "AskUser.Next": 1 } },
      { key: "a", expected: { "AskUser.OtherInput": 1 } },
      { key: "n", expected: { "AskUser.OtherInput": 1 } },
    ];
    for (const { key, expected } of keystrokes) {
      counter.reset();
      await user.keyboard(key);
      expect([key, tally(counter.rendered)]).toEqual([key, expected]);
      expect(counter.rendered.length).toBeLessThanOrEqual(KEYSTROKE_BUDGET);
      expect(counter.rendered.some((component) => component.mounted)).toBe(false);
    }
    expect(other).toHaveValue("Can");
  });
});

describe("one click on an option that moves an open panel on to its next step", () => {
  it("renders the new step's parts and the progress, not the header's buttons, the messages or the other actions", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    act(() =>
      store.getState().upsertRecord(
        record({
          questions: [
            notify,
            { ...notify, questionId: "notify_also", header: "Also", options: [{ label: "Everyone" }, { label: "Just me" }] },
            extras,
          ],
        }),
      ),
    );
    render(
      <AskUserProvider store={store}>
        <AskUserPanel />
      </AskUserProvider>,
    );
    counter.reset();
    await user.click(screen.getByRole("radio", { name: "Nobody" }));
    expect(store.getState().prompts.ask_1?.step).toBe(1);
    // The kit's own components (Radix's inside the options are Radix's business, the same as a bare RadioGroup's).
    const kit = counter.rendered.filter((component) => /^(AskUser|Panel|Other)/.test(component.name));
    expect(tally(kit.filter((component) => !component.mounted))).toEqual({
      "AskUser.Root": 1,
      "AskUser.StepIndicator": 1,
      "AskUser.Question": 1,
      "AskUser.Title": 1,
      "AskUser.Description": 1,
      "AskUser.Options": 1,
      "AskUser.Option": 2,
      OtherRow: 1,
      "AskUser.OtherInput": 1,
      "AskUser.Back": 1,
      PanelFocus: 1,
    });
    // The new step's two options are the same items updated in place (keyed by position, their
    // default content elements, not sub-part components): nothing mounts, Radix's items included.
    expect(tally(kit.filter((component) => component.mounted))).toEqual({});
    expect(counter.rendered.filter((component) => component.mounted)).toEqual([]);
  });
});

describe("a question that arrives at an empty panel", () => {
  it("mounts each of the panel's parts that shows something once, renders nothing twice, and mounts no part with nothing to show; options without sub-part components", () => {
    const store = makeStore();
    render(
      <AskUserProvider store={store}>
        <AskUserPanel />
      </AskUserProvider>,
    );
    counter.reset();
    act(() => store.getState().upsertRecord(record()));
    expect(screen.getByRole("radio", { name: /^Staging/ })).toBeInTheDocument();
    const kit = counter.rendered.filter((component) => /^(AskUser|Panel|Other|Question)/.test(component.name));
    expect(kit.filter((component) => !component.mounted).map((component) => component.name)).toEqual(["AskUserPanel", "AskUserPanelView"]);
    expect(tally(kit.filter((component) => component.mounted))).toEqual({
      "AskUser.Root": 1,
      "AskUser.StepIndicator": 1,
      "AskUser.Countdown": 1,
      // The navigator and the messages: each place gated by one selection (panel-gates.tsx), the
      // parts themselves not mounted (the bar neither, while the panel is open).
      PanelNavigator: 1,
      "AskUser.Collapse": 1,
      "AskUser.Question": 1,
      QuestionBody: 1,
      "AskUser.Title": 1,
      "AskUser.Description": 1,
      "AskUser.Options": 1,
      "AskUser.Option": 3,
      OtherRow: 1,
      "AskUser.OtherInput": 1,
      // The card's end, shared with the inbox: the messages' gate and the four buttons.
      PanelEnd: 1,
      PanelNotices: 1,
      "AskUser.Back": 1,
      "AskUser.Skip": 1,
      "AskUser.Next": 1,
      "AskUser.Submit": 1,
      PanelFocus: 1,
    });
  });
});

describe("a question that arrives at an idle dock", () => {
  it("re-renders the dock, its panel and the announcement only, and mounts no part with nothing to show", () => {
    const store = makeStore();
    const { container } = render(
      <AskUserProvider store={store}>
        <AskUserDock>
          <textarea aria-label="Message" />
        </AskUserDock>
      </AskUserProvider>,
    );
    counter.reset();
    act(() => store.getState().upsertRecord(record()));
    expect(screen.getByRole("radio", { name: /^Staging/ })).toBeInTheDocument();
    expect(container.querySelector('[data-slot="ask-user-live-region"]')).toHaveTextContent("Target");
    const kit = counter.rendered.filter((component) => /^(AskUser|Panel|Dock|Other|Question)/.test(component.name));
    // The live region renders once, for its announcement; neither it nor the dock's notes (problems,
    // other sessions) re-render with the dock.
    expect(kit.filter((component) => !component.mounted).map((component) => component.name)).toEqual([
      "AskUserDock",
      "AskUserPanelView",
      "AskUser.LiveRegion",
    ]);
    const mounted = tally(kit.filter((component) => component.mounted));
    for (const empty of [
      "AskUser.CollapseBar",
      "AskUser.Navigator",
      "AskUser.Connection",
      "AskUser.Checking",
      "AskUser.Error",
      "AskUserCredentialWarning",
      "AskUser.SkipConfirm",
      "AskUser.Problems",
      "AskUser.OtherSessions",
    ]) {
      expect([empty, mounted[empty]]).toEqual([empty, undefined]);
    }
  });
});

/** `settled` answered prompts plus one still open, `ask_open`, in a store with no timers. */
function storeWithSettledPrompts(settled = SETTLED_CHIPS): AskUserStore {
  const store = makeStore();
  const ids = Array.from({ length: settled }, (_, index) => `ask_${index}`);
  act(() => {
    store.getState().upsertRecords(ids.map((id) => record({ id, questions: [notify] })));
    for (const id of ids) store.getState().resolveSucceeded(id, { status: "answered", answers: { notify: ["Team"] } });
    store.getState().upsertRecord(record({ id: "ask_open", questions: [notify] }));
  });
  return store;
}

const resolveOpenPrompt = (store: AskUserStore) =>
  act(() => store.getState().resolveSucceeded("ask_open", { status: "answered", answers: { notify: ["Nobody"] } }));

describe(`resolving one prompt beside ${SETTLED_CHIPS} summary chips`, () => {
  it("AskUserTranscript mounts the new chip and re-renders none of the existing ones", () => {
    const store = storeWithSettledPrompts();
    const { container } = render(
      <AskUserProvider store={store}>
        <AskUserTranscript />
      </AskUserProvider>,
    );
    expect(container.querySelectorAll('[data-slot="ask-user-summary"]')).toHaveLength(SETTLED_CHIPS);
    counter.reset();

    resolveOpenPrompt(store);

    const chips = counter.rendered.filter((component) => component.name === "AskUserSummary");
    expect(chips).toEqual([{ name: "AskUserSummary", mounted: true, promptId: "ask_open" }]);
    expect(container.querySelectorAll('[data-slot="ask-user-summary"]')).toHaveLength(SETTLED_CHIPS + 1);
  });

  it("with the session full, unmounts the least recently settled chip and re-renders no other", () => {
    const store = storeWithSettledPrompts(MAX_SUMMARIES_PER_SESSION);
    const { container } = render(
      <AskUserProvider store={store}>
        <AskUserTranscript />
      </AskUserProvider>,
    );
    const first = container.querySelector('[data-prompt-id="ask_0"]');
    const second = container.querySelector('[data-prompt-id="ask_1"]');
    counter.reset();

    resolveOpenPrompt(store);

    expect(counter.rendered.filter((component) => component.name === "AskUserSummary")).toEqual([
      { name: "AskUserSummary", mounted: true, promptId: "ask_open" },
    ]);
    const chips = [...container.querySelectorAll('[data-slot="ask-user-summary"]')];
    expect(chips).toHaveLength(MAX_SUMMARIES_PER_SESSION);
    expect(first?.isConnected).toBe(false);
    expect(chips[0]).toBe(second);
    expect(chips.at(-1)).toHaveAttribute("data-prompt-id", "ask_open");
  });

  it("chips each in a <Profiler>: only the resolved prompt's chip commits, once", () => {
    const store = storeWithSettledPrompts();
    const ids = [...store.getState().order];
    const commits = new Map<string, number>();
    const { container } = render(
      <AskUserProvider store={store}>
        {ids.map((id) => (
          <Profiler key={id} id={id} onRender={() => commits.set(id, (commits.get(id) ?? 0) + 1)}>
            <AskUserSummary promptId={id} />
          </Profiler>
        ))}
      </AskUserProvider>,
    );
    // The open prompt's chip is there already, rendering nothing until it settles.
    expect(container.querySelectorAll('[data-slot="ask-user-summary"]')).toHaveLength(SETTLED_CHIPS);
    commits.clear();
    counter.reset();

    resolveOpenPrompt(store);

    expect(Object.fromEntries(commits)).toEqual({ ask_open: 1 });
    expect(counter.rendered.filter((component) => component.name === "AskUserSummary")).toEqual([
      { name: "AskUserSummary", mounted: false, promptId: "ask_open" },
    ]);
    expect(container.querySelector('[data-prompt-id="ask_open"]')).toHaveTextContent("Notify: Nobody");
  });
});
