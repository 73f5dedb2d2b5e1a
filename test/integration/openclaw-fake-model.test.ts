import { FAKE_REPLY_TEXT, decideTurn, startFakeModel, type FakeModel } from "../../scripts/openclaw/fake-model.mjs";

const input = { questions: [{ id: "env", header: "Env", question: "Where?", options: [{ label: "A" }, { label: "B" }] }] };
const internal = (text: string) => ({
  role: "user",
  content: [{ type: "text", text: `<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\n${text}\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>` }],
});
const toolCall = {
  role: "assistant",
  content: null,
  tool_calls: [{ id: "c1", type: "function", function: { name: "ask_user", arguments: "{}" } }],
};

describe("fake model: what it does next", () => {
  it.each([
    ["the ask_user input as the user message", [{ role: "user", content: JSON.stringify(input) }], { kind: "ask", args: input }],
    [
      "the input behind the gateway's timestamp prefix",
      [{ role: "user", content: `[Wed 2026-12-02 13:12 UTC] ${JSON.stringify(input)}` }],
      { kind: "ask", args: input },
    ],
    [
      "an injected context message after the input",
      [{ role: "user", content: JSON.stringify(input) }, internal("Active exec sessions: none")],
      { kind: "ask", args: input },
    ],
    [
      "a tool result after the input",
      [{ role: "user", content: JSON.stringify(input) }, toolCall, { role: "tool", content: "Env: A" }, internal("x")],
      { kind: "text", text: FAKE_REPLY_TEXT },
    ],
    [
      "a new input after an answered one",
      [
        { role: "user", content: JSON.stringify(input) },
        toolCall,
        { role: "tool", content: "Env: A" },
        { role: "assistant", content: "ok" },
        { role: "user", content: JSON.stringify(input) },
      ],
      { kind: "ask", args: input },
    ],
    ["plain text", [{ role: "user", content: "hello" }], { kind: "text", text: FAKE_REPLY_TEXT }],
    ["JSON without questions", [{ role: "user", content: '{"a":1}' }], { kind: "text", text: FAKE_REPLY_TEXT }],
    ["no messages", undefined, { kind: "text", text: FAKE_REPLY_TEXT }],
  ])("%s", (_name, messages, expected) => {
    expect(decideTurn(messages)).toEqual(expected);
  });
});

describe("fake model over HTTP", () => {
  let model: FakeModel;
  beforeAll(async () => {
    model = await startFakeModel();
  });
  afterAll(() => model.close());

  const post = (body: unknown) =>
    fetch(`${model.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("streams one ask_user tool call with exactly the input as arguments, then [DONE]", async () => {
    const response = await post({ model: "m", stream: true, messages: [{ role: "user", content: JSON.stringify(input) }] });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = (await response.text())
      .split("\n\n")
      .filter(Boolean)
      .map((chunk) => chunk.replace(/^data: /, ""));
    expect(events.at(-1)).toBe("[DONE]");
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event));
    const call = chunks[0].choices[0].delta.tool_calls[0];
    expect(call.function.name).toBe("ask_user");
    expect(JSON.parse(call.function.arguments)).toEqual(input);
    expect(chunks[1].choices[0].finish_reason).toBe("tool_calls");
  });

  it("answers a non-streaming request with a text message", async () => {
    const body = await (await post({ model: "m", messages: [{ role: "user", content: "hi" }] })).json();
    expect(body.choices[0]).toMatchObject({ message: { role: "assistant", content: FAKE_REPLY_TEXT }, finish_reason: "stop" });
  });

  it.each([
    ["a body that is not JSON", "nope", 400],
    ["another path", undefined, 404],
  ])("rejects %s", async (_name, raw, status) => {
    const url = raw === undefined ? `${model.baseUrl}/embeddings` : `${model.baseUrl}/chat/completions`;
    const response = await fetch(url, { method: "POST", body: raw ?? "{}" });
    expect(response.status).toBe(status);
  });
});
