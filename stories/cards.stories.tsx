import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { AskUserCards, type AskUserCardsProps } from "ask-user-kit";
import { motionDone } from "./support/play.js";
import { threeSteps } from "./support/questions.js";
import { consumerSource, providerOpen, localeImport } from "./support/source.js";
import { componentArgs, type StoryArgs, storyArgTypes } from "./support/story-args.js";
import { gatewayFed, kitOf } from "./support/story-kit.js";

type CardsArgs = AskUserCardsProps & StoryArgs;

/**
 * The native apps' idiom, for narrow and touch layouts: every question of the prompt at once, one
 * card each, and one Submit and one Skip for the whole prompt. Same parts, store and send rules as
 * the panel; picking never moves anything away. Shown here in a 390 px column.
 */
const meta = {
  title: "AskUser/Cards",
  component: AskUserCards,
  tags: ["autodocs"],
  argTypes: {
    promptId: { control: false },
    ...storyArgTypes,
  },
  parameters: {
    docs: {
      source: consumerSource(
        (args) => `import { AskUserCards, AskUserProvider${localeImport(args)} } from "ask-user-kit";
import "ask-user-kit/styles.css";

// The store's active prompt, every question at once (pass promptId for another one).
${providerOpen(args)}
  <AskUserCards />
</AskUserProvider>`,
      ),
    },
  },
  // A phone-wide column, where cards are used.
  render: (args) => (
    <div style={{ maxInlineSize: 390 }}>
      <AskUserCards {...componentArgs(args)} />
    </div>
  ),
} satisfies Meta<CardsArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Stacked: Story = {
  name: "Stacked cards",
  loaders: [
    gatewayFed({
      asks: [{ input: threeSteps }],
      setup: (state, [id]) => {
        state().pickOption(id!, "deploy_target", "Production");
        state().toggleOption(id!, "checks", "Changelog");
      },
    }),
  ],
  play: async ({ canvas }) => {
    await canvas.findByRole("group", { name: "Question" });
    await motionDone();
    // All three questions are on screen at once; picking never moves anything away.
    await expect(canvas.getByRole("group", { name: "Target" })).toBeVisible();
    await expect(canvas.getByRole("group", { name: "Checks" })).toBeVisible();
    await expect(canvas.getByRole("group", { name: "Notify" })).toBeVisible();
    await expect(canvas.getByRole("radio", { name: /^Production/ })).toBeChecked();
    await expect(canvas.getByRole("checkbox", { name: "Changelog" })).toBeChecked();
    // Notify has no answer yet: the one Submit waits for every question.
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeDisabled();
  },
};

export const CredentialGuard: Story = {
  name: "Other answer that looks like a secret (held back)",
  loaders: [gatewayFed({ asks: [{ input: { questions: [threeSteps.questions[0]!] } }] })],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await canvas.findByRole("group", { name: "Question" });
    await motionDone();
    await userEvent.type(canvas.getByRole("textbox", { name: "Your own answer for Target" }), "sk-proj-9fQ2mX7LtR4vW8zK1pN6bY3cH5jD0aE");
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    // Held back: nothing reached the gateway, and the warning says why and offers the way on.
    await expect(await canvas.findByRole("alert")).toHaveTextContent(/looks like a secret/);
    await expect(kit.gateway!.records()[0]?.status).toBe("pending");
    await expect(canvas.getByRole("button", { name: "Send anyway" })).toBeEnabled();
  },
};
