import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { AskUserSummary, type AskUserSummaryProps, AskUserTranscript, type SummaryOutcome } from "ask-user-kit";
import type { AskUserStoreState } from "ask-user-kit/store";
import { ChatFrame } from "./support/chat-frame.js";
import { findFocusedPanel } from "./support/play.js";
import { recordOf, threeSteps } from "./support/questions.js";
import { consumerSource, jsxAttributes, pick, providerOpen, localeImport } from "./support/source.js";
import { componentArgs, type StoryArgs, storyArgTypes } from "./support/story-args.js";
import { answered, fixtures, gatewayFed, kitOf, settleSoon } from "./support/story-kit.js";

/** The chip's props a story sets from Controls, plus the language and the theme. */
type SummaryArgs = AskUserSummaryProps & StoryArgs;

/**
 * The chip a finished prompt leaves in the transcript: `<header>: <answers>` per question, or how
 * it ended and who ended it, with the details (every option, the free text, when) one click away
 * and "Copy as text". `AskUserTranscript` renders every chip of a turn (`runId`) or a session;
 * `AskUserSummary` is one chip, by `promptId`. Each story settles a three-question prompt one way,
 * through the store's own actions.
 */
const meta = {
  title: "AskUser/Summary",
  component: AskUserSummary,
  subcomponents: { AskUserTranscript },
  tags: ["autodocs"],
  // `promptId` is the story's own settled prompt, filled in by `render`, so it has no control.
  args: { promptId: "", defaultOpen: false },
  argTypes: {
    promptId: { control: false },
    defaultOpen: { control: "boolean" },
    open: { control: "boolean" },
    onOpenChange: { control: false },
    now: { control: false },
    ...storyArgTypes,
  },
  parameters: {
    docs: {
      source: consumerSource(
        (args) => `import { AskUserProvider, AskUserTranscript${localeImport(args)} } from "ask-user-kit";

// Inside the agent turn that asked: every chip of that run, in the order asked.
${providerOpen(args)}
  <AskUserTranscript runId={turn.runId} />
</AskUserProvider>

// Or one chip, by prompt id:
import { AskUserSummary } from "ask-user-kit";
<AskUserSummary promptId={promptId}${jsxAttributes(pick(args, ["open", "defaultOpen"]))} />`,
      ),
    },
  },
  // The story's store has one settled prompt; the chip shows it. Changing `defaultOpen` remounts the
  // chip (`key`), as it only sets the initial state.
  render: (args, context) => <AskUserSummary key={String(args.defaultOpen)} {...componentArgs(args)} promptId={kitOf(context).ids[0]!} />,
} satisfies Meta<SummaryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * How each outcome is reached, and the chip lines it must show. `no-answer` only comes from
 * history rebuilt without attribution, so no live action reaches it.
 */
const OUTCOMES: Record<
  Exclude<SummaryOutcome, "no-answer">,
  { settle: (state: () => AskUserStoreState, id: string) => void; lines: string[]; word: string }
> = {
  answered: {
    settle: (state, id) => {
      state().pickOption(id, "deploy_target", "Staging (Recommended)");
      state().toggleOption(id, "checks", "Unit tests");
      state().toggleOption(id, "checks", "Bundle size");
      state().setOtherText(id, "checks", "Lighthouse");
      state().nextStep(id);
      state().pickOption(id, "notify", "Nobody");
      const sent = state().submit(id);
      if (sent.ok && sent.answers) state().resolveSucceeded(id, { status: "answered", answers: sent.answers });
    },
    lines: ["Target: Staging (Recommended)", "Checks: Unit tests, Bundle size, Lighthouse", "Notify: Nobody"],
    word: "Answered",
  },
  skipped: {
    settle: (state, id) => {
      state().skip(id);
      state().resolveSucceeded(id, { status: "cancelled" });
    },
    lines: ["Target: Skipped", "Checks: Skipped", "Notify: Skipped"],
    word: "Skipped",
  },
  expired: {
    settle: (state, id) => state().applyResolved({ id, status: "expired" }),
    lines: ["Target: Expired", "Checks: Expired", "Notify: Expired"],
    word: "Expired",
  },
  "answered-elsewhere": {
    settle: (state, id) =>
      state().applyResolved({
        id,
        status: "answered",
        answers: { answers: { deploy_target: ["Production"], checks: ["Changelog"], notify: ["The team channel"] } },
      }),
    lines: ["Target: Production", "Checks: Changelog", "Notify: The team channel"],
    word: "Answered elsewhere",
  },
  unavailable: {
    settle: (state, id) => state().markUnavailable(id),
    lines: ["Target: Unavailable", "Checks: Unavailable", "Notify: Unavailable"],
    word: "Unavailable",
  },
  "skipped-elsewhere": {
    settle: (state, id) => state().applyResolved({ id, status: "cancelled" }),
    lines: ["Target: Skipped elsewhere", "Checks: Skipped elsewhere", "Notify: Skipped elsewhere"],
    word: "Skipped elsewhere",
  },
  "run-ended": {
    settle: (state, id) => {
      const entry = state().prompts[id]!;
      state().upsertRecord({ ...entry.record, status: "cancelled", resolvedBy: "requester-inactive" });
    },
    lines: ["Target: Run ended", "Checks: Run ended", "Notify: Run ended"],
    word: "Run ended",
  },
};

