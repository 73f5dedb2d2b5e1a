import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AskUserPanel } from "../../src/index.js";
import { selectPrompt } from "../../src/store/selectors.js";
import { deployTarget, expectNoAxeViolations, record, renderWith } from "./support.js";

it("says the connection was lost while a prompt is shown, keeps the answer, and goes once reconnected", async () => {
  const user = userEvent.setup();
  const { container, store } = renderWith(<AskUserPanel />);
  act(() => {
    store.getState().setConnection("connected");
    store.getState().upsertRecord(record({ questions: [deployTarget] }));
  });
  expect(screen.queryByText(/connection to the gateway was lost/)).toBeNull();

  act(() => store.getState().setConnection("disconnected"));
  act(() => store.getState().setConnection("connecting"));
  expect(screen.getByRole("status")).toHaveTextContent("The connection to the gateway was lost; reconnecting…");
  await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "Canary");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  expect(screen.getByRole("alert")).toHaveTextContent("Not connected");
  expect(selectPrompt(store.getState(), "ask_1")).toMatchObject({ status: "pending", drafts: { deploy_target: { otherText: "Canary" } } });
  await expectNoAxeViolations(container);

  act(() => store.getState().setConnection("connected"));
  expect(screen.queryByText(/connection to the gateway was lost/)).toBeNull();
  expect(screen.getByRole("button", { name: "Retry" })).toBeEnabled();
});
