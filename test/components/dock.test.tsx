import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef } from "react";
import { AskUserDock, AskUserProvider, AskUserTranscript } from "../../src/index.js";
import { selectPrompt } from "../../src/store/selectors.js";
import type { AskUserStore } from "../../src/store/types.js";
import { deployTarget, expectNoAxeViolations, makeStore, notify, record, renderWith } from "./support.js";

function Composer() {
  return (
    <form aria-label="Chat">
      <textarea aria-label="Message" />
      <button type="submit">Send</button>
    </form>
  );
}

function setup(
  ui = (
    <AskUserDock>
      <Composer />
    </AskUserDock>
  ),
) {
  const user = userEvent.setup();
  const view = renderWith(ui);
  const composer = () => screen.getByRole("textbox", { name: "Message", hidden: true });
  const panel = () => screen.queryByRole("group", { name: "Question" });
  const bar = () => screen.queryByRole("button", { name: /^Question · / });
  const liveRegion = () => view.container.querySelector('[data-slot="ask-user-live-region"]')!;
  return { ...view, user, composer, panel, bar, liveRegion };
}

describe("docking above the composer", () => {
  it("takes the composer's place while open, keeping the composer mounted with its draft", async () => {
    const { container, user, store, composer, panel } = setup();
    await user.type(composer(), "my half-written message");
    composer().blur();
    const composerElement = composer();
    act(() => store.getState().upsertRecord(record()));
    expect(panel()).toBeVisible();
    expect(composer()).toBe(composerElement);
    expect(composer()).not.toBeVisible();
    expect(container.querySelector('[data-slot="ask-user-composer"]')).toHaveAttribute("hidden");
    expect(composer()).toHaveValue("my half-written message");
    expect(container.querySelector('[data-slot="ask-user-dock"]')).toHaveAttribute("data-state", "open");
    await expectNoAxeViolations(container);
  });

  it("collapses to a slim bar on top of the visible composer, focusing the composer; re-expanding focuses the panel", async () => {
    const { container, user, store, composer, panel, bar } = setup();
    act(() => store.getState().upsertRecord(record()));
    // Focus comes once the panel's first frame is out (focused in the commit it delayed that frame).
    await waitFor(() => expect(panel()).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Collapse question" }));
    expect(bar()).toHaveAttribute("aria-expanded", "false");
    expect(bar()).toHaveTextContent("Question · Target");
    expect(bar()).toHaveTextContent("1/3");
    const panelElement = container.querySelector('[data-slot="ask-user-root"]')!;
    expect(bar()).toHaveAttribute("aria-controls", panelElement.id);
    expect(panelElement).not.toBeVisible();
    expect(composer()).toBeVisible();
    expect(composer()).toHaveFocus();
    expect(container.querySelector('[data-slot="ask-user-dock"]')).toHaveAttribute("data-state", "collapsed");
    expect(selectPrompt(store.getState(), "ask_1")!.status).toBe("pending");
    await expectNoAxeViolations(container);

    await user.click(bar()!);
    expect(panel()).toBeVisible();
    await waitFor(() => expect(panel()).toHaveFocus());
    expect(screen.getByRole("button", { name: "Collapse question" })).toHaveAttribute("aria-expanded", "true");
    expect(composer()).not.toBeVisible();
  });

  it("closes after this client's answer is confirmed and gives focus back to the composer", async () => {
    const { container, user, store, composer, panel } = setup();
    act(() => store.getState().upsertRecord(record({ questions: [notify] })));
    await user.click(screen.getByRole("radio", { name: "Team" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    act(() => store.getState().resolveSucceeded("ask_1", { status: "answered", answers: { notify: ["Team"] } }));
    expect(panel()).toBeNull();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    expect(composer()).toBeVisible();
    expect(composer()).toHaveFocus();
    await expectNoAxeViolations(container);
  });

  it("Esc from inside the panel collapses to the composer and keeps the answer typed so far", async () => {
    const { user, store, composer, bar } = setup();
    act(() => store.getState().upsertRecord(record()));
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "Canary");
    await user.keyboard("{Escape}");
    expect(bar()).toBeVisible();
    expect(composer()).toHaveFocus();
    await user.click(bar()!);
    expect(screen.getByRole("textbox", { name: "Your own answer for Target" })).toHaveValue("Canary");
  });

  it("focuses a composerRef target on collapse when given", async () => {
    function Host() {
      const ref = useRef<HTMLInputElement>(null);
      return (
        <AskUserDock composerRef={ref}>
          <textarea aria-label="Message" />
          <input aria-label="Title" ref={ref} />
        </AskUserDock>
      );
    }
    const { user, store } = setup(<Host />);
    act(() => store.getState().upsertRecord(record()));
    await user.click(screen.getByRole("button", { name: "Collapse question" }));
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveFocus();
  });

  it("does not steal focus from someone typing in the composer: the question docks collapsed and is announced", async () => {
    const { container, user, store, composer, panel, bar, liveRegion } = setup();
    await user.click(composer());
    await user.keyboard("typing");
    act(() => store.getState().upsertRecord(record()));
    expect(composer()).toHaveFocus();
    expect(composer()).toBeVisible();
    expect(bar()).toBeVisible();
    expect(panel()).toBeNull();
    expect(liveRegion()).toHaveTextContent("New question: Target");
    await user.keyboard(" on");
    expect(composer()).toHaveValue("typing on");
    await expectNoAxeViolations(container);
  });

  it("docks expanded when the composer is focused but empty: nobody is typing there", async () => {
    const { user, store, panel, bar, composer } = setup();
    await user.click(composer());
    act(() => store.getState().upsertRecord(record()));
    expect(bar()).toBeNull();
    expect(panel()).toBeVisible();
    await waitFor(() => expect(panel()).toHaveFocus());
  });

  it("announces each step and the outcome in a polite live region", async () => {
    const { user, store, liveRegion } = setup();
    act(() => store.getState().upsertRecord(record({ questions: [deployTarget, notify] })));
    expect(liveRegion()).toHaveAttribute("aria-live", "polite");
    expect(liveRegion()).toHaveTextContent("New question: Target");
    await user.click(screen.getByRole("radio", { name: "Production" }));
    expect(liveRegion()).toHaveTextContent("Step 2 of 2");
    act(() => store.getState().applyResolved({ id: "ask_1", status: "expired" }));
    expect(liveRegion()).toHaveTextContent("Expired");
  });

  it("keeps drafts and the step across unmount and remount (they live in the store)", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    const first = render(
      <AskUserProvider store={store}>
        <AskUserDock>
          <Composer />
        </AskUserDock>
      </AskUserProvider>,
    );
    act(() => store.getState().upsertRecord(record()));
    await user.click(screen.getByRole("radio", { name: "Preview" }));
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Extras" }), "Lint");
    first.unmount();
    const second = render(
      <AskUserProvider store={store}>
        <AskUserDock>
          <Composer />
        </AskUserDock>
      </AskUserProvider>,
    );
    expect(screen.getByRole("textbox", { name: "Your own answer for Extras" })).toHaveValue("Lint");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("radio", { name: "Preview" })).toHaveAttribute("aria-checked", "true");
    await expectNoAxeViolations(second.container);
  });
});

describe("drafts", () => {
  it("survive a session switch and a reload (a new store over the same storage)", async () => {
    const user = userEvent.setup();
    const saved = new Map<string, string>();
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
      removeItem: (key: string) => void saved.delete(key),
    };
    const store = makeStore({ storage });
    const ui = (key: string, target = store) => (
      <AskUserProvider store={target} viewSessionKey={key}>
        <AskUserDock>
          <Composer />
        </AskUserDock>
      </AskUserProvider>
    );
    const { rerender, unmount } = render(ui("main"));
    act(() => store.getState().upsertRecord(record({ questions: [deployTarget] })));
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "Canary");
    rerender(ui("agent:ops:main"));
    expect(screen.queryByRole("group", { name: "Question" })).toBeNull();
    rerender(ui("main"));
    expect(screen.getByRole("textbox", { name: "Your own answer for Target" })).toHaveValue("Canary");
    unmount();

    const reloaded = makeStore({ storage });
    const view = render(ui("main", reloaded));
    act(() => reloaded.getState().upsertRecord(record({ questions: [deployTarget] })));
    expect(screen.getByRole("textbox", { name: "Your own answer for Target" })).toHaveValue("Canary");
    await expectNoAxeViolations(view.container);
  });
});

