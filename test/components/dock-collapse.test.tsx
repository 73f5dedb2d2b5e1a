import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { AskUserDock, AskUserProvider } from "../../src/index.js";
import { expectNoAxeViolations, makeStore, record, renderWith } from "./support.js";

/** AskUserDock's collapse as Radix's controllable state: default, uncontrolled, controlled. */

function Composer() {
  return <textarea aria-label="Message" />;
}

const composer = () => screen.getByRole("textbox", { name: "Message", hidden: true });
const panel = () => screen.queryByRole("group", { name: "Question" });
const bar = () => screen.queryByRole("button", { name: /^Question · / });
const collapseButton = () => screen.getByRole("button", { name: "Collapse question" });
const dockState = (container: HTMLElement) => container.querySelector('[data-slot="ask-user-dock"]')!.getAttribute("data-state");

describe("AskUserDock collapse, no props (the store decides)", () => {
  it("opens each question, folds on Collapse, and reports each change", async () => {
    const user = userEvent.setup();
    const changes: boolean[] = [];
    const { container, store } = renderWith(
      <AskUserDock onCollapsedChange={(collapsed) => changes.push(collapsed)}>
        <Composer />
      </AskUserDock>,
    );
    act(() => store.getState().upsertRecord(record()));
    expect(panel()).toBeVisible();
    await user.click(collapseButton());
    expect(dockState(container)).toBe("collapsed");
    expect(composer()).toHaveFocus();
    act(() => store.getState().upsertRecord(record({ id: "ask_2" })));
    expect(dockState(container)).toBe("open");
    expect(changes).toEqual([true, false]);
  });
});

describe("AskUserDock defaultCollapsed (uncontrolled)", () => {
  it("docks the question on screen at mount and every later one collapsed; the person still opens them", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.getState().upsertRecord(record());
    const changes: boolean[] = [];
    const { container, unmount } = renderWith(
      <AskUserDock defaultCollapsed onCollapsedChange={(collapsed) => changes.push(collapsed)}>
        <Composer />
      </AskUserDock>,
      { store },
    );
    expect(dockState(container)).toBe("collapsed");
    expect(panel()).toBeNull();
    expect(composer()).toBeVisible();
    // The mount's value is the default, not a change.
    expect(changes).toEqual([]);

    await user.click(bar()!);
    expect(panel()).toBeVisible();
    expect(panel()).toHaveFocus();
    act(() => store.getState().upsertRecord(record({ id: "ask_2" })));
    expect(dockState(container)).toBe("collapsed");
    expect(changes).toEqual([false, true]);
    await expectNoAxeViolations(container);

    unmount();
    expect(store.getState().collapseDefault).toBe(false);
  });
});

describe("AskUserDock collapsed (controlled)", () => {
  it("keeps the host's value: the rules and the person's presses only ask", async () => {
    const user = userEvent.setup();
    const asked: boolean[] = [];
    const { container, store } = renderWith(
      <AskUserDock collapsed onCollapsedChange={(collapsed) => asked.push(collapsed)}>
        <Composer />
      </AskUserDock>,
    );
    act(() => store.getState().upsertRecord(record()));
    expect(dockState(container)).toBe("collapsed");
    await user.click(bar()!);
    await user.click(bar()!);
    expect(dockState(container)).toBe("collapsed");
    expect(panel()).toBeNull();
    // The arrival asked to open, then each press did.
    expect(asked).toEqual([false, false, false]);
    await expectNoAxeViolations(container);
  });

  it("follows the host when it accepts, giving the composer focus on collapse, and opens when the host says so", async () => {
    const user = userEvent.setup();
    const asked: boolean[] = [];
    function Host() {
      const [collapsed, setCollapsed] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setCollapsed(false)}>
            Show the question
          </button>
          <AskUserDock
            collapsed={collapsed}
            onCollapsedChange={(next) => {
              asked.push(next);
              setCollapsed(next);
            }}
          >
            <Composer />
          </AskUserDock>
        </>
      );
    }
    const { container, store } = renderWith(<Host />);
    act(() => store.getState().upsertRecord(record()));
    await waitFor(() => expect(panel()).toHaveFocus());
    await user.click(collapseButton());
    expect(dockState(container)).toBe("collapsed");
    expect(composer()).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Show the question" }));
    expect(dockState(container)).toBe("open");
    await waitFor(() => expect(panel()).toHaveFocus());
    // The host's own change is not reported back to it.
    expect(asked).toEqual([true]);
    expect(store.getState().collapsePinned).toBe(true);
  });

  it("hands the value back to the store when it stops being controlled or unmounts", () => {
    const store = makeStore();
    store.getState().upsertRecord(record());
    const ui = (collapsed?: boolean) => (
      <AskUserProvider store={store}>
        <AskUserDock {...(collapsed === undefined ? {} : { collapsed })}>
          <Composer />
        </AskUserDock>
      </AskUserProvider>
    );
    const { rerender, unmount, container } = render(ui(true));
    expect(store.getState()).toMatchObject({ collapsePinned: true, collapsed: true });
    rerender(ui());
    expect(store.getState().collapsePinned).toBe(false);
    act(() => store.getState().upsertRecord(record({ id: "ask_2" })));
    expect(dockState(container)).toBe("open");
    rerender(ui(true));
    expect(store.getState().collapsePinned).toBe(true);
    unmount();
    expect(store.getState().collapsePinned).toBe(false);
  });
});
