import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import * as AskUser from "ask-user-kit/parts";
import { HostPanel } from "./support/host-panel.js";
import { recordOf, threeSteps } from "./support/questions.js";
import { consumerSource } from "./support/source.js";
import { fixtures } from "./support/story-kit.js";

/**
 * A host's own panel built from the `AskUser.*` parts, with none of the kit's CSS: the parts bring
 * behaviour, roles, focus, the keyboard map and `data-*` state; the look is the host's (a CSS
 * module here). `import * as AskUser from "ask-user-kit/parts"` works in a React Server Component
 * too; the main entry's `AskUser` namespace is the same parts for client code.
 */
const meta = {
  title: "AskUser/Parts",
  component: AskUser.Root,
  subcomponents: {
    "AskUser.Question": AskUser.Question,
    "AskUser.Options": AskUser.Options,
    "AskUser.Option": AskUser.Option,
    "AskUser.OtherInput": AskUser.OtherInput,
    "AskUser.Submit": AskUser.Submit,
    "AskUser.Skip": AskUser.Skip,
  },
  tags: ["autodocs"],
  argTypes: { promptId: { control: false }, asChild: { control: false } },
  parameters: {
    theme: "none",
    docs: {
      source: consumerSource(
        () => `import * as AskUser from "ask-user-kit/parts";
import styles from "./host-panel.module.css";

export function HostPanel() {
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
}`,
      ),
    },
  },
} satisfies Meta<typeof AskUser.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UnstyledComposition: Story = {
  name: "Composition from parts, no theme",
  render: () => <HostPanel />,
  loaders: [fixtures({ records: () => [recordOf(threeSteps)] })],
  play: async ({ canvas, canvasElement }) => {
    // Not one kit stylesheet is on the page.
    const kitSheets = [...document.styleSheets].filter((sheet) => /\/src\/theme\/|styles\.css/.test(sheet.href ?? ""));
    await expect(kitSheets).toEqual([]);
    const root = await canvas.findByRole("group", { name: "Question" });
    await expect(root).toHaveAttribute("data-slot", "ask-user-root");
    await expect(root).toHaveAttribute("data-step", "1");
    await expect(canvas.getByRole("img", { name: "Step 1 of 3" })).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="ask-user-question"]')).not.toHaveAttribute("data-answered");
  },
};
