import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations, renderDock, storeWith } from "./support/harness.js";
import { checks, notify, record, target } from "./support/records.js";

const panel = page.getByRole("group", { name: "Question" });
const composer = page.getByRole("textbox", { name: "Message" });
const step = (n: number, of: number) => page.getByRole("img", { name: `Step ${n} of ${of}` });

test("focus follows the question: open, every step, collapse to the composer, re-expand", async () => {
  const store = storeWith();
  renderDock(store);
  await expect.element(composer).toBeVisible();

  // A question arrives while focus is nowhere in particular: the panel takes focus.
  store.getState().upsertRecord(record([target, checks, notify]));
  await expect.element(panel).toHaveFocus();
  expect(await axeViolations()).toEqual([]);

  // A real click on an option picks it and moves to step 2; focus goes to the panel again.
  await userEvent.click(page.getByRole("radio", { name: /^Production/ }));
  await expect.element(step(2, 3)).toBeVisible();
  await expect.element(panel).toHaveFocus();

  // Real keys: a number key toggles, Enter advances; the panel is focused for step 3.
  await userEvent.keyboard("1");
  await expect.element(page.getByRole("checkbox", { name: "Unit tests" })).toBeChecked();
  await userEvent.keyboard("{Enter}");
  await expect.element(step(3, 3)).toBeVisible();
  await expect.element(panel).toHaveFocus();
  expect(await axeViolations()).toEqual([]);

  // Escape collapses (never answers): focus goes to the composer, which works again.
  await userEvent.keyboard("{Escape}");
  await expect.element(composer).toHaveFocus();
  const bar = page.getByRole("button", { name: /Question · Notify/ });
  await expect.element(bar).toHaveAttribute("aria-expanded", "false");
  await userEvent.keyboard("still here");
  await expect.element(composer).toHaveValue("still here");
  expect(Object.values(store.getState().prompts).map((entry) => entry.status)).toEqual(["pending"]);
  expect(await axeViolations()).toEqual([]);

  // Back to the bar with Shift+Tab and open it with Enter: the panel is focused, same step.
  await userEvent.tab({ shift: true });
  await expect.element(bar).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  await expect.element(panel).toHaveFocus();
  await expect.element(step(3, 3)).toBeVisible();

  // The chevron collapses too, and focus returns to the composer.
  await userEvent.click(page.getByRole("button", { name: "Collapse question" }));
  await expect.element(composer).toHaveFocus();
  expect(await axeViolations()).toEqual([]);
});

test("a question that arrives while the person types in the composer docks collapsed and leaves focus there", async () => {
  const store = storeWith();
  renderDock(store);
  await userEvent.click(composer);
  await userEvent.keyboard("half a sentence");
  store.getState().upsertRecord(record([target]));
  await expect.element(page.getByRole("button", { name: /Question · Target/ })).toBeVisible();
  await expect.element(composer).toHaveFocus();
  await userEvent.keyboard(" and the rest");
  await expect.element(composer).toHaveValue("half a sentence and the rest");
  expect(await axeViolations()).toEqual([]);
});

test("a click that picks and moves on never focuses the option, and on the last step the clicked option takes focus", async () => {
  const store = storeWith();
  renderDock(store);
  store.getState().upsertRecord(record([target, notify]));
  await expect.element(panel).toHaveFocus();
  const focused: string[] = [];
  const track = (event: FocusEvent) => focused.push((event.target as HTMLElement).getAttribute("data-slot") ?? (event.target as HTMLElement).tagName);
  document.addEventListener("focusin", track);
  try {
    // Step 1 → 2 by a real click: the panel keeps focus throughout (nothing to move, no option in between).
    await userEvent.click(page.getByRole("radio", { name: /^Production/ }));
    await expect.element(step(2, 2)).toBeVisible();
    await expect.element(panel).toHaveFocus();
    expect(focused).toEqual([]);

    // The last step does not move on: the press focuses the option, as a click on a radio does.
    await userEvent.click(page.getByRole("radio", { name: "Nobody" }));
    await expect.element(page.getByRole("radio", { name: "Nobody" })).toBeChecked();
    await expect.element(page.getByRole("radio", { name: "Nobody" })).toHaveFocus();
    expect(focused).toEqual(["ask-user-option"]);
  } finally {
    document.removeEventListener("focusin", track);
  }
  expect(await axeViolations()).toEqual([]);
});

test("an option focused on one step is not where Tab enters the next step's options: it starts at the first, as in a new question", async () => {
  const store = storeWith();
  renderDock(store);
  const region = {
    questionId: "region",
    header: "Region",
    question: "Which region first?",
    options: [{ label: "Europe" }, { label: "America" }, { label: "Asia" }],
  };
  store.getState().upsertRecord(record([target, region]));
  await expect.element(panel).toHaveFocus();
  // Keys only: focus the second option, arrow to the third (it picks, it does not move on), then
  // "1" picks the first and moves on. Radix's roving focus remembers the third option it focused.
  (page.getByRole("radio", { name: /^Production/ }).element() as HTMLElement).focus();
  await userEvent.keyboard("{ArrowDown}");
  await expect.element(page.getByRole("radio", { name: "Preview link" })).toHaveFocus();
  await userEvent.keyboard("1");
  await expect.element(step(2, 2)).toBeVisible();
  await expect.element(panel).toHaveFocus();
  // Tab from the panel into step 2's options: the first one, not the one in the third's place.
  for (let presses = 0; presses < 6 && document.activeElement?.getAttribute("role") !== "radio"; presses += 1) await userEvent.tab();
  await expect.element(page.getByRole("radio", { name: "Europe" })).toHaveFocus();
  // Focus by Tab picks nothing.
  await expect.element(page.getByRole("radio", { name: "Europe" })).not.toBeChecked();
});
