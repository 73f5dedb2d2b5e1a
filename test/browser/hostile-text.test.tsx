/**
 * Text from the model, the gateway and the person is text: markup and script payloads in every
 * field a question carries render literally and never run. A payload that ran would set
 * `window.__askUserPwned`; an element it smuggled in would show up in the DOM.
 */
import { screen } from "@testing-library/react";
import { beforeEach, expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import type { Question } from "../../src/contract/types.js";
import { AskUserCards, AskUserTranscript } from "../../src/index.js";
import { axeViolations, renderDock, storeWith } from "./support/harness.js";
import { record } from "./support/records.js";

declare global {
  interface Window {
    __askUserPwned?: string;
  }
}

const PAYLOADS = {
  img: `<img src=x onerror="window.__askUserPwned='img'">`,
  script: `<script>window.__askUserPwned='script'</script>`,
  svg: `<svg onload="window.__askUserPwned='svg'"></svg>`,
  iframe: `"><iframe srcdoc="<script>parent.__askUserPwned='iframe'</script>"></iframe>`,
  javascriptUrl: `javascript:window.__askUserPwned='href'`,
  template: "{{constructor.constructor('window.__askUserPwned=\"template\"')()}}",
  templateLiteral: "${window.__askUserPwned='literal'}",
  entity: "&lt;b&gt;bold&lt;/b&gt; &amp; &#60;i&#62;",
} as const;

const hostile: Question = {
  questionId: "hostile_one",
  header: PAYLOADS.img,
  question: PAYLOADS.script,
  options: [
    { label: PAYLOADS.svg, description: PAYLOADS.iframe },
    { label: PAYLOADS.javascriptUrl, description: PAYLOADS.template },
    { label: PAYLOADS.templateLiteral, description: PAYLOADS.entity },
  ],
  isOther: true,
};

const hostileTwo: Question = {
  questionId: "hostile_two",
  header: PAYLOADS.template,
  question: PAYLOADS.iframe,
  options: [{ label: PAYLOADS.entity }, { label: PAYLOADS.img }],
  multiSelect: true,
  isOther: true,
};

/** A broken image's `error` event has fired, so any smuggled `<img onerror>` would have run by now. */
async function afterImageErrors() {
  const probe = new Image();
  const failed = new Promise((resolve) => probe.addEventListener("error", resolve, { once: true }));
  probe.src = "/__ask_user_kit_missing_image__.png";
  await failed;
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Elements the payloads could smuggle in (the kit's own icons are `svg[data-slot=ask-user-icon]`). */
function smuggled(): string[] {
  const found = document.body.querySelectorAll(
    'img, script, iframe, object, embed, a[href], svg:not([data-slot="ask-user-icon"]), [onerror], [onload], [srcdoc]',
  );
  return [...found].map((element) => element.outerHTML);
}

beforeEach(() => {
  delete window.__askUserPwned;
});

test("payloads in header, question, labels, descriptions, Other text and the error show literally and never run", async () => {
  const store = storeWith([record([hostile, hostileTwo])]);
  renderDock(store);
  await expect.element(page.getByRole("group", { name: "Question" })).toBeVisible();

  expect(screen.getByText(PAYLOADS.img, { selector: '[data-slot="ask-user-title"]' })).toBeTruthy();
  expect(screen.getByText(PAYLOADS.script, { selector: '[data-slot="ask-user-description"]' })).toBeTruthy();
  for (const { label, description } of hostile.options) {
    expect(screen.getByText(label, { selector: '[data-slot="ask-user-option-label"]' })).toBeTruthy();
    expect(screen.getByText(description!, { selector: '[data-slot="ask-user-option-description"]' })).toBeTruthy();
  }
  // The Other field: typed with real keys, kept as typed.
  const other = page.getByRole("textbox", { name: `Your own answer for ${PAYLOADS.img}` });
  await userEvent.fill(other, PAYLOADS.svg);
  await expect.element(other).toHaveValue(PAYLOADS.svg);
  // Picking a label that looks like a URL is still just a pick.
  await userEvent.click(page.getByRole("radio", { name: PAYLOADS.javascriptUrl }));
  await expect.element(page.getByRole("img", { name: "Step 2 of 2" })).toBeVisible();
  expect(screen.getByText(PAYLOADS.template, { selector: '[data-slot="ask-user-title"]' })).toBeTruthy();
  expect(screen.getByText(PAYLOADS.iframe, { selector: '[data-slot="ask-user-description"]' })).toBeTruthy();
  await userEvent.click(page.getByRole("checkbox", { name: PAYLOADS.entity }));

  // A gateway error message carrying markup.
  const id = Object.keys(store.getState().prompts)[0]!;
  store.getState().submit(id);
  expect(store.getState().prompts[id]?.submittedAnswers).toEqual({ hostile_one: [PAYLOADS.javascriptUrl], hostile_two: [PAYLOADS.entity] });
  store.getState().resolveFailed(id, { message: PAYLOADS.img, reason: "QUESTION_INVALID_ANSWER", code: "INVALID_REQUEST" });
  await expect.element(page.getByRole("alert")).toHaveTextContent(`Could not submit: ${PAYLOADS.img}`);
  // A problem report carrying markup.
  store.getState().reportProblem({ kind: "record-unreadable", message: PAYLOADS.iframe });
  await expect.element(page.getByText(`A question could not be shown: ${PAYLOADS.iframe}`)).toBeVisible();
  // The collapsed bar repeats the header.
  store.getState().setCollapsed(true);
  await expect.element(page.getByRole("button", { name: new RegExp(`Question · ${escapeRegExp(PAYLOADS.template)}`) })).toBeVisible();

  await afterImageErrors();
  expect(window.__askUserPwned).toBeUndefined();
  expect(smuggled()).toEqual([]);
  expect(await axeViolations()).toEqual([]);
});

test("payloads as answers show literally in the summary chip and the stacked cards", async () => {
  const store = storeWith([record([hostile, hostileTwo], { id: "ask_chip", runId: "run_chip" }), record([hostile], { id: "ask_cards" })]);
  store.getState().applyResolved({
    id: "ask_chip",
    status: "answered",
    answers: { answers: { hostile_one: [PAYLOADS.script], hostile_two: [PAYLOADS.img, PAYLOADS.templateLiteral] } },
  });
  renderDock(
    store,
    {},
    <>
      <AskUserTranscript runId="run_chip" />
      <AskUserCards promptId="ask_cards" />
    </>,
  );
  await expect.element(page.getByRole("group", { name: "Question outcome" })).toBeVisible();
  const lines = [...document.querySelectorAll('[data-slot="ask-user-summary-line"]')].map((line) => line.textContent);
  expect(lines).toEqual([`${PAYLOADS.img}: ${PAYLOADS.script}`, `${PAYLOADS.template}: ${PAYLOADS.img}, ${PAYLOADS.templateLiteral}`]);
  await userEvent.click(page.getByRole("button", { name: "Show details" }));
  const details = document.querySelector<HTMLElement>('[data-slot="ask-user-summary-details"]')!;
  await expect.element(details).toBeVisible();
  const chosen = [...details.querySelectorAll('[data-chosen] [data-slot="ask-user-summary-option-label"]')].map((label) => label.textContent);
  expect(chosen).toEqual([PAYLOADS.img]);
  expect(details.querySelector('[data-slot="ask-user-summary-other"]')?.textContent).toBe(`Your own answer: ${PAYLOADS.script}`);

  // The cards show the same fields as text.
  const cards = document.querySelector('[data-slot="ask-user-cards"]')!;
  const cardLabels = [...cards.querySelectorAll('[data-slot="ask-user-option-label"]')].map((label) => label.textContent);
  expect(cardLabels).toEqual(hostile.options.map((option) => option.label));
  expect(cards.querySelector('[data-slot="ask-user-title"]')?.textContent).toBe(PAYLOADS.img);

  await afterImageErrors();
  expect(window.__askUserPwned).toBeUndefined();
  expect(smuggled()).toEqual([]);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
