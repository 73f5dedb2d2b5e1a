import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { AskUserCards, type AskUserCardsProps } from "ask-user-kit";
import type { StoryProviderProps } from "./support/decorators.js";
import { motionDone } from "./support/play.js";
import { threeSteps } from "./support/questions.js";
import { consumerSource, providerOpen } from "./support/source.js";
import { answered, gatewayFed, kitOf, settleSoon } from "./support/story-kit.js";

type CardsArgs = AskUserCardsProps & StoryProviderProps;

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
    locale: {
      description: "`AskUserProvider`: a shipped catalogue or a whole `AskUserMessages` object. Default `\"en\"`.",
      control: "inline-radio",
      options: ["en", "vi"],
      table: { category: "AskUserProvider", type: { summary: '"en" | "vi" | AskUserMessages' } },
    },
  },
  parameters: {
    docs: {
      source: consumerSource(
      (args) => `import { AskUserCards, AskUserProvider } from "ask-user-kit";
import "ask-user-kit/styles.css";

// The store's active prompt, every question at once (pass promptId for another one).
${providerOpen(args)}
  <AskUserCards />
</AskUserProvider>`,
      ),
    },
  },
  // A phone-wide column, where cards are used.
  render: ({ locale: _locale, messages: _messages, viewSessionKey: _session, ...args }) => (
    <div style={{ maxInlineSize: 390 }}>
      <AskUserCards {...args} />
    </div>
  ),
} satisfies Meta<CardsArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Stacked: Story = {
  name: "Stacked cards",
  loaders: [gatewayFed({ asks: [{ input: threeSteps }] })],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await canvas.findByRole("group", { name: "Question" });
    await motionDone();
    // All three questions are on screen at once; picking never moves anything away.
    await expect(canvas.getByRole("group", { name: "Target" })).toBeVisible();
    await expect(canvas.getByRole("group", { name: "Checks" })).toBeVisible();
    await expect(canvas.getByRole("group", { name: "Notify" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("radio", { name: /^Production/ }));
    await userEvent.click(canvas.getByRole("checkbox", { name: "Changelog" }));
    await userEvent.click(canvas.getByRole("checkbox", { name: "Unit tests" }));
    await userEvent.type(canvas.getByRole("textbox", { name: "Your own answer for Notify" }), "Support on-call");
    await expect(canvas.getByRole("radio", { name: /^Production/ })).toBeChecked();
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual(
      answered({ deploy_target: ["Production"], checks: ["Changelog", "Unit tests"], notify: ["Support on-call"] }),
    );
  },
};

export const CredentialGuard: Story = {
  name: "Other answer that looks like a secret",
  loaders: [gatewayFed({ asks: [{ input: { questions: [threeSteps.questions[0]!] } }] })],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await canvas.findByRole("group", { name: "Question" });
    await motionDone();
    const secret = "sk-proj-9fQ2mX7LtR4vW8zK1pN6bY3cH5jD0aE";
    await userEvent.type(canvas.getByRole("textbox", { name: "Your own answer for Target" }), secret);
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    // Held back: nothing reached the gateway, and the warning says why.
    await expect(await canvas.findByRole("alert")).toHaveTextContent(/looks like a secret/);
    await expect(kit.gateway!.records()[0]?.status).toBe("pending");
    await userEvent.click(canvas.getByRole("button", { name: "Send anyway" }));
    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual(answered({ deploy_target: [secret] }));
  },
};
