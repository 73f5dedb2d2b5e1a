import { render } from "@testing-library/react";
import { useState } from "react";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { AskUserDock, AskUserProvider } from "../../src/index.js";
import type { AskUserStore } from "../../src/store/types.js";
import { axeViolations, Composer, storeWith } from "./support/harness.js";
import { notify, record, target } from "./support/records.js";

const panel = page.getByRole("group", { name: "Question" });
const composer = page.getByRole("textbox", { name: "Message" });

/** A host that owns the collapse in its own state and accepts every change the dock asks for. */
function renderControlled(store: AskUserStore, asked: boolean[]) {
  function Host() {
    const [collapsed, setCollapsed] = useState(false);
    return (
      <main>
        <h1>Release chat</h1>
        <button type="button" onClick={() => setCollapsed(false)}>
          Show the question
        </button>
        <AskUserDock
          collapsed={collapsed}
          onCollapsedChange={(next) => {
            asked.push(next);
            setCollapsed(next);
          }}
        >
          <Composer />
        </AskUserDock>
      </main>
    );
  }
  return render(
    <AskUserProvider store={store}>
      <Host />
    </AskUserProvider>,
  );
}

test("a controlled dock: collapse gives the composer back, typing keeps the next question folded, the host opens it", async () => {
  const store = storeWith();
  const asked: boolean[] = [];
  renderControlled(store, asked);
  store.getState().upsertRecord(record([target]));
  await expect.element(panel).toHaveFocus();

  // Escape asks to collapse; the host accepts, and focus goes to the composer.
  await userEvent.keyboard("{Escape}");
  await expect.element(composer).toHaveFocus();
  await userEvent.keyboard("half a sentence");
  expect(asked).toEqual([true]);

  // A question that arrives while the person types asks nothing: the store's rule keeps it folded.
  store.getState().upsertRecord(record([notify], { id: "ask_2" }));
  await expect.element(page.getByRole("button", { name: /Question · Notify/ })).toBeVisible();
  await expect.element(composer).toHaveFocus();
  await expect.element(composer).toHaveValue("half a sentence");
  expect(asked).toEqual([true]);
  expect(await axeViolations()).toEqual([]);

  // The host's own button opens it: the panel takes focus, and the host hears nothing back.
  await userEvent.click(page.getByRole("button", { name: "Show the question" }));
  await expect.element(panel).toHaveFocus();
  expect(asked).toEqual([true]);
  expect(await axeViolations()).toEqual([]);
});
