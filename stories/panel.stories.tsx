import type { Meta, StoryObj } from "@storybook/react-vite";
import { useEffect, useState } from "react";
import { expect, waitFor } from "storybook/test";
import { AskUserDock, type AskUserDockProps, AskUserPanel, AskUserProvider, type AskUserProviderProps, AskUserTranscript } from "ask-user-kit";
import { invalidAnswerMessage, INVALID_ANSWER_REASONS } from "ask-user-kit/contract";
import { ChatFrame } from "./support/chat-frame.js";
import { checks, deployTarget, longLabels, multi, notify, recordOf, rightToLeft, single, threeSteps, vietnamese } from "./support/questions.js";
import { findFocusedPanel, findPanel } from "./support/play.js";
import { consumerSource, jsxAttributes, pick, providerOpen, localeImport } from "./support/source.js";
import { componentArgs, type StoryArgs, storyArgTypes } from "./support/story-args.js";
import { answered, createFixtureKit, fixtures, gatewayFed, kitOf, openOtherTab, settleSoon, type StoryKit } from "./support/story-kit.js";

/** The dock's props a story sets from Controls, plus the provider's language and session and the theme. */
type PanelArgs = AskUserDockProps & StoryArgs & PlaygroundArgs;

const DOCK_KEYS = ["countdownThreshold", "autoFocus"] as const;
const DOCK_DEFAULTS: Record<string, unknown> = { countdownThreshold: 60, autoFocus: true };

/** A snippet names only the props a reader changed. */
const withoutDefaults = (props: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(props).filter(([key, value]) => DOCK_DEFAULTS[key] !== value));

/** "Show code": the dock as an app mounts it, with the props the Controls set. */
const dockSource = (
  args: Record<string, unknown>,
  transcript = false,
) => `import { AskUserDock, AskUserProvider${transcript ? ", AskUserTranscript" : ""}${localeImport(args)} } from "ask-user-kit";
import "ask-user-kit/styles.css";

export function Chat({ client }) {
  return (
    ${providerOpen(args)}
      <Messages${transcript ? " renderTurnExtras={(runId) => <AskUserTranscript runId={runId} />}" : ""} />
      <AskUserDock${jsxAttributes(withoutDefaults(pick(args, DOCK_KEYS)))}>
        <Composer />
      </AskUserDock>
    </AskUserProvider>
  );
}`;

/**
 * `AskUserDock` wraps your composer: an open prompt takes the composer's place (the composer stays
 * mounted, only hidden, so its draft survives); collapsed, a one-line bar sits on the restored
 * composer. `AskUserPanel` is the same panel without the dock, for a layout of your own.
 *
 * Every story below has its own store. The agent's questions come from an embedded gateway
 * (`ask-user-kit/testing`) over an in-memory WebSocket, through the real client, or are put
 * straight into the store; the composer and the chat around the dock are the host's (here, a stand-in).
 */
const meta = {
  title: "AskUser/Panel",
  component: AskUserDock,
  subcomponents: { AskUserPanel },
  tags: ["autodocs"],
  parameters: { layout: "padded", docs: { source: consumerSource((args) => dockSource(args)) } },
  args: { countdownThreshold: 60, autoFocus: true },
  argTypes: {
    // The dock passes these on to the panel, whose defaults they are (react-docgen sees no default here).
    countdownThreshold: { control: { type: "number", min: 0, step: 15 }, table: { defaultValue: { summary: "60" } } },
    autoFocus: { control: "boolean" },
    ...storyArgTypes,
    children: { control: false },
    composerRef: { control: false },
    now: { control: false },
    onShowOtherSessions: { control: false },
  },
  render: (args) => <ChatFrame dock={dockArgs(args)} />,
} satisfies Meta<PanelArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const STAGING = /^Staging/;

/** The dock's own props among a story's args. */
function dockArgs(args: PanelArgs): Omit<AskUserDockProps, "children"> {
  const { children: _children, prompt: _prompt, promptSession: _promptSession, expiresInSeconds: _expires, ...dock } = componentArgs(args);
  return dock;
}

