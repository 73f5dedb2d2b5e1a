import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler, type ReactNode } from "react";
import { AskUserPanel } from "../../src/index.js";
import { vi as vietnamese } from "../../src/messages/vi.js";
import { AskUserSummary } from "../../src/components/summary/ask-user-summary.js";
import { AskUserTranscript, useAskUserTranscript } from "../../src/components/summary/ask-user-transcript.js";
import type { AnswerMap } from "../../src/contract/types.js";
import type { AskUserStore } from "../../src/store/types.js";
import { deployTarget, expectNoAxeViolations, extras, makeStore, notify, record, renderWith } from "./support.js";

const T0 = Date.UTC(2026, 8, 6, 10, 0, 0);
const FIVE_MINUTES_LATER = () => T0 + 5 * 60_000;

const answers: AnswerMap = { deploy_target: ["Production"], extras: ["Tests", "Metrics", "Lint"], notify: ["Team"] };

/** Answers `ask_1` through this client: drafts, submit, then the gateway's confirmation. */
function answerHere(store: AskUserStore, id = "ask_1") {
  const state = store.getState();
  state.pickOption(id, "deploy_target", "Production");
  state.toggleOption(id, "extras", "Tests");
  state.toggleOption(id, "extras", "Metrics");
  state.setOtherText(id, "extras", "Lint");
  state.pickOption(id, "notify", "Team");
  expect(state.submit(id).ok).toBe(true);
  store.getState().resolveSucceeded(id, { status: "answered", answers });
}

type Ending = (store: AskUserStore) => void;

const outcomes: [string, Ending, string[], string][] = [
  ["answered here", (store) => answerHere(store), ["Target: Production", "Extras: Tests, Metrics, Lint", "Notify: Team"], "answered"],
  [
    "answered elsewhere (canonical answers shown)",
    (store) => store.getState().applyResolved({ id: "ask_1", status: "answered", answers: { answers } }),
    ["Target: Production", "Extras: Tests, Metrics, Lint", "Notify: Team"],
    "answered-elsewhere",
  ],
  [
    "answered elsewhere with answers unknown",
    (store) => store.getState().applyResolved({ id: "ask_1", status: "answered" }),
    ["Target: Answered elsewhere", "Extras: Answered elsewhere", "Notify: Answered elsewhere"],
    "answered-elsewhere",
  ],
  [
    "skipped here",
    (store) => {
      store.getState().skip("ask_1");
      store.getState().resolveSucceeded("ask_1", { status: "cancelled" });
    },
    ["Target: Skipped", "Extras: Skipped", "Notify: Skipped"],
    "skipped",
  ],
  [
    "cancelled elsewhere by a person",
    (store) => store.getState().applyResolved({ id: "ask_1", status: "cancelled" }),
    ["Target: Skipped elsewhere", "Extras: Skipped elsewhere", "Notify: Skipped elsewhere"],
    "skipped-elsewhere",
  ],
  [
    "cancelled because the run ended",
    (store) => store.getState().upsertRecord(record({ status: "cancelled", resolvedBy: "run-abort" })),
    ["Target: Run ended", "Extras: Run ended", "Notify: Run ended"],
    "run-ended",
  ],
  [
    "expired",
    (store) => store.getState().applyResolved({ id: "ask_1", status: "expired" }),
    ["Target: Expired", "Extras: Expired", "Notify: Expired"],
    "expired",
  ],
  [
    "unavailable",
    (store) => store.getState().markUnavailable("ask_1"),
    ["Target: Unavailable", "Extras: Unavailable", "Notify: Unavailable"],
    "unavailable",
  ],
];

function setup(end: Ending, ui = <AskUserSummary promptId="ask_1" now={FIVE_MINUTES_LATER} />) {
  const user = userEvent.setup();
  const store = makeStore({ now: () => T0 });
  const view = renderWith(ui, { store });
  act(() => {
    store.getState().upsertRecord(record({ createdAtMs: T0, expiresAtMs: T0 + 900_000 }));
    end(store);
  });
  return { ...view, user };
}