/**
 * One outcome's story. The export repeats its `name` as a literal: Storybook's indexer reads names
 * without running this function.
 */
function outcomeStory(outcome: keyof typeof OUTCOMES, open: boolean): Story {
  const { settle, lines, word } = OUTCOMES[outcome];
  return {
    name: `${word} (${open ? "expanded" : "collapsed"})`,
    args: { defaultOpen: open },
    loaders: [fixtures({ records: () => [recordOf(threeSteps)], setup: (state, [id]) => settle(state, id!) })],
    play: async ({ canvas, canvasElement }) => {
      const chip = await canvas.findByRole("group", { name: "Question outcome" });
      await expect(chip).toHaveAttribute("data-outcome", outcome);
      const shown = [...canvasElement.querySelectorAll('[data-slot="ask-user-summary-line"]')].map((line) => line.textContent);
      await expect(shown).toEqual(lines);
      const toggle = canvas.getByRole("button", { name: open ? "Hide details" : "Show details" });
      await expect(toggle).toHaveAttribute("aria-expanded", String(open));
      if (!open) {
        await expect(canvasElement.querySelector('[data-slot="ask-user-summary-details"]')).not.toBeVisible();
        return;
      }
      // Expanded: every question with all its options, the outcome named in words.
      await expect(canvasElement.querySelector('[data-slot="ask-user-summary-outcome"]')?.textContent).toMatch(new RegExp(`^${word}( · |$)`));
      await expect(canvas.getAllByRole("list", { name: /\?$/ })).toHaveLength(3);
      await expect(canvasElement.querySelector('[data-slot="ask-user-summary-details"]')).toBeVisible();
    },
  };
}

export const Answered: Story = { ...outcomeStory("answered", false), name: "Answered (collapsed)" };
export const AnsweredExpanded: Story = { ...outcomeStory("answered", true), name: "Answered (expanded)" };
export const Skipped: Story = { ...outcomeStory("skipped", false), name: "Skipped (collapsed)" };
export const SkippedExpanded: Story = { ...outcomeStory("skipped", true), name: "Skipped (expanded)" };
export const Expired: Story = { ...outcomeStory("expired", false), name: "Expired (collapsed)" };
export const ExpiredExpanded: Story = { ...outcomeStory("expired", true), name: "Expired (expanded)" };
export const AnsweredElsewhere: Story = { ...outcomeStory("answered-elsewhere", false), name: "Answered elsewhere (collapsed)" };
export const AnsweredElsewhereExpanded: Story = { ...outcomeStory("answered-elsewhere", true), name: "Answered elsewhere (expanded)" };
export const Unavailable: Story = { ...outcomeStory("unavailable", false), name: "Unavailable (collapsed)" };
export const UnavailableExpanded: Story = { ...outcomeStory("unavailable", true), name: "Unavailable (expanded)" };
export const RunEnded: Story = { ...outcomeStory("run-ended", false), name: "Run ended (collapsed)" };
export const RunEndedExpanded: Story = { ...outcomeStory("run-ended", true), name: "Run ended (expanded)" };

/** The whole loop: answer in the docked panel, and the turn keeps only the chip. */
export const PanelThenChip: Story = {
  name: "Answered in the panel, kept as a chip",
  render: () => (
    <ChatFrame
      transcript={
        <li data-from="agent">
          <AskUserTranscript runId="run_story_chip" />
        </li>
      }
    />
  ),
  loaders: [gatewayFed({ asks: [{ input: { questions: [threeSteps.questions[0]!] }, runId: "run_story_chip" }] })],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await findFocusedPanel(canvas);
    await userEvent.click(canvas.getByRole("radio", { name: /^Production/ }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual(answered({ deploy_target: ["Production"] }));
    const chip = await canvas.findByRole("group", { name: "Question outcome" });
    await expect(chip).toHaveTextContent("Target: Production");
    await expect(canvas.queryByRole("group", { name: "Question" })).toBeNull();
  },
};
