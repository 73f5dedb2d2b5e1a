import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, waitFor } from "storybook/test";
import { AskUserCards, AskUserSummary } from "ask-user-kit";
import { ChatFrame } from "./support/chat-frame.js";
import { HostPanel } from "./support/host-panel.js";
import { findFocusedPanel, findPanel, motionDone } from "./support/play.js";
import { checks, deployTarget, multi, notify, recordOf, single, threeSteps, vietnamese } from "./support/questions.js";
import { type StoryArgs, storyArgTypes } from "./support/story-args.js";
import { answered, fixtures, gatewayFed, kitOf, settleSoon } from "./support/story-kit.js";

/**
 * What a person does, played through: each story starts where a showcase story stands (same
 * question, same store), acts as a person would (clicks, keys, typing) and checks the exact tool
 * result the agent receives. The showcase stories (Panel, Cards, Summary, Parts) stay in the state
 * their names say; these are the tests of getting from one state to the next.
 */
const meta = {
  title: "Flows",
  // The provider's args, as on the component metas (the locale control maps "vi" to its catalogue).
  argTypes: storyArgTypes,
  render: () => <ChatFrame />,
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const STAGING = /^Staging/;

/** The cards in a phone-wide column, as the Cards stories show them. */
const cardsColumn: Story["render"] = () => (
  <div style={{ maxInlineSize: 390 }}>
    <AskUserCards />
  </div>
);

export const AnswerSingleChoice: Story = {
  name: "Panel: answer a single choice, the composer comes back focused",
  loaders: [gatewayFed({ asks: [{ input: single }] })],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await findFocusedPanel(canvas);
    await expect(canvas.getByText("Where should this release go first?")).toBeVisible();
    // The recommended option shows a badge; its value keeps the exact label.
    await expect(canvas.getByRole("radio", { name: "Staging Recommended" })).toBeVisible();
    await expect(canvas.queryByRole("textbox", { name: "Message" })).toBeNull();

    await userEvent.click(canvas.getByRole("radio", { name: /^Production/ }));
    await expect(canvas.getByRole("radio", { name: /^Production/ })).toBeChecked();
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));

    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual(answered({ deploy_target: ["Production"] }));
    // Answered here: the panel closes and the composer is back, focused.
    await waitFor(() => expect(canvas.queryByRole("group", { name: "Question" })).toBeNull());
    await expect(canvas.getByRole("textbox", { name: "Message" })).toHaveFocus();
  },
};

export const AnswerMultiSelect: Story = {
  name: "Panel: multi-select sends picks in pick order, the Other text last",
  loaders: [gatewayFed({ asks: [{ input: multi }] })],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await findPanel(canvas);
    await expect(canvas.getByText("Choose any that apply.")).toBeVisible();
    // Pick order is answer order, and the free text comes last.
    await userEvent.click(canvas.getByRole("checkbox", { name: "Browser tests" }));
    await userEvent.click(canvas.getByRole("checkbox", { name: "Unit tests" }));
    await userEvent.click(canvas.getByRole("checkbox", { name: "Changelog" }));
    await userEvent.click(canvas.getByRole("checkbox", { name: "Changelog" }));
    await userEvent.type(canvas.getByRole("textbox", { name: "Your own answer for Checks" }), "Lighthouse audit");
    await expect(canvas.getByRole("checkbox", { name: "Browser tests" })).toBeChecked();
    await expect(canvas.getByRole("checkbox", { name: "Changelog" })).not.toBeChecked();
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual(
      answered({ checks: ["Browser tests", "Unit tests", "Lighthouse audit"] }),
    );
  },
};

export const SendOtherAnswer: Story = {
  name: "Panel: an Other answer is sent trimmed",
  loaders: [
    gatewayFed({
      asks: [{ input: single }],
      setup: (state, [id]) => {
        state().pickOption(id!, "deploy_target", "Staging (Recommended)");
        state().setOtherText(id!, "deploy_target", "Canary on 5% of traffic, then everyone");
      },
    }),
  ],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await findPanel(canvas);
    const other = canvas.getByRole("textbox", { name: "Your own answer for Target" });
    await expect(other).toHaveValue("Canary on 5% of traffic, then everyone");
    // Typing an own answer cleared the pick of this single-select question.
    await expect(canvas.getByRole("radio", { name: STAGING })).not.toBeChecked();
    await userEvent.click(other);
    await userEvent.type(other, " ");
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    // Sent trimmed.
    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual(
      answered({ deploy_target: ["Canary on 5% of traffic, then everyone"] }),
    );
  },
};