export const SingleChoice: Story = {
  loaders: [gatewayFed({ asks: [{ input: single }] })],
  play: async ({ canvas }) => {
    await findFocusedPanel(canvas);
    await expect(canvas.getByText("Where should this release go first?")).toBeVisible();
    // The recommended option shows a badge; its value keeps the exact label.
    await expect(canvas.getByRole("radio", { name: "Staging Recommended" })).toBeVisible();
    await expect(canvas.getByRole("radio", { name: /^Production/ })).not.toBeChecked();
    // The open panel takes the composer's place.
    await expect(canvas.queryByRole("textbox", { name: "Message" })).toBeNull();
  },
};

export const MultiSelect: Story = {
  loaders: [
    gatewayFed({
      asks: [{ input: multi }],
      setup: (state, [id]) => {
        state().toggleOption(id!, "checks", "Browser tests");
        state().toggleOption(id!, "checks", "Unit tests");
      },
    }),
  ],
  play: async ({ canvas }) => {
    await findPanel(canvas);
    await expect(canvas.getByText("Choose any that apply.")).toBeVisible();
    await expect(canvas.getByRole("checkbox", { name: "Browser tests" })).toBeChecked();
    await expect(canvas.getByRole("checkbox", { name: "Unit tests" })).toBeChecked();
    await expect(canvas.getByRole("checkbox", { name: "Changelog" })).not.toBeChecked();
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeEnabled();
  },
};

export const OtherTyped: Story = {
  loaders: [
    gatewayFed({
      asks: [{ input: single }],
      setup: (state, [id]) => {
        state().pickOption(id!, "deploy_target", "Staging (Recommended)");
        state().setOtherText(id!, "deploy_target", "Canary on 5% of traffic, then everyone");
      },
    }),
  ],
  play: async ({ canvas }) => {
    await findPanel(canvas);
    await expect(canvas.getByRole("textbox", { name: "Your own answer for Target" })).toHaveValue("Canary on 5% of traffic, then everyone");
    // Typing an own answer cleared the pick of this single-select question.
    await expect(canvas.getByRole("radio", { name: STAGING })).not.toBeChecked();
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeEnabled();
  },
};

export const IntermediateStep: Story = {
  name: "Intermediate step (2/3)",
  loaders: [
    gatewayFed({
      asks: [{ input: threeSteps }],
      setup: (state, [id]) => state().pickOption(id!, "deploy_target", "Preview link"),
    }),
  ],
  play: async ({ canvas }) => {
    await findPanel(canvas);
    const indicator = canvas.getByRole("img", { name: "Step 2 of 3" });
    await expect([...indicator.querySelectorAll('[data-slot="ask-user-step-segment"]')].map((segment) => segment.getAttribute("data-state"))).toEqual(
      ["complete", "current", "upcoming"],
    );
    await expect(canvas.getByRole("button", { name: "Back" })).toBeEnabled();
    // Nothing picked on this step yet: Next waits for a value.
    await expect(canvas.getByRole("button", { name: "Next" })).toBeDisabled();
  },
};

export const Submitting: Story = {
  loaders: [
    fixtures({
      records: () => [recordOf(single)],
      setup: (state, [id]) => {
        state().pickOption(id!, "deploy_target", "Production");
        state().submit(id!);
      },
    }),
  ],
  play: async ({ canvas }) => {
    await findPanel(canvas);
    const submit = canvas.getByRole("button", { name: "Submitting…" });
    await expect(submit).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Skip" })).toBeDisabled();
    await expect(canvas.getByRole("radio", { name: /^Production/ })).toBeDisabled();
    await expect(canvas.getByRole("radio", { name: /^Production/ })).toBeChecked();
  },
};

