/**
 * Rendering and checking helpers for the real-browser tests (Vitest browser mode, Chromium): the
 * kit's theme as shipped, a fresh store per test, the dock around a plain composer, and axe-core
 * with every rule on (colour contrast included — this is a real layout engine).
 */
import { cleanup, render } from "@testing-library/react";
import axe from "axe-core";
import type { ReactNode } from "react";
import { afterEach, beforeEach } from "vitest";
import type { QuestionRecord } from "../../../src/contract/types.js";
import { AskUserDock, AskUserProvider, type AskUserProviderProps } from "../../../src/index.js";
import { createAskUserStore } from "../../../src/store/index.js";
import type { AskUserStore } from "../../../src/store/types.js";
import "../../../src/theme/tokens.css";
import "../../../src/theme/panel.css";
import "../../../src/theme/summary.css";
import "../../../src/theme/cards.css";

// Real input and a real event loop here: React renders as it does for people, not inside `act`
// (Testing Library turns the act environment on for every test; this turns it back off).
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => cleanup());

/** A connected store with no persistence or timers, holding `records` (oldest first). */
export function storeWith(records: QuestionRecord[] = []): AskUserStore {
  const store = createAskUserStore({ storage: null, autoExpire: false });
  store.getState().setConnection("connected");
  for (const record of records) store.getState().upsertRecord(record);
  return store;
}

/** A chat composer as hosts write it: a labelled text area and a Send button. */
export function Composer() {
  return (
    <form aria-label="Chat composer" onSubmit={(event) => event.preventDefault()} className="test-composer">
      <textarea aria-label="Message" rows={2} />
      <button type="submit">Send</button>
    </form>
  );
}

export function renderDock(store: AskUserStore, props: Omit<AskUserProviderProps, "store" | "children"> = {}, extra?: ReactNode) {
  const result = render(
    <AskUserProvider store={store} {...props}>
      <main>
        <h1>Release chat</h1>
        {extra}
        <AskUserDock>
          <Composer />
        </AskUserDock>
      </main>
    </AskUserProvider>,
  );
  return { ...result, store };
}

/** Waits for running CSS animations (the panel fades in) so geometry and colours are final. */
export async function motionDone(): Promise<void> {
  // A looping animation (the Submit spinner) never finishes: only the ones with an end count.
  const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
}

/** axe on the whole document, every rule; the list of violations (empty when clean) for a readable diff. */
export async function axeViolations(): Promise<string[]> {
  await motionDone();
  const results = await axe.run(document, { resultTypes: ["violations"] });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
}