export const ThreeSteps: Story = {
  name: "Panel: Back keeps picks, Submit sends all three steps",
  loaders: [
    gatewayFed({
      asks: [{ input: threeSteps }],
      setup: (state, [id]) => state().pickOption(id!, "deploy_target", "Preview link"),
    }),
  ],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await findPanel(canvas);
    const indicator = canvas.getByRole("img", { name: "Step 2 of 3" });
    await expect([...indicator.querySelectorAll('[data-slot="ask-user-step-segment"]')].map((segment) => segment.getAttribute("data-state"))).toEqual(
      ["complete", "current", "upcoming"],
    );
    await expect(canvas.getByRole("button", { name: "Next" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("checkbox", { name: "Bundle size" }));
    await userEvent.click(canvas.getByRole("button", { name: "Back" }));
    // Back keeps the earlier pick.
    await expect(canvas.getByRole("radio", { name: "Preview link" })).toBeChecked();
    await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await expect(canvas.getByRole("checkbox", { name: "Bundle size" })).toBeChecked();
    await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await expect(canvas.getByRole("img", { name: "Step 3 of 3" })).toBeVisible();
    await userEvent.click(canvas.getByRole("radio", { name: "Nobody" }));
    // The last step does not auto-submit; Submit sends all three at once.
    await expect(canvas.getByRole("radio", { name: "Nobody" })).toBeChecked();
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual(
      answered({ deploy_target: ["Preview link"], checks: ["Bundle size"], notify: ["Nobody"] }),
    );
  },
};

export const KeyboardOnly: Story = {
  name: "Panel: keyboard only (number keys, Enter, Ctrl+Enter)",
  loaders: [gatewayFed({ asks: [{ input: threeSteps }] })],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    const panel = await findFocusedPanel(canvas);
    // `1` picks the first option and moves on (single-select auto-advances).
    await userEvent.keyboard("1");
    await expect(canvas.getByRole("img", { name: "Step 2 of 3" })).toBeVisible();
    await waitFor(() => expect(panel).toHaveFocus());
    // Multi-select: number keys toggle, Enter advances.
    await userEvent.keyboard("24");
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByRole("img", { name: "Step 3 of 3" })).toBeVisible();
    // N+1 focuses Other; Ctrl+Enter there submits.
    await userEvent.keyboard("3");
    await expect(canvas.getByRole("textbox", { name: "Your own answer for Notify" })).toHaveFocus();
    await userEvent.keyboard("Release managers{Control>}{Enter}{/Control}");
    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual(
      answered({ deploy_target: ["Staging (Recommended)"], checks: ["Browser tests", "Changelog"], notify: ["Release managers"] }),
    );
  },
};

export const Skip: Story = {
  name: "Panel: Skip sends no_answer",
  loaders: [gatewayFed({ asks: [{ input: threeSteps }] })],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await findPanel(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Skip" }));
    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual({ status: "no_answer" });
    await expect(kit.gateway!.records()[0]).toMatchObject({ id: kit.ids[0], status: "cancelled" });
  },
};

export const CollapseAndExpand: Story = {
  name: "Panel: type in the composer under the bar, expand, collapse again",
  loaders: [
    fixtures({
      records: () => [recordOf(threeSteps)],
      setup: (state, [id]) => {
        state().pickOption(id!, "deploy_target", "Production");
        state().setCollapsed(true);
      },
    }),
  ],
  play: async ({ canvas, userEvent }) => {
    const bar = await canvas.findByRole("button", { name: /Question · Checks/ });
    await expect(bar).toHaveTextContent("2/3");
    await expect(bar).toHaveAttribute("aria-expanded", "false");
    // Collapsed, the whole composer is usable below the bar.
    const composer = canvas.getByRole("textbox", { name: "Message" });
    await userEvent.type(composer, "Hold on, checking the dashboards");
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    await expect(canvas.getByRole("list", { name: "Sent messages" })).toHaveTextContent("Hold on, checking the dashboards");

    await userEvent.click(bar);
    await findFocusedPanel(canvas);
    await expect(canvas.getByRole("img", { name: "Step 2 of 3" })).toBeVisible();
    // Collapsing never answers or skips, and focus goes back to the composer.
    await userEvent.click(canvas.getByRole("button", { name: "Collapse question" }));
    await expect(canvas.getByRole("textbox", { name: "Message" })).toHaveFocus();
    await expect(canvas.getByRole("button", { name: /Question · Checks/ })).toBeVisible();
  },
};

