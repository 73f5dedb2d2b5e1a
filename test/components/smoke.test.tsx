import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AskUserDock } from "../../src/index.js";
import { expectNoAxeViolations, record, renderWith } from "./support.js";

it("smoke", async () => {
  const user = userEvent.setup();
  const { container, store } = renderWith(<AskUserDock><textarea aria-label="Message" /></AskUserDock>);
  act(() => store.getState().upsertRecord(record()));
  console.log(container.innerHTML);
  await user.click(screen.getByRole("radio", { name: /Production/ }));
  console.log(store.getState().prompts.ask_1?.step);
  await expectNoAxeViolations(container);
});
