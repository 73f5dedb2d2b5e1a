import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AskUserPanel } from "../../src/index.js";
import { selectPrompt } from "../../src/store/selectors.js";
import { deployTarget, expectNoAxeViolations, extras, notify, record, renderWith } from "./support.js";

/** A panel with a prompt open, once the focus it takes on opening (after its first frame) has arrived. */
async function setup(questions = [deployTarget, extras, notify]) {
  const user = userEvent.setup();
  const view = renderWith(<AskUserPanel />);
  act(() => view.store.getState().upsertRecord(record({ questions })));
  const entry = () => selectPrompt(view.store.getState(), "ask_1")!;
  const panel = () => screen.getByRole("group", { name: "Question" });
  await waitFor(() => expect(panel()).toHaveFocus());
  return { ...view, user, entry, panel };
}

const option = (name: RegExp | string) => screen.getByRole("radio", { name });
/** Radix moves focus on a timer after Home/End; let it land inside act. */
const settleFocus = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe("keyboard", () => {
  it("focuses the panel when it opens; number keys pick option N (auto-advancing) and focus follows the step", async () => {
    const { container, user, entry, panel } = await setup();
    expect(panel()).toHaveFocus();
    await user.keyboard("2");
    expect(entry().drafts.deploy_target!.selected).toEqual(["Production"]);
    expect(entry().step).toBe(1);
    expect(panel()).toHaveFocus();
    await user.keyboard("3");
    expect(entry().drafts.extras!.selected).toEqual(["Metrics"]);
    expect(entry().step).toBe(1);
    await expectNoAxeViolations(container);
  });

  it("N+1 focuses the Other field and a number typed there is text", async () => {
    const { user, entry } = await setup();
    await user.keyboard("4");
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    expect(other).toHaveFocus();
    await user.keyboard("42");
    expect(entry().drafts.deploy_target!.otherText).toBe("42");
    expect(entry().step).toBe(0);
  });

  it("Enter advances when the step has a value and does nothing without one", async () => {
    const { user, entry, store } = await setup();
    await user.keyboard("{Enter}");
    expect(entry().step).toBe(0);
    act(() => store.getState().pickOption("ask_1", "deploy_target", "Preview", { advance: false }));
    await user.keyboard("{Enter}");
    expect(entry().step).toBe(1);
  });

  it("Enter on the last step submits; Enter from a button is the button's own", async () => {
    const { user, entry, store, panel } = await setup([notify]);
    await user.keyboard("1");
    expect(entry().step).toBe(0);
    screen.getByRole("button", { name: "Skip" }).focus();
    fireEvent.keyDown(screen.getByRole("button", { name: "Skip" }), { key: "Enter" });
    expect(entry().status).toBe("pending");
    panel().focus();
    await user.keyboard("{Enter}");
    expect(entry()).toMatchObject({ status: "submitting", submittedAnswers: { notify: ["Team"] } });
    expect(store.getState().prompts.ask_1!.intent).toBe("answer");
  });

  it.each([
    ["Ctrl", { ctrlKey: true }],
    ["Alt", { altKey: true }],
    ["Meta", { metaKey: true }],
  ])("ignores number keys and Enter with %s held", async (_name, modifier) => {
    const { entry, panel } = await setup();
    fireEvent.keyDown(panel(), { key: "1", ...modifier });
    expect(entry().drafts.deploy_target!.selected).toEqual([]);
    act(() => entry());
    fireEvent.keyDown(panel(), { key: "Enter", ...modifier });
    expect(entry().step).toBe(0);
  });

  it.each([
    ["isComposing", { isComposing: true }],
    ["keyCode 229", { keyCode: 229 }],
  ])("ignores keys during IME composition (%s): no pick, no advance, no submit, no collapse", async (_name, composing) => {
    const { entry, panel, store } = await setup([notify]);
    fireEvent.keyDown(panel(), { key: "1", ...composing });
    expect(entry().drafts.notify!.selected).toEqual([]);
    act(() => store.getState().pickOption("ask_1", "notify", "Team"));
    fireEvent.keyDown(panel(), { key: "Enter", ...composing });
    const other = screen.getByRole("textbox", { name: "Your own answer for Notify" });
    fireEvent.keyDown(other, { key: "Enter", ctrlKey: true, ...composing });
    fireEvent.keyDown(panel(), { key: "Escape", ...composing });
    expect(entry().status).toBe("pending");
    expect(store.getState().collapsed).toBe(false);
  });

  it("plain Enter in Other is a new line; Ctrl+Enter and ⌘+Enter advance, then submit", async () => {
    const { user, entry } = await setup([deployTarget, notify]);
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    await user.click(other);
    await user.keyboard("Blue{Enter}Green");
    expect(entry().drafts.deploy_target!.otherText).toBe("Blue\nGreen");
    expect(entry().step).toBe(0);
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(entry().step).toBe(1);
    await user.click(screen.getByRole("textbox", { name: "Your own answer for Notify" }));
    await user.keyboard("Ops{Meta>}{Enter}{/Meta}");
    expect(entry()).toMatchObject({ status: "submitting", submittedAnswers: { deploy_target: ["Blue\nGreen"], notify: ["Ops"] } });
  });

  it("arrow keys move the pick without advancing; Home and End pick the ends", async () => {
    const { container, user, entry } = await setup();
    await user.click(option("Production"));
    await user.click(screen.getByRole("button", { name: "Back" }));
    act(() => option("Production").focus());
    await user.keyboard("{ArrowDown>}");
    expect(entry().drafts.deploy_target!.selected).toEqual(["Preview"]);
    expect(option("Preview")).toHaveFocus();
    await user.keyboard("{/ArrowDown}");
    expect(entry().step).toBe(0);
    await user.keyboard("{ArrowDown>}");
    expect(entry().drafts.deploy_target!.selected).toEqual(["Staging (Recommended)"]);
    await user.keyboard("{/ArrowDown}");
    await user.keyboard("{End}");
    await settleFocus();
    expect(entry().drafts.deploy_target!.selected).toEqual(["Preview"]);
    await user.keyboard("{Home}");
    await settleFocus();
    expect(entry().drafts.deploy_target!.selected).toEqual(["Staging (Recommended)"]);
    expect(option("Staging Recommended")).toHaveFocus();
    expect(entry().step).toBe(0);
    await expectNoAxeViolations(container);
  });

  it("Esc collapses and keeps the typed draft; collapse never answers or skips", async () => {
    const { container, user, entry, store } = await setup();
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    await user.type(other, "Half-typed");
    await user.keyboard("{Escape}");
    expect(store.getState().collapsed).toBe(true);
    // Without a dock there is no composer: focus waits on the bar, not in the hidden panel.
    expect(screen.getByRole("button", { name: /Question · Target/ })).toHaveFocus();
    expect(entry()).toMatchObject({ status: "pending", drafts: { deploy_target: { selected: [], otherText: "Half-typed" } } });
    await user.click(screen.getByRole("button", { name: /Question · Target/ }));
    expect(screen.getByRole("textbox", { name: "Your own answer for Target" })).toHaveValue("Half-typed");
    await expectNoAxeViolations(container);
  });

  it("lets a host handler run first and cancel the kit's handling", async () => {
    const user = userEvent.setup();
    const view = renderWith(<AskUserPanel onKeyDown={(event) => event.key === "1" && event.preventDefault()} />);
    act(() => view.store.getState().upsertRecord(record()));
    await user.keyboard("1");
    expect(selectPrompt(view.store.getState(), "ask_1")!.drafts.deploy_target!.selected).toEqual([]);
    await user.keyboard("2");
    expect(selectPrompt(view.store.getState(), "ask_1")!.drafts.deploy_target!.selected).toEqual(["Production"]);
  });
});