export const NavigatePrompts: Story = {
  name: "Panel: move between waiting prompts (wraps around)",
  loaders: [
    fixtures({
      records: () => [
        recordOf({ questions: [deployTarget] }, { runId: "run_a" }),
        recordOf({ questions: [checks] }, { runId: "run_b" }),
        recordOf({ questions: [notify] }, { runId: "run_c" }),
      ],
    }),
  ],
  play: async ({ canvas, userEvent }) => {
    // The newest prompt is active.
    await findPanel(canvas);
    const position = canvas.getByRole("img", { name: "Request 3 of 3" });
    await expect(position).toHaveTextContent("3/3");
    await expect(canvas.getByText("Who should hear about the release?")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Previous request" }));
    await expect(canvas.getByRole("img", { name: "Request 2 of 3" })).toBeVisible();
    await expect(canvas.getByText("Which checks should run before it ships?")).toBeVisible();
    // Next wraps around from the last to the first.
    await userEvent.click(canvas.getByRole("button", { name: "Next request" }));
    await userEvent.click(canvas.getByRole("button", { name: "Next request" }));
    await expect(canvas.getByRole("img", { name: "Request 1 of 3" })).toBeVisible();
    await expect(canvas.getByText("Where should this release go first?")).toBeVisible();
  },
};

export const GoToOtherSession: Story = {
  name: "Panel: go to the session with a waiting question",
  args: { viewSessionKey: "agent:main:main" },
  loaders: [fixtures({ records: () => [recordOf(single, { sessionKey: "agent:main:research" })] })],
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText("1 question is waiting in session research")).toBeVisible();
    await expect(canvas.queryByRole("group", { name: "Question" })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Go to research" }));
    await findPanel(canvas);
  },
};

export const AnswerInVietnamese: Story = {
  name: "Panel: answer in Vietnamese",
  args: { locale: "vi" },
  loaders: [gatewayFed({ asks: [{ input: vietnamese }] })],
  play: async ({ canvas, userEvent, loaded }) => {
    const kit = kitOf({ loaded });
    await findFocusedPanel(canvas, "Câu hỏi");
    await expect(canvas.getByRole("radio", { name: "Thử nghiệm Được đề xuất" })).toBeVisible();
    await userEvent.click(canvas.getByRole("radio", { name: /^Chính thức/ }));
    await expect(canvas.getByRole("img", { name: "Bước 2 trên 2" })).toBeVisible();
    await userEvent.click(canvas.getByRole("checkbox", { name: "Sửa lỗi" }));
    await userEvent.type(canvas.getByRole("textbox", { name: "Câu trả lời của riêng bạn cho Ghi chú" }), "Cảm ơn người đóng góp");
    await userEvent.click(canvas.getByRole("button", { name: "Gửi" }));
    await expect(await settleSoon(kit.results[0]!, "the tool result")).toEqual(
      answered({ release_channel: ["Chính thức"], release_notes: ["Sửa lỗi", "Cảm ơn người đóng góp"] }),
    );
  },
};

export const AnswerCards: Story = {
  name: "Cards: answer all three at once",
  render: cardsColumn,
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

export const CredentialSendAnyway: Story = {
  name: "Cards: a secret-looking answer is held, then sent with Send anyway",
  render: cardsColumn,
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

export const AnswerThroughParts: Story = {
  name: "Parts: answer through a composition without the theme",
  render: () => <HostPanel />,
  parameters: { theme: "none" },
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

export const FoldChipDetails: Story = {
  name: "Summary: open and fold a chip's details",
  render: (_args, context) => <AskUserSummary promptId={kitOf(context).ids[0]!} />,
  loaders: [
    fixtures({
      records: () => [recordOf({ questions: [deployTarget] })],
      setup: (state, [id]) => state().applyResolved({ id: id!, status: "expired" }),
    }),
  ],
  play: async ({ canvas, canvasElement, userEvent }) => {
    const details = () => canvasElement.querySelector('[data-slot="ask-user-summary-details"]');
    await userEvent.click(await canvas.findByRole("button", { name: "Show details" }));
    await expect(details()).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Hide details" })).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(canvas.getByRole("button", { name: "Hide details" }));
    await expect(details()).not.toBeVisible();
    await expect(canvas.getByRole("button", { name: "Show details" })).toHaveAttribute("aria-expanded", "false");
  },
};

/** The controlled dock: the host's button and the dock's own bar and Esc all go through the host's state. */
export const ControlledCollapseFlow: Story = {
  name: "Panel: a controlled dock opens from the host's button and folds on Esc",
  render: () => <ControlledChat />,
  loaders: [fixtures({ records: () => [recordOf(threeSteps)] })],
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole("button", { name: /Question · Target/ });
    await userEvent.click(canvas.getByRole("button", { name: "Show the question" }));
    await findFocusedPanel(canvas);
    // Esc asks to collapse; the host accepts (passes the value back), and focus goes to the composer.
    await userEvent.keyboard("{Escape}");
    await expect(await canvas.findByRole("button", { name: /Question · Target/ })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Show the question" })).toBeVisible();
    await expect(canvas.getByRole("textbox", { name: "Message" })).toHaveFocus();
  },
};

function ControlledChat() {
  const [collapsed, setCollapsed] = useState(true);
  return (
    <div>
      <button type="button" onClick={() => setCollapsed((value) => !value)}>
        {collapsed ? "Show the question" : "Hide the question"}
      </button>
      <ChatFrame dock={{ collapsed, onCollapsedChange: setCollapsed }} />
    </div>
  );
}
