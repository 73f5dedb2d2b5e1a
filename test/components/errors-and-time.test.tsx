import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AskUserDock, AskUserPanel, vi as vietnamese } from "../../src/index.js";
import { selectPrompt } from "../../src/store/selectors.js";
import { deployTarget, expectNoAxeViolations, notify, record, renderWith } from "./support.js";

function setup() {
  const user = userEvent.setup();
  const view = renderWith(<AskUserPanel />);
  act(() => view.store.getState().upsertRecord(record({ questions: [notify] })));
  const entry = () => selectPrompt(view.store.getState(), "ask_1")!;
  return { ...view, user, entry };
}

describe("a failed submit", () => {
  it("shows 'Could not submit: …' with Retry and Dismiss, re-enables the panel and keeps the draft", async () => {
    const { container, user, store, entry } = setup();
    await user.click(screen.getByRole("radio", { name: "Team" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    act(() => store.getState().resolveFailed("ask_1", { message: "answer for 'notify' is blank", reason: "QUESTION_INVALID_ANSWER" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Could not submit: answer for 'notify' is blank");
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
    expect(entry().drafts.notify!.selected).toEqual(["Team"]);
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(entry()).toMatchObject({ status: "submitting", intent: "answer" });
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => store.getState().resolveFailed("ask_1", { message: "boom", code: "UNAVAILABLE" }));
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(entry()).toMatchObject({ status: "pending", error: undefined });
  });

  it("Retry after a failed Skip skips again", async () => {
    const { user, store, entry } = setup();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    act(() => store.getState().resolveFailed("ask_1", { message: "socket closed", code: "DISCONNECTED" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Not connected. Try again after reconnecting.");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(entry()).toMatchObject({ status: "submitting", intent: "skip" });
  });

  it("says 'Not connected' when submitting while disconnected", async () => {
    const { container, user, store, entry } = setup();
    act(() => store.getState().setConnection("disconnected"));
    await user.click(screen.getByRole("radio", { name: "Nobody" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Not connected. Try again after reconnecting.");
    expect(entry().status).toBe("pending");
    await expectNoAxeViolations(container);
  });

  it.each([
    [{ message: "request timed out", code: "TIMEOUT" }, "Could not submit: The gateway did not answer in time."],
    [{ message: "unknown question id", reason: "QUESTION_NOT_FOUND" }, "This question is no longer available."],
  ])("words known reasons from the catalogue (%o)", async (error, text) => {
    const { user, store } = setup();
    await user.click(screen.getByRole("radio", { name: "Team" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    act(() => store.getState().resolveFailed("ask_1", error));
    expect(screen.getByRole("alert")).toHaveTextContent(text);
  });
});

describe("the countdown", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("appears only in the last N seconds, counts down, and is gone once the prompt ends", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const start = Date.now();
    const view = renderWith(
      <AskUserDock countdownThreshold={30}>
        <textarea aria-label="Message" />
      </AskUserDock>,
    );
    act(() => view.store.getState().upsertRecord(record({ questions: [deployTarget], expiresAtMs: start + 90_000 })));
    expect(screen.queryByRole("timer")).toBeNull();
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.queryByRole("timer")).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole("timer")).toHaveTextContent("30 seconds left");
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.getByRole("timer")).toHaveTextContent("1 second left");
    act(() => view.store.getState().expireDue(Date.now() + 1_000));
    expect(screen.queryByRole("timer")).toBeNull();
    // axe schedules its own timers: let it run on real ones.
    vi.useRealTimers();
    await expectNoAxeViolations(view.container);
  });

  it("defaults to the last 60 seconds and speaks the catalogue's language", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const start = Date.now();
    const view = renderWith(<AskUserPanel />, { locale: vietnamese });
    act(() => view.store.getState().upsertRecord(record({ questions: [deployTarget], expiresAtMs: start + 65_000 })));
    expect(screen.queryByRole("timer")).toBeNull();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole("timer")).toHaveTextContent("Còn 1 phút");
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByRole("timer")).toHaveTextContent("Còn 45 giây");
    vi.useRealTimers();
    await expectNoAxeViolations(view.container);
  });
});
