/**
 * The React callbacks (`AskUserProvider`'s `onSubmit` / `onSkip` / `onResolved` /
 * `onCollapsedChange`, and `useAskUserEvents`) and `<ask-user-panel>`'s DOM events come from one
 * source, the store's events: same moments, same details.
 */
import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ASK_USER_EVENTS, defineAskUserElements } from "../../src/element/index.js";
import { AskUserPanel, AskUserProvider, useAskUserEvents } from "../../src/index.js";
import { makeStore, record } from "./support.js";

defineAskUserElements();

afterEach(async () => {
  await act(async () => document.body.replaceChildren());
});

const option = (name: string) => screen.getByRole("radio", { name });
const button = (name: string) => screen.getByRole("button", { name });

function handlers() {
  return { onSubmit: vi.fn(), onSkip: vi.fn(), onResolved: vi.fn(), onCollapsedChange: vi.fn() };
}

describe("AskUserProvider's event callbacks", () => {
  it("onSubmit when the person submits, then onResolved once the gateway confirms", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.getState().upsertRecord(record());
    const on = handlers();
    render(
      <AskUserProvider store={store} {...on}>
        <AskUserPanel />
      </AskUserProvider>,
    );
    await user.click(option("Production"));
    await user.click(screen.getByRole("checkbox", { name: "Tests" }));
    await user.click(button("Next"));
    await user.click(option("Team"));
    await user.click(button("Submit"));
    const answers = { deploy_target: ["Production"], extras: ["Tests"], notify: ["Team"] };
    expect(on.onSubmit.mock.calls).toEqual([[{ promptId: "ask_1", answers, record: store.getState().prompts.ask_1!.record }]]);
    expect(on.onResolved).not.toHaveBeenCalled();
    await act(async () => store.getState().resolveSucceeded("ask_1", { status: "answered", answers }));
    expect(on.onResolved).toHaveBeenCalledTimes(1);
    expect(on.onResolved.mock.calls[0]![0]).toMatchObject({ promptId: "ask_1", status: "answered", outcomeSource: "local", answers });
    expect(on.onSkip).not.toHaveBeenCalled();
  });

  it("onSkip when the person skips, onResolved with the cancel", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.getState().upsertRecord(record());
    const on = handlers();
    render(
      <AskUserProvider store={store} {...on}>
        <AskUserPanel />
      </AskUserProvider>,
    );
    await user.click(button("Skip"));
    expect(on.onSkip.mock.calls.map(([detail]) => detail.promptId)).toEqual(["ask_1"]);
    await act(async () => store.getState().resolveSucceeded("ask_1", { status: "cancelled" }));
    expect(on.onResolved.mock.calls[0]![0]).toMatchObject({ promptId: "ask_1", status: "cancelled", outcomeSource: "local" });
    expect(on.onSubmit).not.toHaveBeenCalled();
  });

  it("onCollapsedChange on collapse (by the panel's button) and on expand (by host code)", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.getState().upsertRecord(record());
    const on = handlers();
    render(
      <AskUserProvider store={store} {...on}>
        <AskUserPanel />
      </AskUserProvider>,
    );
    await user.click(button("Collapse question"));
    await act(async () => store.getState().setCollapsed(false));
    expect(on.onCollapsedChange.mock.calls).toEqual([
      [true, { collapsed: true, promptId: "ask_1" }],
      [false, { collapsed: false, promptId: "ask_1" }],
    ]);
  });

  it("calls the latest handler after a re-render, once, without a stale one", async () => {
    const store = makeStore();
    store.getState().upsertRecord(record());
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<AskUserProvider store={store} onSkip={first} />);
    rerender(<AskUserProvider store={store} onSkip={second} />);
    await act(async () => store.getState().skip("ask_1"));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("stops calling after unmount", async () => {
    const store = makeStore();
    store.getState().upsertRecord(record());
    const onSkip = vi.fn();
    const { unmount } = render(<AskUserProvider store={store} onSkip={onSkip} />);
    unmount();
    await act(async () => store.getState().skip("ask_1"));
    expect(onSkip).not.toHaveBeenCalled();
  });
});

describe("one source, two shapes", () => {
  it("the React callbacks get exactly the details <ask-user-panel> dispatches, in the same order", async () => {
    const store = makeStore();
    store.getState().upsertRecord(record());
    store.getState().upsertRecord(record({ id: "ask_2" }));
    const fromElement: [string, unknown][] = [];
    const panel = document.createElement("ask-user-panel");
    panel.store = store;
    for (const [kind, type] of Object.entries(ASK_USER_EVENTS))
      panel.addEventListener(type, (event) => fromElement.push([kind, (event as CustomEvent).detail]));
    await act(async () => document.body.append(panel));
    const fromReact: [string, unknown][] = [];
    renderHook(() =>
      useAskUserEvents(
        {
          onSubmit: (detail) => fromReact.push(["submit", detail]),
          onSkip: (detail) => fromReact.push(["skip", detail]),
          onResolved: (detail) => fromReact.push(["resolved", detail]),
          onCollapsedChange: (_collapsed, detail) => fromReact.push(["collapse", detail]),
        },
        store,
      ),
    );
    await act(async () => {
      const state = store.getState();
      state.pickOption("ask_1", "deploy_target", "Preview");
      state.toggleOption("ask_1", "extras", "Docs");
      state.pickOption("ask_1", "notify", "Nobody");
      expect(state.submit("ask_1")).toMatchObject({ ok: true });
      state.resolveSucceeded("ask_1", {
        status: "answered",
        answers: { deploy_target: ["Preview"], extras: ["Docs"], notify: ["Nobody"] },
      });
      state.setCollapsed(true);
      state.skip("ask_2");
      state.markUnavailable("ask_2");
    });
    // The last prompt ending unfolds the dock again: a second collapse event.
    expect(fromReact.map(([kind]) => kind)).toEqual(["submit", "resolved", "collapse", "skip", "resolved", "collapse"]);
    expect(fromReact).toEqual(fromElement);
  });
});

describe("useAskUserEvents", () => {
  it("outside a provider and without a store, throws an error naming itself", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useAskUserEvents({}))).toThrow("`useAskUserEvents` must be used within `AskUserProvider` or be given a store.");
  });
});
