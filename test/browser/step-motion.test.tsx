import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { renderDock, storeWith } from "./support/harness.js";
import { checks, notify, record, target } from "./support/records.js";

const panel = page.getByRole("group", { name: "Question" });
const step = (n: number, of: number) => page.getByRole("img", { name: `Step ${n} of ${of}` });

/**
 * The animation the theme gives the question's description. A CSS animation restarts when its
 * name changes, so a new name per step is the motion replaying (read from style, not from the
 * running animations, which a loaded machine may have finished before the check).
 */
function descriptionMotion(): string {
  const description = document.querySelector('[data-slot="ask-user-question"] > [data-slot="ask-user-description"]');
  if (!description) throw new Error("no question description on the page");
  return getComputedStyle(description).animationName;
}

test("each step's question settles in without being remounted, Back included, and the panel keeps focus", async () => {
  expect(matchMedia("(prefers-reduced-motion: no-preference)").matches).toBe(true);
  const store = storeWith();
  renderDock(store);
  store.getState().upsertRecord(record([target, checks, notify]));
  await expect.element(panel).toHaveFocus();
  const question = document.querySelector('[data-slot="ask-user-question"]');
  // Opening, the panel rises as a whole; the question's own motion is for step changes.
  expect(descriptionMotion()).toBe("none");
  expect(getComputedStyle(document.querySelector('[data-slot="ask-user-root"]')!).animationName).toBe("ask-user-rise");

  await userEvent.click(page.getByRole("radio", { name: /^Production/ }));
  await expect.element(step(2, 3)).toBeVisible();
  await expect.element(panel).toHaveFocus();
  // The same element shows step 2 (no remount), and its motion restarted under the second name.
  expect(document.querySelector('[data-slot="ask-user-question"]')).toBe(question);
  expect(question).toHaveTextContent("Which checks should run before it ships?");
  expect(descriptionMotion()).toBe("ask-user-settle-again");

  await userEvent.click(page.getByRole("button", { name: "Back" }));
  await expect.element(step(1, 3)).toBeVisible();
  await expect.element(panel).toHaveFocus();
  expect(document.querySelector('[data-slot="ask-user-question"]')).toBe(question);
  expect(descriptionMotion()).toBe("ask-user-settle");
  // The Other field of step 1 shows step 1's draft, not a leftover from the step it was reused for.
  await expect.element(page.getByRole("radio", { name: /^Production/ })).toBeChecked();
  await expect.element(page.getByRole("textbox", { name: "Your own answer for Target" })).toHaveValue("");
});
