import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { AskUserTranscript } from "../../src/index.js";
import { axeViolations, renderDock, storeWith } from "./support/harness.js";
import { notify, record, target } from "./support/records.js";

const panel = page.getByRole("group", { name: "Question", exact: true });
const composer = page.getByRole("textbox", { name: "Message" });
const chip = page.getByRole("group", { name: "Question outcome" });
const liveRegion = () => document.querySelector('[data-slot="ask-user-live-region"]')!;

/** Two frames: what the person sees right after the end, with no time allowed for lingering. */
const nextFrames = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/**
 * The longest exit motion still running on the panel; the close must finish within ~300 ms
 * (the real Control UI removes an ended panel after 0.2–0.4 s). Declared durations, not a clock.
 */
function longestPanelMotionMs(): number {
  const root = document.querySelector('[data-slot="ask-user-dock-panel"]');
  if (!root) return 0;
  return Math.max(0, ...root.getAnimations({ subtree: true }).map((animation) => Number(animation.effect?.getComputedTiming().endTime ?? 0)));
}

test("a prompt that expires while shown closes at once, gives the composer back focused and keeps the draft in the chip", async () => {
  const store = storeWith();
  renderDock(store, {}, <AskUserTranscript />);
  store.getState().upsertRecord(record([target]));
  await expect.element(panel).toHaveFocus();
  await userEvent.type(page.getByRole("textbox", { name: "Your own answer for Target" }), "Canary first");

  store.getState().applyResolved({ id: Object.keys(store.getState().prompts)[0]!, status: "expired" });
  await nextFrames();
  expect(longestPanelMotionMs()).toBeLessThanOrEqual(300);
  await expect.element(panel).not.toBeInTheDocument();
  await expect.element(composer).toBeVisible();
  await expect.element(composer).toHaveFocus();
  await expect.element(chip).toHaveAttribute("data-outcome", "expired");
  await expect.element(chip).toHaveTextContent("Not sent: Target: Canary first");
  expect(liveRegion().textContent).toContain("Expired");
  expect(await axeViolations()).toEqual([]);

  // Esc works again at once: the composer is a normal text field, nothing holds the keyboard.
  await userEvent.keyboard("next message");
  await expect.element(composer).toHaveValue("next message");
});

test("the next waiting prompt docks expanded and takes focus when the shown one is answered elsewhere", async () => {
  const store = storeWith([record([notify], { id: "ask_first" }), record([target], { id: "ask_second" })]);
  renderDock(store);
  await expect.element(page.getByText("Where should this release go first?")).toBeVisible();

  store.getState().applyResolved({ id: "ask_second", status: "answered", answers: { answers: { deploy_target: ["Production"] } } });
  await expect.element(page.getByText("Who should hear about the release?")).toBeVisible();
  await expect.element(panel).toHaveFocus();
  await expect.element(page.getByRole("button", { name: "Collapse question" })).toHaveAttribute("aria-expanded", "true");
});

test("a question asked right after one closed opens expanded; once the person types, the next docks collapsed", async () => {
  const store = storeWith([record([target], { id: "ask_1" })]);
  renderDock(store);
  await expect.element(panel).toHaveFocus();
  store.getState().applyResolved({ id: "ask_1", status: "cancelled" });
  await expect.element(composer).toHaveFocus();

  store.getState().upsertRecord(record([notify], { id: "ask_2" }));
  await expect.element(panel).toHaveFocus();
  store.getState().applyResolved({ id: "ask_2", status: "expired" });
  await expect.element(composer).toHaveFocus();

  await userEvent.keyboard("I am typing");
  store.getState().upsertRecord(record([target], { id: "ask_3" }));
  await expect.element(page.getByRole("button", { name: /Question · Target/ })).toHaveAttribute("aria-expanded", "false");
  await expect.element(composer).toHaveFocus();
  await userEvent.keyboard(" on");
  await expect.element(composer).toHaveValue("I am typing on");
});

test("Skip with a typed answer asks inline, reachable by keyboard: Esc keeps the answer, Skip anyway skips", async () => {
  const store = storeWith([record([target], { id: "ask_1" })]);
  renderDock(store);
  await userEvent.type(page.getByRole("textbox", { name: "Your own answer for Target" }), "a long considered answer");
  await userEvent.click(page.getByRole("button", { name: "Skip" }));
  await expect.element(page.getByRole("group", { name: "Skip without sending your typed answer?" })).toBeVisible();
  // Focus lands on the safe choice.
  await expect.element(page.getByRole("button", { name: "Keep answering" })).toHaveFocus();
  expect(store.getState().prompts.ask_1?.status).toBe("pending");
  expect(await axeViolations()).toEqual([]);

  await userEvent.keyboard("{Escape}");
  await expect.element(page.getByRole("textbox", { name: "Your own answer for Target" })).toHaveValue("a long considered answer");
  expect(store.getState().prompts.ask_1?.confirmingSkip).toBeUndefined();

  await userEvent.click(page.getByRole("button", { name: "Skip" }));
  await expect.element(page.getByRole("button", { name: "Keep answering" })).toHaveFocus();
  await userEvent.tab();
  await expect.element(page.getByRole("button", { name: "Skip anyway" })).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  expect(store.getState().prompts.ask_1).toMatchObject({ status: "submitting", intent: "skip" });
});

test("after Skip with the mouse (the button disables under the pointer) the composer gets focus, and a question asked from it opens expanded", async () => {
  const store = storeWith([record([target], { id: "ask_1" })]);
  renderDock(store);
  await expect.element(panel).toHaveFocus();
  await userEvent.click(page.getByRole("button", { name: "Skip" }));
  expect(store.getState().prompts.ask_1).toMatchObject({ status: "submitting", intent: "skip" });
  store.getState().resolveSucceeded("ask_1", { status: "cancelled" });
  await expect.element(panel).not.toBeInTheDocument();
  await expect.element(composer).toHaveFocus();

  // The person sends a message from the composer (its field is empty again) and the agent asks.
  await userEvent.keyboard("/three");
  await userEvent.fill(composer, "");
  store.getState().upsertRecord(record([notify], { id: "ask_2" }));
  await expect.element(panel).toHaveFocus();
  await expect.element(page.getByText("Who should hear about the release?")).toBeVisible();
});
