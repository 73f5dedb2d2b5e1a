import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AskUserCards, AskUserPanel } from "../../src/index.js";
import { selectPrompt } from "../../src/store/selectors.js";
import { deployTarget, expectNoAxeViolations, record, renderWith } from "./support.js";

// A prompt whose recovery read failed after a reconnect (`checking`): another client may have
// ended it, so nothing is sent until the gateway answers — but what is typed stays editable.
describe.each([
  ["the panel", <AskUserPanel />],
  ["the cards", <AskUserCards />],
])("a prompt being checked with the gateway, in %s", (_name, ui) => {
  it("says so, holds Submit and Skip, keeps the answer editable, and lets go once a read confirms it", async () => {
    const user = userEvent.setup();
    const { container, store } = renderWith(ui);
    act(() => store.getState().upsertRecord(record({ questions: [deployTarget] })));
    await user.click(screen.getByRole("radio", { name: /^Production/ }));
    act(() => store.getState().markChecking("ask_1"));

    expect(screen.getByRole("status")).toHaveTextContent("Checking this question with the gateway");
    expect(screen.getByRole("button", { name: "Submit" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Skip" })).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "Canary");
    expect(selectPrompt(store.getState(), "ask_1")?.drafts.deploy_target?.otherText).toBe("Canary");
    await expectNoAxeViolations(container);

    act(() => store.getState().upsertRecord(record({ questions: [deployTarget] })));
    expect(screen.queryByText(/Checking this question/)).toBeNull();
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Skip" })).toBeEnabled();
  });
});
