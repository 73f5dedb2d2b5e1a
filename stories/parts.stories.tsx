import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { AskUser } from "../src/index.js";
import styles from "./support/parts-composition.module.css";
import { recordOf, threeSteps } from "./support/questions.js";
import { fixtures, kitOf } from "./support/story-kit.js";

/**
 * A host's own panel built from the public `AskUser.*` parts, with none of the kit's CSS: the
 * parts bring behaviour, roles and `data-*` state; the look is the host's (a CSS module here).
 */
const meta = {
  title: "AskUser/Parts",
  parameters: { theme: "none" },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function HostPanel() {
  return (
    <AskUser.Root className={styles.root}>
      <header className={styles.header}>
        <AskUser.StepIndicator />
        <AskUser.Countdown />
      </header>
      <AskUser.Question>
        <AskUser.Title className={styles.title} />
        <AskUser.Description className={styles.description} />
        <AskUser.Options className={styles.options} />
        <AskUser.OtherInput className={styles.other} />
      </AskUser.Question>
      <AskUser.Error />
      <footer className={styles.footer}>
        <AskUser.Back />
        <AskUser.Skip />
        <AskUser.Next />
        <AskUser.Submit />
      </footer>
    </AskUser.Root>
  );
}

export const UnstyledComposition: Story = {
  name: "Composition from parts, no theme",
  render: () => <HostPanel />,
  loaders: [fixtures({ records: () => [recordOf(threeSteps)] })],
  play: async ({ canvas, canvasElement, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    // Not one kit stylesheet is on the page.
    const kitSheets = [...document.styleSheets].filter((sheet) => /\/src\/theme\/|styles\.css/.test(sheet.href ?? ""));
    await expect(kitSheets).toEqual([]);
    const root = await canvas.findByRole("group", { name: "Question" });
    await expect(root).toHaveAttribute("data-slot", "ask-user-root");
    await userEvent.click(canvas.getByRole("radio", { name: /^Production/ }));
    // The parts still behave: the single-select pick advanced to step 2.
    await expect(canvas.getByRole("img", { name: "Step 2 of 3" })).toBeVisible();
    await userEvent.click(canvas.getByRole("checkbox", { name: "Unit tests" }));
    await expect(canvasElement.querySelector('[data-slot="ask-user-question"]')).toHaveAttribute("data-answered", "");
    await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await userEvent.click(canvas.getByRole("radio", { name: "Nobody" }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(kit.store.getState().prompts[kit.ids[0]!]?.submittedAnswers).toEqual({
      deploy_target: ["Production"],
      checks: ["Unit tests"],
      notify: ["Nobody"],
    });
  },
};
