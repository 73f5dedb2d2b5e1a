import { render } from "@testing-library/react";
import axe from "axe-core";
import type { ReactNode } from "react";
import { AskUserProvider, type AskUserProviderProps } from "../../src/index.js";
import type { QuestionRecord } from "../../src/contract/types.js";
import { createAskUserStore } from "../../src/store/create-ask-user-store.js";
import type { AskUserStore } from "../../src/store/types.js";

/** Records are stamped from the real clock (timers are only faked where a test says so). */
const now = () => Date.now();

export const deployTarget = {
  questionId: "deploy_target",
  header: "Target",
  question: "Where should this deploy?",
  options: [{ label: "Staging (Recommended)", description: "Safe first stop" }, { label: "Production" }, { label: "Preview" }],
  isOther: true,
};

export const extras = {
  questionId: "extras",
  header: "Extras",
  question: "Which checks should run?",
  options: [{ label: "Tests" }, { label: "Docs" }, { label: "Metrics" }],
  multiSelect: true,
  isOther: true,
};

export const notify = {
  questionId: "notify",
  header: "Notify",
  question: "Who should hear about it?",
  options: [{ label: "Team" }, { label: "Nobody" }],
  isOther: true,
};

export function record(overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    id: "ask_1",
    questions: [deployTarget, extras, notify],
    sessionKey: "main",
    runId: "run_1",
    createdAtMs: now(),
    expiresAtMs: now() + 900_000,
    status: "pending",
    ...overrides,
  };
}

/** A real store, connected (so submit and Skip go through) and without timers or persistence. */
export function makeStore(options: Parameters<typeof createAskUserStore>[0] = {}): AskUserStore {
  const store = createAskUserStore({ storage: null, autoExpire: false, ...options });
  store.getState().setConnection("connected");
  return store;
}

export function renderWith(ui: ReactNode, props: Omit<AskUserProviderProps, "children"> = {}) {
  const store = (props.store as AskUserStore | undefined) ?? makeStore();
  const result = render(
    <AskUserProvider {...props} store={store}>
      {ui}
    </AskUserProvider>,
  );
  return { ...result, store };
}

/**
 * axe on the rendered container. `color-contrast` needs computed layout and colours that
 * happy-dom does not compute (it reports nothing useful); contrast is checked in the browser
 * suite. Everything else runs.
 */
export async function expectNoAxeViolations(container: Element) {
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  const violations = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`);
  expect(violations).toEqual([]);
}
