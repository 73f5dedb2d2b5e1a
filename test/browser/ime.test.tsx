/**
 * IME composition (Vietnamese Telex, CJK): keys pressed while a composition is open belong to the
 * IME, so Enter must neither advance nor submit. The composition is real — Chromium's own, opened
 * through the DevTools protocol (`Input.imeSetComposition`) as an IME would — and the keys are real
 * key events (`Input.dispatchKeyEvent`), so `isComposing` comes from the browser, not from us.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { cdp, page, userEvent } from "vitest/browser";
import { axeViolations, renderDock, storeWith } from "./support/harness.js";
import { notify, record, target } from "./support/records.js";

const CTRL = 2;

interface SeenKey {
  key: string;
  isComposing: boolean;
  keyCode: number;
}

let seen: SeenKey[] = [];
const remember = (event: KeyboardEvent) => seen.push({ key: event.key, isComposing: event.isComposing, keyCode: event.keyCode });
beforeEach(() => {
  seen = [];
  document.addEventListener("keydown", remember, true);
});
afterEach(() => document.removeEventListener("keydown", remember, true));

async function compose(text: string) {
  await cdp().send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length });
}

async function commitComposition(text: string) {
  await cdp().send("Input.insertText", { text });
}

async function pressEnter(modifiers = 0) {
  const key = { key: "Enter", code: "Enter", windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13, modifiers };
  await cdp().send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...key });
  await cdp().send("Input.dispatchKeyEvent", { type: "keyUp", ...key });
}

function onlyPrompt(store: ReturnType<typeof storeWith>) {
  const state = store.getState();
  return Object.values(state.prompts)[0] ?? Object.values(state.settled)[0];
}

test("Enter and Ctrl+Enter during composition neither advance nor submit; after it ends they do", async () => {
  const store = storeWith([record([target, notify])]);
  renderDock(store);
  const other = page.getByRole("textbox", { name: "Your own answer for Target" });
  await userEvent.click(other);
  await userEvent.keyboard("Ch");

  await compose("uyê");
  await expect.element(other).toHaveValue("Chuyê");
  await pressEnter(CTRL);
  await pressEnter();
  // The browser itself flagged both keys as part of the composition.
  expect(seen.filter((key) => key.key === "Enter").map((key) => key.isComposing)).toEqual([true, true]);
  expect(onlyPrompt(store)).toMatchObject({ step: 0, status: "pending" });
  expect(await axeViolations()).toEqual([]);

  await commitComposition("uyển");
  await expect.element(other).toHaveValue(expect.stringMatching(/^Chuyển/));
  seen = [];
  await pressEnter(CTRL);
  expect(seen.map((key) => key.isComposing)).toEqual([false]);
  // Out of the composition, Ctrl+Enter moves on to step 2 as it should.
  await expect.element(page.getByRole("img", { name: "Step 2 of 2" })).toBeVisible();
  expect(onlyPrompt(store)?.step).toBe(1);
});

test("on the last step, Ctrl+Enter during composition does not submit half-typed text", async () => {
  const store = storeWith([record([notify])]);
  renderDock(store);
  const other = page.getByRole("textbox", { name: "Your own answer for Notify" });
  await userEvent.click(other);
  await userEvent.keyboard("Nh");
  await compose("óm");
  await pressEnter(CTRL);
  expect(seen.filter((key) => key.key === "Enter").map((key) => key.isComposing)).toEqual([true]);
  expect(onlyPrompt(store)).toMatchObject({ status: "pending" });
  expect(onlyPrompt(store)?.submittedAnswers).toBeUndefined();

  await commitComposition("óm hỗ trợ");
  await pressEnter(CTRL);
  await expect.poll(() => onlyPrompt(store)?.status).toBe("submitting");
  expect(onlyPrompt(store)?.submittedAnswers).toEqual({ notify: ["Nhóm hỗ trợ"] });
});