describe("right-to-left", () => {
  it("renders and stays accessible under dir=rtl", async () => {
    const user = userEvent.setup();
    const view = renderWith(
      <div dir="rtl">
        <AskUserDock>
          <Composer />
        </AskUserDock>
      </div>,
    );
    act(() => view.store.getState().upsertRecord(record()));
    // Radix would write dir="ltr" on the group; it takes the page's direction instead.
    expect(screen.getByRole("radiogroup")).toHaveAttribute("dir", "rtl");
    await waitFor(() => expect(screen.getByRole("group", { name: "Question" })).toHaveFocus());
    await user.keyboard("2");
    expect(screen.getByRole("group", { name: "Which checks should run?" })).toBeInTheDocument();
    await expectNoAxeViolations(view.container);
  });
});

describe("several prompts", () => {
  it("shows a wrapping navigator with current/total; the newest prompt is active", async () => {
    const { container, user, store } = setup();
    act(() => {
      store.getState().upsertRecord(record({ id: "ask_1", questions: [deployTarget] }));
      store.getState().upsertRecord(record({ id: "ask_2", questions: [notify] }));
    });
    const navigator = screen.getByRole("group", { name: "Waiting requests" });
    expect(within(navigator).getByRole("img", { name: "Request 2 of 2" })).toHaveTextContent("2/2");
    expect(screen.getByText("Who should hear about it?")).toBeVisible();
    await user.click(within(navigator).getByRole("button", { name: "Next request" }));
    expect(screen.getByText("Where should this deploy?")).toBeVisible();
    expect(screen.getByRole("img", { name: "Request 1 of 2" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Previous request" }));
    expect(screen.getByText("Who should hear about it?")).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it("counts other sessions' pending prompts and reaches them", async () => {
    const onShow = vi.fn();
    const user = userEvent.setup();
    const view = renderWith(
      <AskUserDock onShowOtherSessions={onShow}>
        <Composer />
      </AskUserDock>,
      { viewSessionKey: "main" },
    );
    act(() => {
      view.store.getState().upsertRecord(record({ id: "ask_9", sessionKey: "agent:ops:main" }));
      view.store.getState().upsertRecord(record({ id: "ask_8", sessionKey: "agent:ops:main", questions: [notify] }));
    });
    expect(screen.queryByRole("group", { name: "Question" })).toBeNull();
    expect(screen.getByText("2 questions are waiting in session ops/main")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Go to ops/main" }));
    expect(onShow).toHaveBeenCalledWith(expect.objectContaining({ count: 2, sessionKeys: ["agent:ops:main"] }));
    await expectNoAxeViolations(view.container);
  });

  it("without a handler, Show docks every session's prompts here", async () => {
    const user = userEvent.setup();
    const view = renderWith(
      <AskUserDock>
        <Composer />
      </AskUserDock>,
      { viewSessionKey: "main" },
    );
    act(() => view.store.getState().upsertRecord(record({ id: "ask_9", sessionKey: "agent:ops:main" })));
    expect(screen.getByText("1 question is waiting in session ops/main")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Go to ops/main" }));
    expect(screen.getByRole("group", { name: "Question" })).toBeVisible();
    expect(screen.queryByText(/waiting in/)).toBeNull();
  });
});

describe("a prompt that ends while shown", () => {
  const chip = (container: HTMLElement) => container.querySelector('[data-slot="ask-user-live-region"]')!;

  it.each([
    [
      "answered in another tab",
      (store: AskUserStore) =>
        store.getState().applyResolved({ id: "ask_1", status: "answered", answers: { answers: { deploy_target: ["Preview"] } } }),
      "Answered elsewhere",
    ],
    ["expired", (store: AskUserStore) => store.getState().applyResolved({ id: "ask_1", status: "expired" }), "Expired"],
    ["skipped elsewhere", (store: AskUserStore) => store.getState().applyResolved({ id: "ask_1", status: "cancelled" }), "Skipped elsewhere"],
    [
      "ended with its run",
      (store: AskUserStore) => store.getState().upsertRecord(record({ questions: [deployTarget], status: "cancelled", resolvedBy: "run-abort" })),
      "Run ended",
    ],
    ["forgotten by the gateway", (store: AskUserStore) => store.getState().markUnavailable("ask_1"), "Unavailable"],
  ])("closes when %s: the composer comes back focused, the outcome is announced, the draft is kept", async (_case, end, outcome) => {
    const { container, user, store, composer, panel } = setup();
    act(() => store.getState().upsertRecord(record({ questions: [deployTarget] })));
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "Canary");
    act(() => end(store));
    expect(panel()).toBeNull();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    expect(composer()).toBeVisible();
    expect(composer()).toHaveFocus();
    expect(chip(container)).toHaveTextContent(`Target: ${outcome}`);
    expect(store.getState().settled.ask_1?.unsent).toEqual({ deploy_target: ["Canary"] });
    await expectNoAxeViolations(container);
  });

  it("leaves focus where it was when it was not in the panel", () => {
    const { store, composer, panel } = setup(
      <>
        <button type="button">Elsewhere</button>
        <AskUserDock autoFocus={false}>
          <Composer />
        </AskUserDock>
      </>,
    );
    act(() => store.getState().upsertRecord(record({ questions: [deployTarget] })));
    screen.getByRole("button", { name: "Elsewhere" }).focus();
    act(() => store.getState().applyResolved({ id: "ask_1", status: "expired" }));
    expect(panel()).toBeNull();
    expect(composer()).toBeVisible();
    expect(screen.getByRole("button", { name: "Elsewhere" })).toHaveFocus();
  });

  it("docks the next waiting prompt expanded (the composer focus it gave back is not typing)", async () => {
    const { store, panel } = setup();
    act(() => {
      store.getState().upsertRecord(record({ id: "ask_1", questions: [deployTarget] }));
      store.getState().upsertRecord(record({ id: "ask_2", questions: [notify] }));
    });
    act(() => store.getState().applyResolved({ id: "ask_2", status: "expired" }));
    expect(panel()).toBeVisible();
    expect(screen.getByText("Where should this deploy?")).toBeVisible();
    await waitFor(() => expect(panel()).toHaveFocus());
  });

  it("a question that arrives after one ended opens expanded", async () => {
    const { store, panel } = setup();
    act(() => store.getState().upsertRecord(record({ id: "ask_1", questions: [deployTarget] })));
    act(() => store.getState().applyResolved({ id: "ask_1", status: "expired" }));
    act(() => store.getState().upsertRecord(record({ id: "ask_2", questions: [notify] })));
    expect(panel()).toBeVisible();
    await waitFor(() => expect(panel()).toHaveFocus());
  });

  it("but docks collapsed once the person types in the composer", async () => {
    const { user, store, panel, bar, composer } = setup();
    act(() => store.getState().upsertRecord(record({ id: "ask_1", questions: [deployTarget] })));
    await waitFor(() => expect(panel()).toHaveFocus());
    act(() => store.getState().applyResolved({ id: "ask_1", status: "expired" }));
    expect(composer()).toHaveFocus();
    await user.keyboard("hello");
    act(() => store.getState().upsertRecord(record({ id: "ask_2", questions: [notify] })));
    expect(panel()).toBeNull();
    expect(bar()).toBeVisible();
    expect(composer()).toHaveValue("hello");
  });
});

describe("several pending, collapsed", () => {
  it("the bar says how many others wait, and the navigator's names differ from the step's Back/Next", async () => {
    const { user, store, bar } = setup();
    act(() => {
      for (const id of ["ask_1", "ask_2", "ask_3"]) store.getState().upsertRecord(record({ id, questions: [deployTarget, notify] }));
    });
    const navigator = screen.getByRole("group", { name: "Waiting requests" });
    const navigatorNames = within(navigator)
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label") ?? button.textContent);
    expect(navigatorNames).toEqual(["Previous request", "Next request"]);
    expect(screen.getByRole("button", { name: "Next" })).not.toBe(within(navigator).getByRole("button", { name: "Next request" }));
    await user.click(screen.getByRole("button", { name: "Collapse question" }));
    expect(bar()).toHaveAttribute("data-waiting", "2");
    expect(bar()).toHaveTextContent("+2 waiting");
  });
});

describe("a gateway restart that lost every prompt", () => {
  it("closes the panel once and leaves one chip per prompt, each keeping its draft", () => {
    const { container, store, panel } = setup(
      <>
        <AskUserTranscript />
        <AskUserDock>
          <Composer />
        </AskUserDock>
      </>,
    );
    act(() => {
      store.getState().upsertRecord(record({ id: "ask_1", questions: [deployTarget] }));
      store.getState().upsertRecord(record({ id: "ask_2", questions: [notify] }));
      store.getState().setOtherText("ask_1", "deploy_target", "Canary");
      store.getState().pickOption("ask_2", "notify", "Team");
    });
    act(() => {
      store.getState().markUnavailable("ask_2");
      store.getState().markUnavailable("ask_1");
    });
    expect(panel()).toBeNull();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    const chips = screen.getAllByRole("group", { name: "Question outcome" });
    expect(chips.map((chip) => chip.getAttribute("data-outcome"))).toEqual(["unavailable", "unavailable"]);
    expect(chips[0]).toHaveTextContent("Not sent: Target: Canary");
    expect(chips[1]).toHaveTextContent("Not sent: Notify: Team");
    expect(container.querySelectorAll('[data-slot="ask-user-summary-copy-unsent"]')).toHaveLength(2);
  });
});

describe("problems the gateway sent", () => {
  it("are shown with Dismiss, never dropped silently", async () => {
    const { container, user, store } = setup();
    act(() => store.getState().reportProblem({ kind: "record-unreadable", message: "questions[0].header is missing" }));
    expect(screen.getByRole("alert")).toHaveTextContent("A question could not be shown: questions[0].header is missing");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
    await expectNoAxeViolations(container);
  });
});
