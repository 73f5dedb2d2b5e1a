import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import type { SummaryOutcome } from "../src/index.js";
import { AskUserSummary, AskUserTranscript } from "../src/index.js";
import type { AskUserStoreState } from "../src/store/types.js";
import { ChatFrame } from "./support/chat-frame.js";
import { findFocusedPanel } from "./support/play.js";
import { recordOf, threeSteps } from "./support/questions.js";
import { answered, fixtures, gatewayFed, kitOf, settleSoon } from "./support/story-kit.js";

/**
 * The transcript chip a finished prompt leaves behind, in every outcome, collapsed and expanded.
 * Each story settles a three-question prompt one way through the store's own actions.
 */
const meta = {
  title: "AskUser/Summary",
  render: (_args, context) => <AskUserSummary promptId={kitOf(context).ids[0]!} defaultOpen={context.parameters.open === true} />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * How each outcome is reached, and the chip lines it must show. `no-answer` only comes from
 * history rebuilt without attribution, so no live action reaches it.
 */
const OUTCOMES: Record<Exclude<SummaryOutcome, "no-answer">, { settle: (state: () => AskUserStoreState, id: string) => void; lines: string[]; word: string }> = {
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

function outcomeStory(outcome: keyof typeof OUTCOMES, open: boolean): Story {
  const { settle, lines, word } = OUTCOMES[outcome];
  return {
    name: `${word} (${open ? "expanded" : "collapsed"})`,
    parameters: { open },
    loaders: [fixtures({ records: () => [recordOf(threeSteps)], setup: (state, [id]) => settle(state, id!) })],
    play: async ({ canvas, canvasElement, userEvent }) => {
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
      await userEvent.click(toggle);
      await expect(canvas.getByRole("button", { name: "Show details" })).toHaveAttribute("aria-expanded", "false");
    },
  };
}

export const Answered = outcomeStory("answered", false);
export const AnsweredExpanded = outcomeStory("answered", true);
export const Skipped = outcomeStory("skipped", false);
export const SkippedExpanded = outcomeStory("skipped", true);
export const Expired = outcomeStory("expired", false);
export const ExpiredExpanded = outcomeStory("expired", true);
export const AnsweredElsewhere = outcomeStory("answered-elsewhere", false);
export const AnsweredElsewhereExpanded = outcomeStory("answered-elsewhere", true);
export const Unavailable = outcomeStory("unavailable", false);
export const UnavailableExpanded = outcomeStory("unavailable", true);
export const RunEnded = outcomeStory("run-ended", false);
export const RunEndedExpanded = outcomeStory("run-ended", true);

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