const chip = () => screen.getByRole("group", { name: "Question outcome" });
const lineTexts = () =>
  within(chip())
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("AskUserSummary outcomes", () => {
  it.each(outcomes)("%s: one line per question and data-outcome", async (_name, end, lines, outcome) => {
    const { container } = setup(end);
    expect(lineTexts()).toEqual(lines);
    expect(chip()).toHaveAttribute("data-slot", "ask-user-summary");
    expect(chip()).toHaveAttribute("data-outcome", outcome);
    expect(chip()).toHaveAttribute("data-state", "closed");
    await expectNoAxeViolations(container);
  });

  it("tells who ended it apart: no two outcomes share a chip text", () => {
    const texts = outcomes.map(([, end]) => {
      const { unmount } = setup(end);
      const text = chip().textContent;
      unmount();
      return text;
    });
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("marks answers that came from elsewhere with a badge while showing them", () => {
    setup(outcomes[1]![1]);
    expect(within(chip()).getByText("Answered elsewhere")).toHaveAttribute("data-slot", "ask-user-summary-badge");
  });

  it("renders nothing while the prompt is open, and for an unknown id", () => {
    const store = makeStore();
    const { container } = renderWith(
      <>
        <AskUserSummary promptId="ask_1" />
        <AskUserSummary promptId="nope" />
      </>,
      { store },
    );
    act(() => store.getState().upsertRecord(record()));
    expect(container).toBeEmptyDOMElement();
  });

  it("is never removed: it stays after later prompts settle", () => {
    const store = makeStore();
    renderWith(<AskUserSummary promptId="ask_1" />, { store });
    act(() => {
      store.getState().upsertRecord(record());
      store.getState().applyResolved({ id: "ask_1", status: "expired" });
      store.getState().upsertRecord(record({ id: "ask_2", runId: "run_2" }));
      store.getState().applyResolved({ id: "ask_2", status: "cancelled" });
    });
    expect(chip()).toHaveAttribute("data-outcome", "expired");
  });
});

describe("AskUserSummary details", () => {
  it("expands to every question with all options, the chosen ones marked in words, the Other text, the outcome and when", async () => {
    const { user, container } = setup((store) => answerHere(store));
    const toggle = screen.getByRole("button", { name: "Show details" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const details = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(details).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName("Hide details");
    expect(chip()).toHaveAttribute("data-state", "open");
    expect(details).toBeVisible();

    const target = within(details).getByRole("list", { name: deployTarget.question });
    const targetItems = within(target).getAllByRole("listitem");
    expect(targetItems.map((item) => item.textContent)).toEqual(["StagingRecommendedSafe first stop", "✓ProductionChosen", "Preview"]);
    expect(targetItems[1]).toHaveAttribute("data-chosen", "");
    expect(targetItems[0]).not.toHaveAttribute("data-chosen");
    expect(within(targetItems[1]!).getByText("Chosen")).toBeVisible();

    const checks = within(details).getByRole("list", { name: extras.question });
    const chosen = within(checks)
      .getAllByRole("listitem")
      .filter((item) => item.hasAttribute("data-chosen"))
      .map((item) => within(item).getByText(/Tests|Docs|Metrics/).textContent);
    expect(chosen).toEqual(["Tests", "Metrics"]);
    expect(within(details).getByText(deployTarget.question)).toBeVisible();
    expect(within(details).getByText(notify.question)).toBeVisible();
    expect(within(details).getByText("Lint").closest("[data-slot]")).toHaveAttribute("data-slot", "ask-user-summary-other");
    expect(within(details).getByText("Your own answer:")).toBeVisible();

    const outcome = details.querySelector('[data-slot="ask-user-summary-outcome"]')!;
    expect(outcome).toHaveTextContent("Answered · 5 minutes ago");
    const time = within(details).getByText("5 minutes ago");
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("datetime", new Date(T0).toISOString());
    expect(time).toHaveAttribute("title", new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(T0));
    await expectNoAxeViolations(container);

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(details).not.toBeVisible();
    await expectNoAxeViolations(container);
  });

  it("lists all options unmarked for a prompt that ended without answers", async () => {
    const { user } = setup(outcomes[6]![1]);
    await user.click(screen.getByRole("button", { name: "Show details" }));
    expect(document.querySelectorAll('[data-slot="ask-user-summary-option"]')).toHaveLength(8);
    expect(document.querySelectorAll("[data-chosen]")).toHaveLength(0);
    expect(screen.queryByText("Chosen")).toBeNull();
    expect(document.querySelector('[data-slot="ask-user-summary-outcome"]')).toHaveTextContent("Expired · 5 minutes ago");
  });

  it("can be controlled (open / onOpenChange)", async () => {
    const onOpenChange = vi.fn();
    const { user } = setup((store) => answerHere(store), <AskUserSummary promptId="ask_1" open={false} onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole("button", { name: "Show details" }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(chip()).toHaveAttribute("data-state", "closed");
  });

  it("speaks the provider's locale (Vietnamese words and relative time)", async () => {
    const user = userEvent.setup();
    const store = makeStore({ now: () => T0 });
    renderWith(<AskUserSummary promptId="ask_1" now={() => T0 + 2 * 3_600_000} />, { store, locale: vietnamese });
    act(() => {
      store.getState().upsertRecord(record());
      store.getState().applyResolved({ id: "ask_1", status: "expired" });
    });
    const group = screen.getByRole("group", { name: vietnamese.summaryLabel });
    expect(within(group).getAllByRole("listitem")[0]).toHaveTextContent(`Target: ${vietnamese.expired}`);
    await user.click(screen.getByRole("button", { name: vietnamese.showDetails }));
    const relative = new Intl.RelativeTimeFormat("vi", { numeric: "auto" }).format(-2, "hour");
    expect(group.querySelector("time")).toHaveTextContent(relative);
  });
});

describe("AskUserSummary Copy as text", () => {
  let original: PropertyDescriptor | undefined;
  beforeEach(() => {
    original = Object.getOwnPropertyDescriptor(globalThis.navigator, "clipboard");
  });
  afterEach(() => {
    if (original) Object.defineProperty(globalThis.navigator, "clipboard", original);
    else Reflect.deleteProperty(globalThis.navigator, "clipboard");
  });
  const stubClipboard = (value: unknown) => Object.defineProperty(globalThis.navigator, "clipboard", { value, configurable: true });

  it("copies the answers in the contract's plain-text form and announces Copied", async () => {
    const { user, container } = setup((store) => answerHere(store));
    const writeText = vi.fn(async () => {});
    stubClipboard({ writeText });
    await user.click(screen.getByRole("button", { name: "Copy as text" }));
    expect(writeText).toHaveBeenCalledWith("Target: Production\nExtras: Tests, Metrics, Lint\nNotify: Team");
    expect(await within(chip()).findByRole("status")).toHaveTextContent("Copied");
    await expectNoAxeViolations(container);
  });

  it("copies an outcome without answers as one line per question", async () => {
    const { user } = setup(outcomes[5]![1]);
    const writeText = vi.fn(async () => {});
    stubClipboard({ writeText });
    await user.click(screen.getByRole("button", { name: "Copy as text" }));
    expect(writeText).toHaveBeenCalledWith("Target: Run ended\nExtras: Run ended\nNotify: Run ended");
  });

  it("without a clipboard, says so and shows the text selected to copy by hand", async () => {
    const { user, container } = setup((store) => answerHere(store));
    stubClipboard(undefined);
    await user.click(screen.getByRole("button", { name: "Copy as text" }));
    expect(within(chip()).getByRole("status")).toHaveTextContent("Copying is not available here. Select the text below and copy it.");
    const fallback = within(chip()).getByRole("textbox", { name: "Copy as text" });
    expect(fallback).toHaveValue("Target: Production\nExtras: Tests, Metrics, Lint\nNotify: Team");
    expect(fallback).toHaveAttribute("readonly");
    expect(fallback).toHaveFocus();
    const field = fallback as HTMLTextAreaElement;
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe(field.value);
    await expectNoAxeViolations(container);
  });

  it("turns a refused write into the same fallback, never an unhandled rejection", async () => {
    const { user } = setup((store) => answerHere(store));
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    stubClipboard({ writeText: vi.fn(() => Promise.reject(new DOMException("denied", "NotAllowedError"))) });
    await user.click(screen.getByRole("button", { name: "Copy as text" }));
    expect(await within(chip()).findByRole("textbox", { name: "Copy as text" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe("placement by agent turn", () => {
  function settleTwoRuns(store: AskUserStore) {
    act(() => {
      store.getState().upsertRecord(record({ id: "ask_1", runId: "run_1" }));
      store.getState().upsertRecord(record({ id: "ask_2", runId: "run_2", questions: [notify] }));
      store.getState().upsertRecord(record({ id: "ask_3", runId: "run_1", questions: [extras] }));
      store.getState().applyResolved({ id: "ask_1", status: "expired" });
      store.getState().applyResolved({ id: "ask_2", status: "answered", answers: { answers: { notify: ["Nobody"] } } });
    });
  }

  it("AskUserTranscript shows each turn's chips inside that turn only", async () => {
    const store = makeStore();
    const { container } = renderWith(
      <>
        <article aria-label="Turn 1">
          <AskUserTranscript runId="run_1" />
        </article>
        <article aria-label="Turn 2">
          <AskUserTranscript runId="run_2" />
        </article>
      </>,
      { store },
    );
    settleTwoRuns(store);
    const turn1 = screen.getByRole("article", { name: "Turn 1" });
    const turn2 = screen.getByRole("article", { name: "Turn 2" });
    expect(
      within(turn1)
        .getAllByRole("group", { name: "Question outcome" })
        .map((group) => group.getAttribute("data-prompt-id")),
    ).toEqual(["ask_1"]);
    expect(within(turn2).getByRole("group", { name: "Question outcome" })).toHaveTextContent("Notify: Nobody");
    expect(turn1.querySelector('[data-slot="ask-user-transcript"]')).toHaveAttribute("data-run-id", "run_1");

    // The still-open prompt of run 1 joins its turn when it ends, after the earlier one.
    act(() => store.getState().applyResolved({ id: "ask_3", status: "cancelled" }));
    expect(
      within(turn1)
        .getAllByRole("group", { name: "Question outcome" })
        .map((group) => group.getAttribute("data-prompt-id")),
    ).toEqual(["ask_1", "ask_3"]);
    await expectNoAxeViolations(container);
  });

  it("useAskUserTranscript hands a host the entries of a turn to place itself", () => {
    function Turn({ runId }: { runId: string }) {
      const entries = useAskUserTranscript({ runId });
      return (
        <ul aria-label={runId}>
          {entries.map((entry) => (
            <li key={entry.id}>
              {entry.id}:{entry.status}
            </li>
          ))}
        </ul>
      );
    }
    const store = makeStore();
    renderWith(
      <>
        <Turn runId="run_1" />
        <Turn runId="run_2" />
      </>,
      { store },
    );
    settleTwoRuns(store);
    expect(
      within(screen.getByRole("list", { name: "run_1" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["ask_1:expired"]);
    expect(
      within(screen.getByRole("list", { name: "run_2" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["ask_2:answered"]);
  });
});

describe("render cost", () => {
  it("chips do not re-render while another prompt's Other text changes", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    const chipRenders = vi.fn();
    const transcriptRenders = vi.fn();
    renderWith(
      <>
        <Profiler id="chip" onRender={chipRenders}>
          <AskUserSummary promptId="ask_1" />
        </Profiler>
        <Profiler id="transcript" onRender={transcriptRenders}>
          <AskUserTranscript />
        </Profiler>
        <AskUserPanel autoFocus={false} />
      </>,
      { store },
    );
    act(() => {
      store.getState().upsertRecord(record({ id: "ask_1", runId: "run_1" }));
      store.getState().applyResolved({ id: "ask_1", status: "expired" });
      store.getState().upsertRecord(record({ id: "ask_2", runId: "run_2" }));
    });
    const chipBefore = chipRenders.mock.calls.length;
    const transcriptBefore = transcriptRenders.mock.calls.length;
    expect(chipBefore).toBeGreaterThan(0);

    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "typing away");
    expect(store.getState().prompts.ask_2!.drafts.deploy_target!.otherText).toBe("typing away");
    expect(chipRenders.mock.calls.length).toBe(chipBefore);
    expect(transcriptRenders.mock.calls.length).toBe(transcriptBefore);

    // The counters are live: a prompt settling does reach the transcript.
    act(() => store.getState().applyResolved({ id: "ask_2", status: "expired" }));
    expect(transcriptRenders.mock.calls.length).toBeGreaterThan(transcriptBefore);
  });
});

describe("store subscriptions", () => {
  /** Live store listeners while `ui` shows `settled` expired prompts (`ask_0`, `ask_1`, …). */
  function liveListeners(ui: (ids: readonly string[]) => ReactNode, settled: number): number {
    const store = makeStore();
    const ids = Array.from({ length: settled }, (_, index) => `ask_${index}`);
    act(() => {
      store.getState().upsertRecords(ids.map((id) => record({ id, questions: [notify] })));
      for (const id of ids) store.getState().applyResolved({ id, status: "expired" });
    });
    let live = 0;
    const subscribe = store.subscribe;
    store.subscribe = (listener) => {
      live += 1;
      const unsubscribe = subscribe(listener);
      return () => {
        live -= 1;
        unsubscribe();
      };
    };
    const view = renderWith(ui(ids), { store });
    expect(view.container.querySelectorAll('[data-slot="ask-user-summary"]')).toHaveLength(settled);
    const result = live;
    view.unmount();
    return result;
  }

  const transcript = () => <AskUserTranscript />;
  const standalone = (ids: readonly string[]) => ids.map((id) => <AskUserSummary key={id} promptId={id} />);

  it("chips placed by AskUserTranscript hold no subscription of their own", () => {
    expect(liveListeners(transcript, 40)).toBe(liveListeners(transcript, 2));
  });

  it("a standalone AskUserSummary subscribes itself", () => {
    expect(liveListeners(standalone, 40) - liveListeners(standalone, 2)).toBe(38);
  });

  it("a transcript chip follows its entry when the outcome changes", () => {
    const { store, container } = renderWith(<AskUserTranscript />);
    act(() => {
      store.getState().upsertRecord(record({ id: "ask_1", questions: [notify] }));
      store.getState().markUnavailable("ask_1");
    });
    expect(container.querySelector('[data-prompt-id="ask_1"]')).toHaveTextContent("Notify: Unavailable");
    act(() => store.getState().resolveSucceeded("ask_1", { status: "answered", answers: { notify: ["Team"] } }));
    expect(container.querySelector('[data-prompt-id="ask_1"]')).toHaveTextContent("Notify: Team");
  });
});
