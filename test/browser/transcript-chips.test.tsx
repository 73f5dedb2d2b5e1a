import { render } from "@testing-library/react";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { AskUserProvider, AskUserTranscript } from "../../src/index.js";
import { storeWith } from "./support/harness.js";
import { notify, record } from "./support/records.js";

/** As many prompts as a session keeps settled. */
const ids = Array.from({ length: 200 }, (_, i) => `ask_${String(i).padStart(3, "0")}`);
const chipIds = () => [...document.querySelectorAll('[data-slot="ask-user-summary"]')].map((chip) => chip.getAttribute("data-prompt-id"));

test("a full session's chips keep arrival order, and an opened chip stays open and focused, when older prompts settle before it", async () => {
  const store = storeWith(ids.map((id) => record([notify], { id })));
  const answer = (id: string) => store.getState().resolveSucceeded(id, { status: "answered", answers: { notify: ["The team channel"] } });
  const late = ["ask_010", "ask_150", "ask_190", "ask_000"];
  for (const id of ids) if (!late.includes(id)) answer(id);
  render(
    <AskUserProvider store={store}>
      <AskUserTranscript />
    </AskUserProvider>,
  );
  // Two older prompts settling before it move ask_064 from the 63rd place to the 65th: a chip keyed
  // by its position would be mounted anew there.
  const toggle = document.querySelector<HTMLButtonElement>('[data-prompt-id="ask_064"] [data-slot="ask-user-summary-toggle"]')!;
  await userEvent.click(toggle);
  await expect.element(page.getByRole("button", { name: "Hide details" })).toHaveFocus();

  for (const id of late) answer(id);

  await expect.poll(chipIds).toEqual(ids);
  // The same button, still mounted: its chip open, and the focus the click gave it kept.
  expect(toggle.isConnected).toBe(true);
  expect(toggle).toHaveAttribute("aria-expanded", "true");
  expect(document.activeElement).toBe(toggle);
});
