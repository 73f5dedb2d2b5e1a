import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Question } from "../../src/contract/types.js";
import { AskUserDock, AskUserPanel } from "../../src/index.js";
import { selectPrompt } from "../../src/store/selectors.js";
import { deployTarget, expectNoAxeViolations, extras, notify, record, renderWith } from "./support.js";

function setup(questions: Question[] = [deployTarget, extras, notify]) {
  const user = userEvent.setup();
  const view = renderWith(<AskUserPanel />);
  act(() => view.store.getState().upsertRecord(record({ questions })));
  const entry = () => selectPrompt(view.store.getState(), "ask_1")!;
  return { ...view, user, entry };
}

const option = (name: RegExp | string) => screen.getByRole("radio", { name });
const checkbox = (name: RegExp | string) => screen.getByRole("checkbox", { name });
const button = (name: string) => screen.getByRole("button", { name });

describe("given a three-step prompt", () => {
  it("shows one question at a time with progress, a labelled radio group and no Back on step 1", async () => {
    const { container } = setup();
    const panel = screen.getByRole("group", { name: "Question" });
    // One segment per question: the first is current, the rest to come.
    const indicator = within(panel).getByRole("img", { name: "Step 1 of 3" });
    expect([...indicator.querySelectorAll('[data-slot="ask-user-step-segment"]')].map((segment) => segment.getAttribute("data-state"))).toEqual([
      "current",
      "upcoming",
      "upcoming",
    ]);
    expect(screen.getByRole("radiogroup", { name: "Where should this deploy?" })).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    expect(button("Next")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
    expect(button("Skip")).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it("shows the Recommended suffix as a badge while the answer keeps the exact label", async () => {
    const { container, user, entry } = setup();
    const staging = option("Staging Recommended");
    expect(within(staging).getByText("Staging")).toHaveAttribute("data-slot", "ask-user-option-label");
    expect(within(staging).getByText("Recommended")).toHaveAttribute("data-slot", "ask-user-option-badge");
    expect(staging).toHaveAttribute("data-recommended", "");
    expect(staging).toHaveAccessibleDescription("Safe first stop");
    await user.click(staging);
    expect(entry().drafts.deploy_target!.selected).toEqual(["Staging (Recommended)"]);
    await expectNoAxeViolations(container);
  });

  it("picks on click, clears that question's Other text and auto-advances; Back returns with the pick kept", async () => {
    const { container, user, entry, store } = setup();
    act(() => store.getState().setOtherText("ask_1", "deploy_target", "   "));
    await user.click(option("Production"));
    expect(entry().step).toBe(1);
    expect(entry().drafts.deploy_target).toEqual({ selected: ["Production"], otherText: "" });
    expect(screen.getByRole("group", { name: "Which checks should run?" })).toBeInTheDocument();
    await user.click(button("Back"));
    expect(entry().step).toBe(0);
    expect(option("Production")).toHaveAttribute("aria-checked", "true");
    expect(option("Production")).toHaveAttribute("data-selected", "");
    await expectNoAxeViolations(container);
  });

  it("keeps the pick on a re-click (radios never deselect)", async () => {
    const { user, entry, store } = setup();
    await user.click(option("Production"));
    act(() => store.getState().goToStep("ask_1", 0));
    await user.click(option("Production"));
    expect(entry().drafts.deploy_target!.selected).toEqual(["Production"]);
    expect(entry().step).toBe(1);
  });

  it("combines multi-select picks with Other text: picks in pick order, then the text", async () => {
    const { container, user, entry, store } = setup();
    act(() => store.getState().pickOption("ask_1", "deploy_target", "Production"));
    await user.click(checkbox("Metrics"));
    await user.click(checkbox("Tests"));
    await user.click(checkbox("Docs"));
    await user.click(checkbox("Docs"));
    expect(checkbox("Docs")).toHaveAttribute("aria-checked", "false");
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Extras" }), "Lint");
    expect(checkbox("Metrics")).toHaveAttribute("aria-checked", "true");
    await user.click(button("Next"));
    await user.click(option("Team"));
    expect(entry().step).toBe(2);
    await user.click(button("Submit"));
    expect(entry().status).toBe("submitting");
    expect(entry().submittedAnswers).toEqual({ deploy_target: ["Production"], extras: ["Metrics", "Tests", "Lint"], notify: ["Team"] });
    expect(button("Submitting…")).toBeDisabled();
    await expectNoAxeViolations(container);
  });

  it("does not auto-advance on the last step; Submit waits for a value", async () => {
    const { user, entry, store } = setup();
    act(() => {
      store.getState().pickOption("ask_1", "deploy_target", "Preview");
      store.getState().toggleOption("ask_1", "extras", "Docs");
      store.getState().goToStep("ask_1", 2);
    });
    expect(button("Submit")).toBeDisabled();
    await user.click(option("Nobody"));
    expect(entry().step).toBe(2);
    expect(button("Submit")).toBeEnabled();
  });

  it("typing Other clears a single pick; the typed text is the answer", async () => {
    const { container, user, entry, store } = setup();
    act(() => {
      store.getState().pickOption("ask_1", "deploy_target", "Staging (Recommended)", { advance: false });
    });
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    expect(other).toHaveAttribute("placeholder", "Type your own answer here");
    await user.type(other, "Canary");
    expect(entry().drafts.deploy_target).toEqual({ selected: [], otherText: "Canary" });
    expect(option("Staging Recommended")).toHaveAttribute("aria-checked", "false");
    expect(other).toHaveAttribute("data-filled", "");
    expect(button("Next")).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it("grows the Other text area by rows, never by inline style", async () => {
    const { user, container } = setup();
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    expect(other).toHaveAttribute("rows", "1");
    await user.type(other, "one{Shift>}{Enter}{/Shift}two{Shift>}{Enter}{/Shift}three");
    expect(other).toHaveValue("one\ntwo\nthree");
    expect(other).toHaveAttribute("rows", "3");
    expect(other).not.toHaveAttribute("style");
    // Radix's roving-focus group sets `outline: none` on the radio group itself (through the CSSOM on
    // the client, which a strict CSP allows); the kit adds no inline style of its own.
    expect(container.querySelectorAll("[style]:not([role='radiogroup'])")).toHaveLength(0);
  });

  it("Skip puts the prompt in flight as a skip and says so", async () => {
    const { container, user, entry } = setup();
    await user.click(button("Skip"));
    expect(entry()).toMatchObject({ status: "submitting", intent: "skip" });
    expect(button("Skipping…")).toBeDisabled();
    expect(screen.getByRole("group", { name: "Question" })).toHaveAttribute("data-disabled", "");
    await expectNoAxeViolations(container);
  });

  it("closes once this client's answer is confirmed", async () => {
    const { user, store } = setup([notify]);
    await user.click(option("Team"));
    await user.click(button("Submit"));
    act(() => store.getState().resolveSucceeded("ask_1", { status: "answered", answers: { notify: ["Team"] } }));
    expect(screen.queryByRole("group", { name: "Question" })).toBeNull();
  });
});

describe("given a question without options", () => {
  it("offers one labelled text field and no number-key hint", async () => {
    const { container, user, entry } = setup([{ questionId: "name", header: "Name", question: "What should we call it?", options: [] }]);
    const field = screen.getByRole("textbox", { name: "Name" });
    expect(container.querySelector('[data-slot="ask-user-other"] kbd')).toBeNull();
    await user.type(field, "Apollo");
    await user.click(button("Submit"));
    expect(entry().submittedAnswers).toEqual({ name: ["Apollo"] });
    await expectNoAxeViolations(container);
  });
});

describe("given no pending prompt", () => {
  it("renders no panel and docks nothing above the composer", async () => {
    const { container } = renderWith(
      <AskUserDock>
        <textarea aria-label="Message" defaultValue="hello" />
      </AskUserDock>,
    );
    expect(screen.queryByRole("group", { name: "Question" })).toBeNull();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeVisible();
    expect(container.querySelector('[data-slot="ask-user-dock"]')).toHaveAttribute("data-state", "idle");
    await expectNoAxeViolations(container);
  });
});
