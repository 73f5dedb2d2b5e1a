// The Control UI adapter's pure parts: the question id OpenClaw's ask_user tool gives a tool call,
// which tool call a transcript card stands for, the chips rebuilt from a chat history (and the
// results it cannot read), and the page edit that loads the kit. The messages below have the shape
// the pinned OpenClaw's chat.history returned (trimmed); the adapter's behaviour in the real page is
// test/control-ui/control-ui-browser.test.ts.
import { describe, expect, it } from "vitest";
import { askUserQuestionId, summariesFromHistory } from "../../control-ui/adapter/history-summaries.js";
import { toolCardIds } from "../../control-ui/adapter/transcript-chips.js";
import { TOOL_RESULT_TEXT } from "../../src/contract/gateway-text.js";
import { withKitTags } from "../../scripts/openclaw/control-ui-root.mjs";

describe("askUserQuestionId", () => {
  it("is the id OpenClaw 2026.9.6 gave the question of that run's tool call", async () => {
    // Seen on the real gateway: run control-ui-demo-1796647741679, tool call call_fake1.
    expect(await askUserQuestionId("control-ui-demo-1796647741679", "call_fake1")).toBe("ask_3e9584205ddce1ef01b22e9103ac0eaf");
  });
});

describe("toolCardIds", () => {
  it("reads the run and the tool call from a history card's id", () => {
    expect(toolCardIds('msg:id:e23c5b41:0:invocation:["run-1","call_fake1"]:ask_user', undefined)).toEqual({
      runId: "run-1",
      toolCallId: "call_fake1",
      askUser: true,
    });
  });
  it("reads a live card's tool call, and its run from the row key", () => {
    expect(toolCardIds("tool:assistant:call_7:0", 'agent-run:["run-2","x"]')).toEqual({
      toolCallId: "call_7",
      runId: "run-2",
      askUser: false,
    });
  });
  it("knows another tool's card, and an id it cannot read, as not ask_user", () => {
    expect(toolCardIds('msg:id:e:0:invocation:["run-1","call_2"]:exec', undefined)).toMatchObject({ askUser: false });
    expect(toolCardIds("msg:id:e:0:invocation:[not json]:ask_user", undefined)).toEqual({ askUser: false });
  });
});

const input = {
  questions: [{ id: "region", header: "Region", question: "Which region?", options: [{ label: "eu-west" }, { label: "us-east" }] }],
};
const call = (id: string, runId: string, at: number) => ({
  role: "assistant",
  content: [{ type: "toolCall", id, name: "ask_user", arguments: input }],
  timestamp: at,
  __openclaw: { runId },
});
/** A tool result as the gateway stores it: answered, the summary lines then the JSON; cancelled, the fixed sentence. */
const result = (toolCallId: string, at: number, status: "answered" | "cancelled", answers?: Record<string, string[]>) => ({
  role: "toolResult",
  toolCallId,
  toolName: "ask_user",
  content: [
    {
      type: "text",
      text: status === "answered" ? `Region: us-east\n\n${JSON.stringify({ status, answers: { answers } }, null, 2)}` : TOOL_RESULT_TEXT.cancelled,
    },
  ],
  isError: false,
  timestamp: at,
});

