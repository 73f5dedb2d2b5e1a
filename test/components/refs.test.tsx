/**
 * Every ready-made component forwards its ref to its outer element, as the parts do: a host can
 * measure, scroll to or focus it without a wrapper of its own. React 19 passes `ref` as a plain
 * prop, which a spread would also place: the React 18 leg is where a missing forwardRef fails.
 */
import { render } from "@testing-library/react";
import { type ReactElement, type Ref, createRef } from "react";
import { AskUserCards, AskUserDock, AskUserPanel, AskUserProvider, AskUserSummary, AskUserTranscript } from "../../src/index.js";
import { makeStore, record } from "./support.js";

function withEndedPrompt() {
  const store = makeStore();
  store.getState().upsertRecord(record());
  store.getState().upsertRecord(record({ id: "ask_2", runId: "run_2" }));
  store.getState().applyResolved({
    id: "ask_2",
    status: "answered",
    answers: { answers: { deploy_target: ["Preview"], extras: ["Docs"], notify: ["Team"] } },
  });
  return store;
}

// Typed as div refs: a Ref<HTMLDivElement> fits the components that take Ref<HTMLElement> too.
it.each<[string, (ref: Ref<HTMLDivElement>) => ReactElement, string]>([
  ["AskUserDock", (ref) => <AskUserDock ref={ref} />, "ask-user-dock"],
  ["AskUserPanel", (ref) => <AskUserPanel ref={ref} />, "ask-user-root"],
  ["AskUserCards", (ref) => <AskUserCards ref={ref} />, "ask-user-cards"],
  ["AskUserSummary", (ref) => <AskUserSummary ref={ref} promptId="ask_2" />, "ask-user-summary"],
  ["AskUserTranscript", (ref) => <AskUserTranscript ref={ref} runId="run_2" />, "ask-user-transcript"],
])("%s forwards its ref to its outer element", (_name, element, slot) => {
  const ref = createRef<HTMLDivElement>();
  render(<AskUserProvider store={withEndedPrompt()}>{element(ref)}</AskUserProvider>);
  expect(ref.current).toBeInstanceOf(HTMLElement);
  expect(ref.current?.getAttribute("data-slot")).toBe(slot);
});