export const SubmitError: Story = {
  loaders: [
    fixtures({
      records: () => [recordOf(threeSteps)],
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
  play: async ({ canvas }) => {
    await findPanel(canvas);
    const alert = canvas.getByRole("alert");
    await expect(alert.textContent).toBe("Could not submit: question 'notify' contains an unknown option");
    // The panel is live again and the drafts are intact.
    await expect(canvas.getByRole("radio", { name: "The team channel" })).toBeChecked();
    await expect(canvas.getByRole("radio", { name: "The team channel" })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: "Retry" })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeEnabled();
  },
};

export const Collapsed: Story = {
  name: "Collapsed bar over the composer",
  loaders: [
    fixtures({
      records: () => [recordOf(threeSteps)],
      setup: (state, [id]) => {
        state().pickOption(id!, "deploy_target", "Production");
        state().setCollapsed(true);
      },
    }),
  ],
  play: async ({ canvas }) => {
    const bar = await canvas.findByRole("button", { name: /Question · Checks/ });
    await expect(bar).toHaveTextContent("2/3");
    await expect(bar).toHaveAttribute("aria-expanded", "false");
    // Collapsed, the whole composer is back below the bar; the panel's body is hidden.
    await expect(canvas.getByRole("textbox", { name: "Message" })).toBeVisible();
    await expect(canvas.queryByRole("group", { name: "Question" })).toBeNull();
  },
};

export const SeveralPending: Story = {
  name: "Several pending prompts (navigator)",
  loaders: [
    fixtures({
      records: () => [
        recordOf({ questions: [deployTarget] }, { runId: "run_a" }),
        recordOf({ questions: [checks] }, { runId: "run_b" }),
        recordOf({ questions: [notify] }, { runId: "run_c" }),
      ],
    }),
  ],
  play: async ({ canvas }) => {
    // The newest prompt is active.
    await findPanel(canvas);
    await expect(canvas.getByRole("img", { name: "Request 3 of 3" })).toHaveTextContent("3/3");
    await expect(canvas.getByText("Who should hear about the release?")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Previous request" })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: "Next request" })).toBeEnabled();
  },
};

export const CountdownNearEnd: Story = {
  name: "Countdown near the end",
  loaders: [fixtures({ records: () => [recordOf(single, { expiresAtMs: Date.now() + 45_000 })] })],
  play: async ({ canvas }) => {
    await findPanel(canvas);
    const timer = canvas.getByRole("timer");
    await expect(timer.textContent).toMatch(/^\d{1,2} seconds? left$/);
    await expect(Number(timer.getAttribute("data-seconds"))).toBeLessThanOrEqual(45);
  },
};

/** A chat whose agent turn keeps the chips of its ended prompts, for the end-state stories. */
const withChips: Story["render"] = (args) => (
  <ChatFrame
    dock={dockArgs(args)}
    transcript={
      <li data-from="agent">
        <AskUserTranscript />
      </li>
    }
  />
);
const withChipsSource = { docs: { source: consumerSource((args) => dockSource(args, true)) } };

/** An ended prompt closes: no panel, the composer back, the chip saying who ended it. */
async function expectClosedWithChip(canvas: Parameters<NonNullable<Story["play"]>>[0]["canvas"], outcome: string, line: string) {
  const chip = await canvas.findByRole("group", { name: "Question outcome" });
  await expect(chip).toHaveAttribute("data-outcome", outcome);
  await expect(chip).toHaveTextContent(line);
  await waitFor(() => expect(canvas.queryByRole("group", { name: "Question" })).toBeNull());
  await expect(canvas.getByRole("textbox", { name: "Message" })).toBeVisible();
  return chip;
}

export const Expired: Story = {
  name: "Expired while shown (closes; the pick kept as not sent)",
  render: withChips,
  parameters: withChipsSource,
  loaders: [
    fixtures({
      records: () => [recordOf(single)],
      setup: (state, [id]) => state().pickOption(id!, "deploy_target", "Production"),
      afterMount: (kit) => kit.store.getState().applyResolved({ id: kit.ids[0]!, status: "expired" }),
    }),
  ],
  play: async ({ canvas }) => {
    const chip = await expectClosedWithChip(canvas, "expired", "Target: Expired");
    // The draft that never went out is readable in the chip.
    await expect(chip).toHaveTextContent("Not sent: Target: Production");
  },
};

export const AnsweredElsewhere: Story = {
  name: "Answered in another tab (closes; the canonical answer in the chip)",
  render: withChips,
  parameters: withChipsSource,
  loaders: [gatewayFed({ asks: [{ input: single }] })],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await findPanel(canvas);
    await userEvent.click(canvas.getByRole("radio", { name: STAGING }));
    // Another tab answers first (first writer wins).
    const otherTab = openOtherTab(kit.gateway!);
    try {
      await settleSoon(otherTab.ready, "the other tab to connect");
      await otherTab.questions.resolve(kit.ids[0]!, { deploy_target: ["Preview link"] });
    } finally {
      otherTab.close();
    }
    await expectClosedWithChip(canvas, "answered-elsewhere", "Target: Preview link");
    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual(answered({ deploy_target: ["Preview link"] }));
  },
};

export const Unavailable: Story = {
  name: "Gone from the gateway (closes; chip Unavailable)",
  render: withChips,
  parameters: withChipsSource,
  loaders: [
    fixtures({
      records: () => [recordOf(single)],
      afterMount: (kit) => kit.store.getState().markUnavailable(kit.ids[0]!),
    }),
  ],
  play: async ({ canvas }) => {
    await expectClosedWithChip(canvas, "unavailable", "Target: Unavailable");
  },
};

export const Disconnected: Story = {
  loaders: [fixtures({ records: () => [recordOf(single)], connection: "disconnected" })],
  play: async ({ canvas, userEvent }) => {
    await findPanel(canvas);
    await userEvent.click(canvas.getByRole("radio", { name: /^Production/ }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Not connected. Try again after reconnecting.");
    // Nothing is lost: the pick stays, the panel stays live.
    await expect(canvas.getByRole("radio", { name: /^Production/ })).toBeChecked();
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeEnabled();
  },
};

export const OtherSessionWaiting: Story = {
  name: "Question waiting in another session",
  args: { viewSessionKey: "agent:main:main" },
  loaders: [fixtures({ records: () => [recordOf(single, { sessionKey: "agent:main:research" })] })],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("1 question is waiting in session research")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Go to research" })).toBeVisible();
    // Not docked: the composer stays.
    await expect(canvas.queryByRole("group", { name: "Question" })).toBeNull();
    await expect(canvas.getByRole("textbox", { name: "Message" })).toBeVisible();
  },
};

export const LongLabels: Story = {
  name: "Long labels and a 12-character header",
  loaders: [gatewayFed({ asks: [{ input: longLabels }] })],
  play: async ({ canvas, canvasElement, loaded }) => {
    const kit = kitOf({ loaded });
    // The tool cut "Migration window" to 12 UTF-16 units.
    await expect(kit.store.getState().prompts[kit.ids[0]!]?.record.questions[0]?.header).toBe("Migration wi");
    await findPanel(canvas);
    await expect(canvas.getByRole("textbox", { name: "Your own answer for Migration wi" })).toBeVisible();
    const root = canvasElement.querySelector<HTMLElement>('[data-slot="ask-user-root"]')!;
    // Long text wraps inside the panel instead of widening it.
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
    for (const option of canvas.getAllByRole("radio")) {
      await expect(option.getBoundingClientRect().right).toBeLessThanOrEqual(root.getBoundingClientRect().right);
    }
  },
};

export const Dark: Story = {
  args: { theme: "dark" },
  loaders: [
    fixtures({
      records: () => [recordOf(threeSteps)],
      setup: (state, [id]) => state().pickOption(id!, "deploy_target", "Staging (Recommended)"),
    }),
  ],
  play: async ({ canvas }) => {
    const panel = await findPanel(canvas);
    // The dark tokens apply (axe checks the contrast of every text pair).
    await expect(getComputedStyle(panel).backgroundColor).toBe("rgb(22, 27, 34)");
  },
};

export const Vietnamese: Story = {
  args: { locale: "vi" },
  loaders: [gatewayFed({ asks: [{ input: vietnamese }] })],
  play: async ({ canvas }) => {
    await findFocusedPanel(canvas, "Câu hỏi");
    await expect(canvas.getByRole("radio", { name: "Thử nghiệm Được đề xuất" })).toBeVisible();
    await expect(canvas.getByRole("img", { name: "Bước 1 trên 2" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Bỏ qua" })).toBeEnabled();
  },
};

export const GatewayProblem: Story = {
  name: "A record that cannot be shown",
  loaders: [
    fixtures({
      setup: (state) =>
        state().reportProblem({
          kind: "record-unreadable",
          promptId: "ask_broken",
          message: "questions/0/options: expected 2 to 4 options, got 1",
        }),
    }),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "A question could not be shown: questions/0/options: expected 2 to 4 options, got 1",
    );
  },
};

export const RightToLeft: Story = {
  name: "Right-to-left",
  decorators: [
    (Story) => (
      <div dir="rtl" lang="ar">
        <Story />
      </div>
    ),
  ],
  loaders: [fixtures({ records: () => [recordOf(rightToLeft)] })],
  play: async ({ canvas }) => {
    const panel = await findPanel(canvas);
    await expect(getComputedStyle(panel).direction).toBe("rtl");
    // The options follow the page's direction (Radix would otherwise pin them to its default, ltr).
    await expect(getComputedStyle(canvas.getByRole("radiogroup")).direction).toBe("rtl");
    const option = canvas.getByRole("radio", { name: /^جدول/ });
    // Logical properties: the indicator comes first in reading order, so right of the label in RTL.
    const indicator = option.querySelector('[data-slot="ask-user-option-indicator"]')!;
    const label = option.querySelector('[data-slot="ask-user-option-label"]')!;
    await expect(indicator.getBoundingClientRect().left).toBeGreaterThanOrEqual(label.getBoundingClientRect().right);
  },
};

/** A chat-less layout of the host's own: the panel alone, where the host wants it. */
export const PanelAlone: Story = {
  name: "AskUserPanel without the dock",
  parameters: {
    docs: {
      source: consumerSource(
        (args) => `import { AskUserPanel, AskUserProvider${localeImport(args)} } from "ask-user-kit";
import "ask-user-kit/styles.css";

// The store's active prompt, one question per step; renders nothing when no prompt is open.
${providerOpen(args)}
  <aside className="question-sidebar">
    <AskUserPanel${jsxAttributes(withoutDefaults(pick(args, DOCK_KEYS)))} />
  </aside>
</AskUserProvider>`,
      ),
    },
  },
  render: (args) => {
    const { composerRef: _composerRef, onShowOtherSessions: _show, ...panel } = dockArgs(args);
    return (
      <div style={{ maxInlineSize: 480 }}>
        <AskUserPanel {...panel} />
      </div>
    );
  },
  loaders: [fixtures({ records: () => [recordOf(threeSteps)] })],
  play: async ({ canvas }) => {
    await findFocusedPanel(canvas);
    await expect(canvas.getByRole("img", { name: "Step 1 of 3" })).toBeVisible();
    // No dock: no composer to hide or give back.
    await expect(canvas.queryByRole("textbox", { name: "Message" })).toBeNull();
  },
};

/** The host's own "Question" toggle next to the dock, owning whether the panel is folded. */
function ControlledDock(args: PanelArgs) {
  const [collapsed, setCollapsed] = useState(true);
  return (
    <div>
      <p className="story-host-bar">
        <button type="button" aria-pressed={!collapsed} onClick={() => setCollapsed((value) => !value)}>
          {collapsed ? "Show the question" : "Hide the question"}
        </button>
      </p>
      <ChatFrame dock={{ ...dockArgs(args), collapsed, onCollapsedChange: setCollapsed }} />
    </div>
  );
}

/**
 * Controlled, like a Radix component: `collapsed` decides, and the dock's own requests (Esc, the
 * chevron, the bar, a question arriving while the person types) arrive through
 * `onCollapsedChange`. Passing the value back accepts them; here the host also has its own button.
 */
export const ControlledCollapse: Story = {
  name: "Controlled collapse (the host's own toggle)",
  parameters: {
    docs: {
      source: consumerSource(
        (args) => `import { useState } from "react";
import { AskUserDock, AskUserProvider${localeImport(args)} } from "ask-user-kit";

export function Chat({ client }) {
  const [collapsed, setCollapsed] = useState(true);
  return (
    ${providerOpen(args)}
      <button aria-pressed={!collapsed} onClick={() => setCollapsed(!collapsed)}>
        {collapsed ? "Show the question" : "Hide the question"}
      </button>
      <AskUserDock collapsed={collapsed} onCollapsedChange={setCollapsed}>
        <Composer />
      </AskUserDock>
    </AskUserProvider>
  );
}`,
      ),
    },
  },
  render: (args) => <ControlledDock {...args} />,
  loaders: [fixtures({ records: () => [recordOf(threeSteps)] })],
  play: async ({ canvas }) => {
    // The host said collapsed: the bar, not the panel, however the question docked.
    const bar = await canvas.findByRole("button", { name: /Question · Target/ });
    await expect(bar).toHaveAttribute("aria-expanded", "false");
    await expect(canvas.getByRole("button", { name: "Show the question" })).toHaveAttribute("aria-pressed", "false");
    await expect(canvas.queryByRole("group", { name: "Question" })).toBeNull();
  },
};

/** The questions the Playground can ask. */
const PROMPTS = {
  "Single choice": single,
  "Multi-select": multi,
  "Three steps": threeSteps,
  "Long labels": longLabels,
  "Vietnamese content": vietnamese,
  "Arabic content": rightToLeft,
} as const;

interface PlaygroundArgs {
  /** Story only: which question the agent asks. */
  prompt?: keyof typeof PROMPTS;
  /** Story only: the session the question is asked in. */
  promptSession?: string;
  /** Story only: seconds until the question expires. */
  expiresInSeconds?: number;
}

/** A fresh store holding one prompt, rebuilt whenever the prompt, its session or its expiry changes. */
function usePlaygroundKit(prompt: keyof typeof PROMPTS, promptSession: string, expiresInSeconds: number): StoryKit | null {
  const [kit, setKit] = useState<StoryKit | null>(null);
  useEffect(() => {
    const next = createFixtureKit({
      records: () => [recordOf(PROMPTS[prompt], { sessionKey: `agent:main:${promptSession}`, expiresAtMs: Date.now() + expiresInSeconds * 1000 })],
    });
    setKit(next);
    return () => next.dispose();
  }, [prompt, promptSession, expiresInSeconds]);
  return kit;
}

function PlaygroundChat({
  prompt = "Three steps",
  promptSession = "main",
  expiresInSeconds = 900,
  locale,
  messages,
  viewSessionKey,
  ...args
}: PanelArgs) {
  const kit = usePlaygroundKit(prompt, promptSession, expiresInSeconds);
  if (!kit) return null;
  // `locale` arrives mapped by its control (a catalogue or "en"), whatever the arg's option type says.
  const provider = {
    ...(locale === undefined ? {} : { locale: locale as AskUserProviderProps["locale"] }),
    ...(messages === undefined ? {} : { messages }),
    ...(viewSessionKey === undefined ? {} : { viewSessionKey }),
  };
  return (
    <AskUserProvider store={kit.store} {...provider}>
      <ChatFrame
        dock={dockArgs(args)}
        transcript={
          <li data-from="agent">
            <AskUserTranscript />
          </li>
        }
      />
    </AskUserProvider>
  );
}

/**
 * Every control at once: pick the question, the session it is asked in and the one on screen, when
 * it expires and from when the countdown shows, the language and the theme. The question is
 * asked again (a fresh store) whenever the prompt, its session or its expiry changes.
 */
export const Playground: Story = {
  name: "Try every control",
  args: {
    prompt: "Three steps",
    promptSession: "main",
    viewSessionKey: "main",
    expiresInSeconds: 900,
    countdownThreshold: 60,
    locale: "en",
    theme: "light",
  },
  argTypes: {
    prompt: {
      control: "select",
      options: Object.keys(PROMPTS),
      description: "Story only: the question the agent asks.",
      table: { category: "Story" },
    },
    promptSession: {
      control: "inline-radio",
      options: ["main", "research"],
      description: "Story only: the session the question is asked in (`agent:main:<name>`). Another session's question is counted, not docked.",
      table: { category: "Story" },
    },
    expiresInSeconds: {
      control: { type: "number", min: 5, step: 30 },
      description: "Story only: seconds until the question expires; the countdown shows within `countdownThreshold` of it.",
      table: { category: "Story" },
    },
  },
  render: (args) => <PlaygroundChat {...args} />,
  play: async ({ canvas }) => {
    await findFocusedPanel(canvas);
    await expect(canvas.getByRole("img", { name: "Step 1 of 3" })).toBeVisible();
  },
};