describe("summariesFromHistory", () => {
  it("pairs each ask_user call with its result under the question's own id: one chip per turn, even when two turns reuse a tool call id", async () => {
    const messages = [
      { role: "user", content: JSON.stringify(input), timestamp: 1 },
      call("call_fake1", "run-a", 10),
      result("call_fake1", 20, "answered", { region: ["us-east"] }),
      { role: "assistant", content: [{ type: "text", text: "Thanks." }], timestamp: 21 },
      call("call_fake1", "run-b", 30),
      result("call_fake1", 40, "cancelled"),
    ];
    const { summaries, unreadable } = await summariesFromHistory(messages, "agent:main:main");
    expect(summaries.map((summary) => [summary.id, summary.outcome, summary.answers, summary.record.runId, summary.record.sessionKey])).toEqual([
      [await askUserQuestionId("run-a", "call_fake1"), "answered", { region: ["us-east"] }, "run-a", "agent:main:main"],
      [await askUserQuestionId("run-b", "call_fake1"), "skipped", undefined, "run-b", "agent:main:main"],
    ]);
    expect(summaries[0]).toMatchObject({ record: { createdAtMs: 10 }, resolvedAtMs: 20 });
    expect(unreadable).toEqual([]);
  });

  it("has no chip for a call still waiting for its result, for another tool, nor for a call without its run", async () => {
    const other = { role: "assistant", content: [{ type: "toolCall", id: "c9", name: "exec", arguments: {} }], timestamp: 5 };
    const runless = { ...call("c2", "run-a", 11), __openclaw: {} };
    expect(
      await summariesFromHistory(
        [
          other,
          { role: "toolResult", toolCallId: "c9", toolName: "exec", content: [] },
          call("c1", "run-a", 10),
          runless,
          result("c2", 12, "cancelled"),
        ],
        "agent:main:main",
      ),
    ).toEqual({
      summaries: [],
      unreadable: [],
    });
  });

  it("keeps a result it cannot read (hand-edited, stripped of its details) with its row, for a chip built from it, and what is wrong", async () => {
    const edited = { ...result("c1", 20, "answered", { region: ["us-east"] }), content: [{ type: "text", text: "The person said: us-east" }] };
    const broken = { ...call("c3", "run-a", 30), content: [{ type: "toolCall", id: "c3", name: "ask_user", arguments: { questions: [] } }] };
    const cancelled = result("c3", 40, "cancelled");
    const { summaries, unreadable } = await summariesFromHistory([call("c1", "run-a", 10), edited, broken, cancelled], "agent:main:main");
    expect(summaries).toEqual([]);
    expect(unreadable).toEqual([
      {
        id: await askUserQuestionId("run-a", "c1"),
        toolCall: { toolCallId: "c1", input, result: edited, sessionKey: "agent:main:main", runId: "run-a" },
        problem: expect.stringMatching(/^\/result result must be /),
      },
      {
        id: await askUserQuestionId("run-a", "c3"),
        toolCall: { toolCallId: "c3", input: { questions: [] }, result: cancelled, sessionKey: "agent:main:main", runId: "run-a" },
        problem: expect.stringMatching(/^\/input\/questions /),
      },
    ]);
  });

  it("ignores what is not a message (a malformed history never throws)", async () => {
    expect(await summariesFromHistory([null, 7, "text", { role: "assistant", content: "plain" }, { role: "toolResult" }], "agent:main:main")).toEqual(
      { summaries: [], unreadable: [] },
    );
  });
});

describe("withKitTags", () => {
  const page =
    '<html data-openclaw-control-ui-build-id="2026.9.6-release-eb377ac59e6c-2026-09-23T16-33-12.144Z-314f"><head><meta charset="UTF-8" />\n    <script data-cfasync="false" type="module" crossorigin src="./assets/index-DsEuFQRE.js"></script>\n</head><body></body></html>';

  it("puts the kit's startup script, stamped with the Control UI's release, before the app's module script, once", () => {
    const edited = withKitTags(page);
    const kit = edited.indexOf('<script type="module" src="./assets/ask-user-kit/start.js?openclaw=2026.9.6"></script>');
    expect(kit).toBeGreaterThan(0);
    expect(kit).toBeLessThan(edited.indexOf("index-DsEuFQRE.js"));
    expect(withKitTags(edited)).toBe(edited);
  });

  it("stamps a page without a build id as an unknown release (the kit then stays off)", () => {
    expect(withKitTags(page.replace(/ data-openclaw-control-ui-build-id="[^"]*"/, ""))).toContain("start.js?openclaw=unknown");
  });

  it("refuses a page without the app's entry script, naming what it looked for", () => {
    expect(() => withKitTags("<html><head></head></html>")).toThrow(/no <script type="module" src="\.\/assets\/index-….js">/);
  });
});
