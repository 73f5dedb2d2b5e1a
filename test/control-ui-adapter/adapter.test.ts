// The Control UI adapter's pure parts: which session a route shows, which tool call a transcript
// card stands for, the chips rebuilt from a chat history, and the page edit that loads the kit.
// The messages below have the shape the pinned OpenClaw's chat.history returned (trimmed); the
// adapter's behaviour in the real page is test/control-ui/control-ui-browser.test.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import { historyChipId, summariesFromHistory } from "../../control-ui/adapter/history-summaries.js";
import { sessionKeyFromPath } from "../../control-ui/adapter/session-route.js";
import { toolCardIds } from "../../control-ui/adapter/transcript-chips.js";
import { TOOL_RESULT_TEXT } from "../../src/contract/gateway-text.js";
import { withKitTags } from "../../scripts/openclaw/control-ui-root.mjs";

describe("sessionKeyFromPath", () => {
  it.each([
    ["/chat/main", "agent:main:main"],
    ["/chat", "agent:main:main"],
    ["/chat/main/dashboard/24fb-13ef", "agent:main:dashboard:24fb-13ef"],
    ["/chat/ops/review%3Aweekly", "agent:ops:review:weekly"],
    ["/agents", null],
    ["/", null],
  ])("%s → %s", (path, key) => {
    expect(sessionKeyFromPath(path)).toBe(key);
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
const result = (toolCallId: string, runId: string, at: number, status: "answered" | "cancelled", answers?: Record<string, string[]>) => ({
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
  __openclaw: { runId },
});

describe("summariesFromHistory", () => {
  afterEach(() => vi.restoreAllMocks());

  it("pairs each ask_user call with its result: one chip per answered turn, even when two turns reuse a tool call id", () => {
    const messages = [
      { role: "user", content: JSON.stringify(input), timestamp: 1 },
      call("call_fake1", "run-a", 10),
      result("call_fake1", "run-a", 20, "answered", { region: ["us-east"] }),
      { role: "assistant", content: [{ type: "text", text: "Thanks." }], timestamp: 21 },
      call("call_fake1", "run-b", 30),
      result("call_fake1", "run-b", 40, "cancelled"),
    ];
    const summaries = summariesFromHistory(messages, "agent:main:main");
    expect(summaries.map((summary) => [summary.id, summary.outcome, summary.answers, summary.record.runId, summary.record.sessionKey])).toEqual([
      [historyChipId("run-a", "call_fake1"), "answered", { region: ["us-east"] }, "run-a", "agent:main:main"],
      [historyChipId("run-b", "call_fake1"), "skipped", undefined, "run-b", "agent:main:main"],
    ]);
    expect(summaries[0]).toMatchObject({ record: { createdAtMs: 10 }, resolvedAtMs: 20 });
  });

  it("has no chip for a call still waiting for its result, nor for another tool", () => {
    const other = { role: "assistant", content: [{ type: "toolCall", id: "c9", name: "exec", arguments: {} }], timestamp: 5 };
    expect(
      summariesFromHistory(
        [other, { role: "toolResult", toolCallId: "c9", toolName: "exec", content: [] }, call("c1", "run-a", 10)],
        "agent:main:main",
      ),
    ).toEqual([]);
  });

  it("skips a call whose input is not ask_user input, and says which field and why", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = {
      ...call("c1", "run-a", 10),
      content: [{ type: "toolCall", id: "c1", name: "ask_user", arguments: { questions: [] } }],
    };
    expect(summariesFromHistory([broken, result("c1", "run-a", 20, "cancelled")], "agent:main:main")).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^\[ask-user-kit\] no chip for ask_user call c1: \/input\/questions /);
  });

  it("ignores what is not a message (a malformed history never throws)", () => {
    expect(summariesFromHistory([null, 7, "text", { role: "assistant", content: "plain" }, { role: "toolResult" }], "agent:main:main")).toEqual([]);
  });
});

describe("withKitTags", () => {
  const page =
    '<html><head><meta charset="UTF-8" />\n    <script data-cfasync="false" type="module" crossorigin src="./assets/index-DsEuFQRE.js"></script>\n</head><body></body></html>';

  it("puts the kit's stylesheet and module script before the app's module script, once", () => {
    const edited = withKitTags(page);
    const kit = edited.indexOf('src="./assets/ask-user-kit/ask-user-control-ui.js"');
    expect(kit).toBeGreaterThan(0);
    expect(kit).toBeLessThan(edited.indexOf("index-DsEuFQRE.js"));
    expect(edited).toContain('<link rel="stylesheet" href="./assets/ask-user-kit/ask-user-control-ui.css" />');
    expect(withKitTags(edited)).toBe(edited);
  });

  it("refuses a page without the app's entry script, naming what it looked for", () => {
    expect(() => withKitTags("<html><head></head></html>")).toThrow(/no <script type="module" src="\.\/assets\/index-….js">/);
  });
});
