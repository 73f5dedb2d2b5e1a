import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { AskUserInbox, type AskUserInboxProps, AskUserToolCallSummary } from "ask-user-kit";
import { formatToolResultText } from "ask-user-kit/contract";
import { checks, deployTarget, threeSteps } from "./support/questions.js";
import { consumerSource, localeImport, providerOpen } from "./support/source.js";
import { componentArgs, type StoryArgs, storyArgTypes } from "./support/story-args.js";
import { answered, fixtures, gatewayFed, kitOf, settleSoon } from "./support/story-kit.js";

type InboxArgs = AskUserInboxProps & StoryArgs;

/**
 * Every question waiting for the person, across sessions and agents, newest first: each with its
 * session, how long ago it was asked and a link to it, answered in place with the kit's stepper
 * (Other, Skip, the countdown, the keys). Live: new questions appear, ones answered or cancelled
 * anywhere leave. The OpenClaw feature plugin shows it as its "Questions" page; any web chat can
 * mount it (or `<ask-user-inbox>` without React) on a provider connected to the gateway.
 */
const meta = {
  title: "AskUser/Inbox",
  component: AskUserInbox,
  subcomponents: { AskUserToolCallSummary },
  tags: ["autodocs"],
  args: { headingLevel: 2, countdownThreshold: 60 },
  argTypes: {
    sessionLabel: { control: false },
    sessionHref: { control: false },
    onOpenSession: { control: false },
    now: { control: false },
    headingLevel: { control: { type: "number", min: 1, max: 6 } },
    countdownThreshold: { control: "number" },
    ...storyArgTypes,
  },
  parameters: {
    askUser: { viewSessionKey: null },
    docs: {
      source: consumerSource(
        (args) => `import { AskUserInbox, AskUserProvider${localeImport(args)} } from "ask-user-kit";
import "ask-user-kit/styles.css";

// Every session's waiting questions: the provider docks none (viewSessionKey={null}).
${providerOpen(args)}
  <AskUserInbox
    sessionLabel={(key) => sessions.get(key)?.title}
    sessionHref={(key) => chatUrl(key)}
    onOpenSession={(key, event) => {
      event.preventDefault();
      router.open(key);
    }}
  />
</AskUserProvider>`,
      ),
    },
  },
  render: (args) => (
    <div style={{ maxInlineSize: 720 }}>
      <AskUserInbox {...componentArgs(args)} sessionHref={(key) => `#/chat/${key}`} onOpenSession={(_key, event) => event.preventDefault()} />
    </div>
  ),
} satisfies Meta<InboxArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AcrossSessions: Story = {
  name: "Questions of two sessions, answered in place",
  loaders: [
    gatewayFed({
      asks: [
        { input: threeSteps, sessionKey: "research" },
        { input: { questions: [{ ...deployTarget, header: "Release" }] }, sessionKey: "ops" },
      ],
    }),
  ],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await expect(await canvas.findByRole("heading", { name: "Questions" })).toBeVisible();
    await expect(canvas.getByRole("status")).toHaveTextContent("2 questions waiting");
    const items = canvas.getAllByRole("group", { name: /^Question in / });
    await expect(items.map((item) => item.getAttribute("aria-label")).sort()).toEqual(["Question in ops: Release", "Question in research: Target"]);
    await expect(canvas.getByRole("link", { name: "Open ops" })).toHaveAttribute("href", "#/chat/agent:main:ops");
    const release = within(canvas.getByRole("group", { name: "Question in ops: Release" }));
    await userEvent.click(release.getByRole("radio", { name: /^Production/ }));
    await userEvent.click(release.getByRole("button", { name: "Submit" }));
    // The gateway got the answer; the question left, the other one stays.
    await expect(await settleSoon(kit.results[1]!, "the ops question's tool result")).toEqual(answered({ deploy_target: ["Production"] }));
    await expect(await canvas.findByText("1 question waiting")).toBeVisible();
    await expect(canvas.queryByRole("group", { name: "Question in ops: Release" })).toBeNull();
  },
};

export const Nothing: Story = {
  name: "Nothing waiting",
  loaders: [fixtures()],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Nothing is waiting for your answer.")).toBeVisible();
    await expect(canvas.getByRole("status")).toHaveTextContent("No questions waiting");
  },
};

const region = [{ questionId: "checks", header: checks.header, question: checks.question, options: checks.options }];
const toolInput = { questions: [checks] };
const output = (text: string) => ({ text, isError: false, completed: true });

/**
 * `AskUserToolCallSummary`: the chip of an `ask_user` call in a chat transcript, built from the row's
 * own input and result (what the OpenClaw plugin puts in place of the raw tool card). A result the
 * kit cannot read still gets a chip: the outcome is unknown, and the tool's own text is shown.
 */
export const ToolCallChips: Story = {
  name: "Chips from tool calls (and one unreadable result)",
  loaders: [fixtures()],
  render: () => (
    <div style={{ display: "grid", gap: 8, maxInlineSize: 640 }}>
      <AskUserToolCallSummary
        toolCallId="call_1"
        input={toolInput}
        result={output(formatToolResultText(region, { status: "answered", answers: { answers: { checks: ["Unit tests", "Changelog"] } } }))}
      />
      <AskUserToolCallSummary
        toolCallId="call_2"
        input={toolInput}
        result={output(formatToolResultText(region, { status: "no_answer" }, { noAnswerStatus: "cancelled" }))}
      />
      <AskUserToolCallSummary
        toolCallId="call_3"
        input={toolInput}
        result={output(formatToolResultText(region, { status: "no_answer" }, { noAnswerStatus: "expired" }))}
      />
      <AskUserToolCallSummary toolCallId="call_4" input={toolInput} result={output('Checks: everything\n\n{"status": "hand-edited"}')} />
    </div>
  ),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole("group", { name: "Question outcome" })).toHaveLength(4));
    const chips = canvas.getAllByRole("group", { name: "Question outcome" });
    await expect(chips.map((chip) => chip.getAttribute("data-outcome"))).toEqual(["answered", "skipped", "expired", "unknown"]);
    await expect(chips[0]).toHaveTextContent("Checks: Unit tests, Changelog");
    await expect(chips[3]).toHaveTextContent("Outcome unknown");
    await expect(canvas.getByRole("region", { name: "The tool's own text" })).toHaveTextContent('{"status": "hand-edited"}');
  },
};
