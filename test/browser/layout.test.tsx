/**
 * The docked panel and the composer fit a phone (390 px) and a desktop (1280 px) viewport with the
 * longest text a model may send: nothing wider than the screen, no horizontal scrolling, every
 * option and action reachable inside the viewport's width.
 */
import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { axeViolations, motionDone, renderDock, storeWith } from "./support/harness.js";
import { longest, record, unbroken } from "./support/records.js";

const WIDTHS = [390, 1280] as const;

function box(selector: string): DOMRect {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  return element.getBoundingClientRect();
}

function expectInsideViewport(name: string, rect: DOMRect) {
  expect.soft(rect.width, `${name} has a size`).toBeGreaterThan(0);
  expect.soft(rect.left, `${name} left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(rect.right, `${name} right edge`).toBeLessThanOrEqual(window.innerWidth);
}

test.each(WIDTHS)("open and collapsed, at %i px, everything stays inside the viewport", async (width) => {
  await page.viewport(width, 800);
  const store = storeWith([record([longest, { ...longest, questionId: "second_step" }])]);
  renderDock(store);
  await expect.element(page.getByRole("group", { name: "Question" })).toBeVisible();
  await motionDone();
  expect(window.innerWidth).toBe(width);

  expectInsideViewport("panel", box('[data-slot="ask-user-root"]'));
  for (const option of document.querySelectorAll('[data-slot="ask-user-option"]')) expectInsideViewport("option", option.getBoundingClientRect());
  for (const button of document.querySelectorAll('[data-slot="ask-user-footer"] button'))
    expectInsideViewport("footer button", button.getBoundingClientRect());
  expectInsideViewport("Other field", box('[data-slot="ask-user-other-input"]'));
  // No horizontal scrolling anywhere on the page, and the long single word wraps inside its option.
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  const root = document.querySelector<HTMLElement>('[data-slot="ask-user-root"]')!;
  expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  expect(await axeViolations()).toEqual([]);

  // Collapsed: the bar and the whole composer, both inside the viewport.
  store.getState().setCollapsed(true);
  await expect.element(page.getByRole("textbox", { name: "Message" })).toBeVisible();
  expectInsideViewport("collapsed bar", box('[data-slot="ask-user-collapse-bar"]'));
  expectInsideViewport("composer", box('[data-slot="ask-user-composer"]'));
  expectInsideViewport("Send", page.getByRole("button", { name: "Send" }).element().getBoundingClientRect());
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  // The bar sits directly above the composer.
  expect(box('[data-slot="ask-user-collapse-bar"]').bottom).toBeLessThanOrEqual(box('[data-slot="ask-user-composer"]').top);
  expect(await axeViolations()).toEqual([]);
});

test.each(WIDTHS)("an unbroken hash, URL or identifier wraps inside its option at %i px", async (width) => {
  await page.viewport(width, 800);
  renderDock(storeWith([record([unbroken])]));
  await expect.element(page.getByRole("group", { name: "Question" })).toBeVisible();
  await motionDone();
  for (const option of document.querySelectorAll<HTMLElement>('[data-slot="ask-user-option"]')) {
    expectInsideViewport("option", option.getBoundingClientRect());
    expect(option.scrollWidth, "option content overflows its box").toBeLessThanOrEqual(option.clientWidth);
  }
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
});
