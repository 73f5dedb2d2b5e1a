import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AskUserCards } from "../../src/components/cards/ask-user-cards.js";
import { selectPrompt } from "../../src/store/selectors.js";
import { deployTarget, expectNoAxeViolations, extras, notify, record, renderWith } from "./support.js";

function setup(ui = <AskUserCards />) {
  const user = userEvent.setup();
  const view = renderWith(ui);
  act(() => view.store.getState().upsertRecord(record()));
  const entry = () => selectPrompt(view.store.getState(), "ask_1")!;
  return { ...view, user, entry };
}

const card = (header: string) => screen.getByRole("group", { name: header });

describe("AskUserCards", () => {
  it("shows every question at once, each a named card with its own options and Other field", async () => {
    const { container } = setup();
    const cards = screen.getByRole("group", { name: "Question" });
    expect(cards).toHaveAttribute("data-slot", "ask-user-cards");
    expect(cards).toHaveAttribute("data-total", "3");
    expect(cards).toHaveAttribute("data-status", "pending");

    expect(within(card("Target")).getByRole("radiogroup", { name: deployTarget.question })).toBeInTheDocument();
    expect(within(card("Extras")).getByRole("group", { name: extras.question })).toBeInTheDocument();
    expect(within(card("Extras")).getAllByRole("checkbox")).toHaveLength(3);
    expect(within(card("Notify")).getByRole("radiogroup", { name: notify.question })).toBeInTheDocument();
    for (const header of ["Target", "Extras", "Notify"]) {
      expect(within(card(header)).getByRole("textbox", { name: `Your own answer for ${header}` })).toBeInTheDocument();
    }
    expect(within(cards).getByRole("button", { name: "Submit" })).toBeDisabled();
    expect(within(cards).getByRole("button", { name: "Skip" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("answers a three-question prompt end to end through the real store", async () => {
    const { user, entry, store, container } = setup();
    await user.click(screen.getByRole("radio", { name: "Production" }));
    // A pick never moves on: every card stays where it is.
    expect(entry().step).toBe(0);
    expect(screen.getByRole("radio", { name: "Production" })).toHaveAttribute("aria-checked", "true");

    await user.click(screen.getByRole("checkbox", { name: "Metrics" }));
    await user.click(screen.getByRole("checkbox", { name: "Tests" }));
    await user.type(within(card("Extras")).getByRole("textbox", { name: "Your own answer for Extras" }), "Lint");
    expect(screen.getByRole("button", { name: "Submit" })).toBeDisabled();

    await user.type(within(card("Notify")).getByRole("textbox", { name: "Your own answer for Notify" }), "The on-call engineer");
    expect(card("Notify")).toHaveAttribute("data-answered", "");
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().status).toBe("submitting");
    expect(entry().submittedAnswers).toEqual({
      deploy_target: ["Production"],
      extras: ["Metrics", "Tests", "Lint"],
      notify: ["The on-call engineer"],
    });
    expect(screen.getByRole("button", { name: "Submitting…" })).toBeDisabled();

    act(() => store.getState().resolveSucceeded("ask_1", { status: "answered", answers: entry().submittedAnswers! }));
    // The active prompt ended: the cards leave with it (no dead controls).
    expect(screen.queryByRole("group", { name: "Question" })).toBeNull();
  });

  it("keeps showing a given prompt after it ends, with its outcome and every control disabled", async () => {
    const { store, container } = setup(<AskUserCards promptId="ask_1" />);
    act(() => store.getState().applyResolved({ id: "ask_1", status: "expired" }));
    const cards = screen.getByRole("group", { name: "Question" });
    expect(cards).toHaveAttribute("data-status", "expired");
    expect(within(cards).getByText("Expired")).toHaveAttribute("data-slot", "ask-user-outcome");
    for (const control of [
      ...within(cards).getAllByRole("radio"),
      ...within(cards).getAllByRole("checkbox"),
      ...within(cards).getAllByRole("button"),
    ]) {
      expect(control).toBeDisabled();
    }
    for (const field of within(cards).getAllByRole("textbox")) expect(field).toHaveAttribute("readonly");
    await expectNoAxeViolations(container);
  });

  it("arrow keys move a single-select pick without advancing", async () => {
    const { user, entry } = setup();
    await user.click(screen.getByRole("radio", { name: "Team" }));
    await user.keyboard("{ArrowDown>}");
    expect(screen.getByRole("radio", { name: "Nobody" })).toHaveAttribute("aria-checked", "true");
    await user.keyboard("{/ArrowDown}");
    expect(entry().drafts.notify!.selected).toEqual(["Nobody"]);
    expect(entry().step).toBe(0);
  });

  it("Skip declines the whole prompt", async () => {
    const { user, entry } = setup();
    await user.click(screen.getByRole("button", { name: "Skip" }));
    expect(entry()).toMatchObject({ status: "submitting", intent: "skip" });
  });

  it("Ctrl+Enter in an Other field submits once every question has an answer, never mid-composition", async () => {
    const { user, entry, store } = setup();
    act(() => {
      store.getState().pickOption("ask_1", "deploy_target", "Preview");
      store.getState().toggleOption("ask_1", "extras", "Docs");
    });
    const field = within(card("Notify")).getByRole("textbox", { name: "Your own answer for Notify" });
    await user.type(field, "Ops");
    const composing = new KeyboardEvent("keydown", { key: "Enter", ctrlKey: true, isComposing: true, bubbles: true });
    act(() => {
      field.dispatchEvent(composing);
    });
    expect(entry().status).toBe("pending");
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(entry().status).toBe("submitting");
    expect(entry().submittedAnswers).toEqual({ deploy_target: ["Preview"], extras: ["Docs"], notify: ["Ops"] });
  });

  it("shows a failed submit with the drafts kept", async () => {
    const { user, entry, store } = setup();
    act(() => {
      store.getState().pickOption("ask_1", "deploy_target", "Preview");
      store.getState().toggleOption("ask_1", "extras", "Docs");
      store.getState().pickOption("ask_1", "notify", "Team");
      store.getState().setConnection("disconnected");
    });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Not connected. Try again after reconnecting.");
    expect(entry().drafts.deploy_target!.selected).toEqual(["Preview"]);
  });

  it("names the part in the error thrown outside a provider", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<AskUserCards />)).toThrow("`AskUserCards` must be used within `AskUserProvider`.");
    spy.mockRestore();
  });
});
