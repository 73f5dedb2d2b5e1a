import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { AskUserSummary, AskUserTranscript, vi } from "../src/index.js";
import { invalidAnswerMessage, INVALID_ANSWER_REASONS, type PromptSummary, type SummaryOutcome } from "../src/contract/index.js";
import { motionDone } from "./support/play.js";
import { checks, deployTarget, longLabels, notify, recordOf, rightToLeft, single, threeSteps } from "./support/questions.js";
import { type FixtureKitOptions, fixtures } from "./support/story-kit.js";
import { ChipStack, VisualChat } from "./support/visual-frame.js";

/**
 * Every state the kit draws, each as a still picture in a full-height chat, in light and in dark:
 * what axe checks for contrast in both schemes and what test/visual compares against its
 * screenshots. Fixture-fed and deterministic (fixed ids, times and clocks; no countdown).
 */
const meta = {
  title: "AskUser/Visual",
  render: () => <VisualChat />,
  parameters: { layout: "fullscreen" },
  play: async ({ canvasElement, parameters }) => {
    // Ready when the state's own element is on screen and every entrance has finished.
    const selector = (parameters.visual as { ready: string }).ready;
    await waitFor(() => expect(canvasElement.querySelector(selector)).not.toBeNull());
    await motionDone();
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The same story on the dark scheme. */
function dark(story: Story): Story {
  return { ...story, name: `${story.name} (dark)`, parameters: { ...story.parameters, theme: "dark" } };
}

const PANEL = '[data-slot="ask-user-root"]';
const T0 = Date.UTC(2026, 0, 15, 9, 30);
/** Fixed creation times would have expired long ago: these prompts stay open (and show no countdown). */
const NEVER = Date.UTC(2100, 0, 1);

export const PanelStep1: Story = {
  name: "Panel, step 1 of 3",
  parameters: { visual: { ready: PANEL } },
  loaders: [fixtures({ records: () => [recordOf(threeSteps, { id: "ask_visual_1" })] })],
};
export const PanelStep1Dark = dark(PanelStep1);

export const PanelStep2: Story = {
  name: "Panel, step 2 of 3 (multi-select, Other typed)",
  parameters: { visual: { ready: '[data-slot="ask-user-question"][data-step="2"]' } },
  loaders: [
    fixtures({
      records: () => [recordOf(threeSteps, { id: "ask_visual_2" })],
      setup: (state, [id]) => {
        state().pickOption(id!, "deploy_target", "Production");
        state().nextStep(id!);
        state().toggleOption(id!, "checks", "Unit tests");
        state().toggleOption(id!, "checks", "Bundle size");
        state().setOtherText(id!, "checks", "Lighthouse audit");
      },
    }),
  ],
};
export const PanelStep2Dark = dark(PanelStep2);

export const PanelSingle: Story = {
  name: "Panel, one question, an option picked",
  parameters: { visual: { ready: PANEL } },
  loaders: [
    fixtures({
      records: () => [recordOf(single, { id: "ask_visual_3" })],
      setup: (state, [id]) => state().pickOption(id!, "deploy_target", "Staging (Recommended)"),
    }),
  ],
};
export const PanelSingleDark = dark(PanelSingle);

export const Checking: Story = {
  name: "Checking with the gateway (sending waits)",
  parameters: { visual: { ready: '[data-slot="ask-user-checking"]' } },
  loaders: [
    fixtures({
      records: () => [recordOf(single, { id: "ask_visual_11" })],
      setup: (state, [id]) => {
        state().pickOption(id!, "deploy_target", "Production");
        state().markChecking(id!);
      },
    }),
  ],
};
export const CheckingDark = dark(Checking);

/** The longest words of the shipped catalogues, on a phone: the footer and labels still fit. */
export const Vietnamese: Story = {
  name: "Vietnamese, step 1 of 3",
  parameters: { visual: { ready: PANEL }, askUser: { locale: vi } },
  loaders: [fixtures({ records: () => [recordOf(threeSteps, { id: "ask_visual_12" })] })],
};

/** Three requests docked: the newest, a three-step one, is on screen. */
const threeRequests = (setup?: FixtureKitOptions["setup"]) =>
  fixtures({
    records: () => [
      recordOf({ questions: [notify] }, { id: "ask_visual_4a", runId: "run_a", createdAtMs: T0, expiresAtMs: NEVER }),
      recordOf({ questions: [checks] }, { id: "ask_visual_4b", runId: "run_b", createdAtMs: T0 + 1_000, expiresAtMs: NEVER }),
      recordOf(threeSteps, { id: "ask_visual_4c", runId: "run_c", createdAtMs: T0 + 2_000, expiresAtMs: NEVER }),
    ],
    setup: (state, ids) => {
      state().pickOption(ids[2]!, "deploy_target", "Production");
      state().nextStep(ids[2]!);
      setup?.(state, ids);
    },
  });

export const SeveralPending: Story = {
  name: "Several pending requests (navigator and steps)",
  parameters: { visual: { ready: '[data-slot="ask-user-navigator"]' } },
  loaders: [threeRequests()],
};
export const SeveralPendingDark = dark(SeveralPending);

export const CollapsedWaiting: Story = {
  name: "Collapsed bar, two more waiting",
  parameters: { visual: { ready: '[data-slot="ask-user-collapse-bar"]' } },
  loaders: [threeRequests((state) => state().setCollapsed(true))],
};
export const CollapsedWaitingDark = dark(CollapsedWaiting);

export const SkipConfirm: Story = {
  name: "Skip with a typed answer (asks first)",
  parameters: { visual: { ready: '[data-slot="ask-user-skip-confirm"]' } },
  loaders: [
    fixtures({
      records: () => [recordOf(single, { id: "ask_visual_5" })],
      setup: (state, [id]) => {
        state().setOtherText(id!, "deploy_target", "Canary on 5% of traffic first");
        state().skip(id!);
      },
    }),
  ],
};
export const SkipConfirmDark = dark(SkipConfirm);

export const SubmitError: Story = {
  name: "Submit failed (error with Retry)",
  parameters: { visual: { ready: '[data-slot="ask-user-error"]' } },
  loaders: [
    fixtures({
      records: () => [recordOf(threeSteps, { id: "ask_visual_6" })],
      setup: (state, [id]) => {
        state().pickOption(id!, "deploy_target", "Production");
        state().toggleOption(id!, "checks", "Unit tests");
        state().nextStep(id!);
        state().pickOption(id!, "notify", "The team channel");
        state().submit(id!);
        state().resolveFailed(id!, {
          message: invalidAnswerMessage("notify", INVALID_ANSWER_REASONS.unknownOption),
          reason: "QUESTION_INVALID_ANSWER",
          code: "INVALID_REQUEST",
        });
      },
    }),
  ],
};
export const SubmitErrorDark = dark(SubmitError);

export const CredentialHeld: Story = {
  name: "Other answer that looks like a secret (held)",
  parameters: { visual: { ready: '[data-slot="ask-user-credential-warning"]' } },
  loaders: [
    fixtures({
      records: () => [recordOf(single, { id: "ask_visual_7" })],
      setup: (state, [id]) => {
        state().setOtherText(id!, "deploy_target", "sk-proj-9fQ2mX7LtR4vW8zK1pN6bY3cH5jD0aE");
        state().submit(id!);
      },
    }),
  ],
};
export const CredentialHeldDark = dark(CredentialHeld);

export const Problems: Story = {
  name: "Problems out of sight (an error and a warning)",
  parameters: { visual: { ready: '[data-slot="ask-user-problems"]' } },
  loaders: [
    fixtures({
      setup: (state) => {
        state().reportProblem({
          kind: "record-unreadable",
          promptId: "ask_broken",
          message: "questions/0/options: expected 2 to 4 options, got 1",
        });
        state().reportProblem({ kind: "summary-storage-full", message: "QuotaExceededError" });
      },
    }),
  ],
};
export const ProblemsDark = dark(Problems);

export const OtherSessions: Story = {
  name: "Questions waiting in another session",
  parameters: { visual: { ready: '[data-slot="ask-user-other-sessions"]' }, askUser: { viewSessionKey: "agent:main:main" } },
  loaders: [
    fixtures({
      records: () => [
        recordOf(single, { id: "ask_visual_8a", sessionKey: "agent:main:research", createdAtMs: T0, expiresAtMs: NEVER }),
        recordOf({ questions: [notify] }, { id: "ask_visual_8b", sessionKey: "agent:main:research", createdAtMs: T0 + 1_000, expiresAtMs: NEVER }),
      ],
    }),
  ],
};
export const OtherSessionsDark = dark(OtherSessions);

/** A settled summary as chat history or storage gives it back (fixed times: no clock in the picture). */
function summary(id: string, outcome: SummaryOutcome, minute: number, extra: Partial<PromptSummary> = {}): PromptSummary {
  const record = recordOf(
    { questions: [deployTarget, notify] },
    {
      id,
      runId: "run_visual_chips",
      createdAtMs: T0 + minute * 60_000,
      status: outcome.startsWith("answered") ? "answered" : outcome === "expired" ? "expired" : "cancelled",
    },
  );
  return { id, record, outcome, resolvedAtMs: T0 + minute * 60_000 + 30_000, ...extra };
}

const EVERY_OUTCOME: PromptSummary[] = [
  summary("ask_chip_1", "answered", 1, { answers: { deploy_target: ["Staging (Recommended)"], notify: ["The team channel"] } }),
  summary("ask_chip_2", "answered-elsewhere", 2, { answers: { deploy_target: ["Production"], notify: ["Nobody"] } }),
  summary("ask_chip_3", "skipped", 3),
  summary("ask_chip_4", "skipped-elsewhere", 4),
  summary("ask_chip_5", "expired", 5, { unsent: { deploy_target: ["Production"] } }),
  summary("ask_chip_6", "run-ended", 6),
  summary("ask_chip_7", "unavailable", 7),
  summary("ask_chip_8", "no-answer", 8),
];

export const EveryOutcome: Story = {
  name: "Summary chips, every outcome",
  render: () => <VisualChat turn={<AskUserTranscript runId="run_visual_chips" />} />,
  parameters: { visual: { ready: '[data-slot="ask-user-summary"][data-outcome="no-answer"]' } },
  loaders: [fixtures({ setup: (state) => state().restoreSummaries(EVERY_OUTCOME) })],
};
export const EveryOutcomeDark = dark(EveryOutcome);

export const ChipExpanded: Story = {
  name: "Summary chip expanded, beside a closed one",
  render: () => (
    <VisualChat
      turn={
        <ChipStack>
          <AskUserSummary promptId="ask_chip_1" defaultOpen now={() => T0 + 6 * 60_000} />
          <AskUserSummary promptId="ask_chip_5" />
        </ChipStack>
      }
    />
  ),
  parameters: { visual: { ready: '[data-slot="ask-user-summary"][data-state="open"]' } },
  loaders: [fixtures({ setup: (state) => state().restoreSummaries(EVERY_OUTCOME) })],
};
export const ChipExpandedDark = dark(ChipExpanded);

export const RightToLeft: Story = {
  name: "Right-to-left, step 2 of 2 (the first answered)",
  decorators: [
    (Story) => (
      <div dir="rtl" lang="ar">
        <Story />
      </div>
    ),
  ],
  parameters: { visual: { ready: PANEL } },
  loaders: [
    fixtures({
      records: () => [recordOf(rightToLeft, { id: "ask_visual_9" })],
      setup: (state, [id]) => state().pickOption(id!, "report_format", "جدول (Recommended)"),
    }),
  ],
};

export const RightToLeftDark = dark(RightToLeft);

export const LongLabelsBudget: Story = {
  name: "Longest labels: the panel keeps to its height budget",
  parameters: { visual: { ready: PANEL } },
  loaders: [fixtures({ records: () => [recordOf(longLabels, { id: "ask_visual_10" })] })],
};
