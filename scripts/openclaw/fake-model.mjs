// A scripted OpenAI-compatible model for a real OpenClaw gateway in tests: a chat.send whose
// message is an ask_user input (`{"questions":[…]}`) becomes one `ask_user` tool call with exactly
// those arguments; once the tool result is in the history the model answers with a short text.
// The embedded gateway implements the same convention, so one scenario suite drives both.
import { createServer } from "node:http";

const INTERNAL_CONTEXT_MARK = "<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>";
const INTERNAL_CONTEXT_END = "<<<END_OPENCLAW_INTERNAL_CONTEXT>>>";
export const FAKE_MODEL_ID = "ask-user-fake";
export const FAKE_REPLY_TEXT = "Thanks, continuing with your answer.";

/** The text of a chat message whose content is a string or an array of content parts. */
function messageText(message) {
  const { content } = message ?? {};
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => (typeof part === "string" ? part : typeof part?.text === "string" ? part.text : "")).join("");
}

/**
 * The ask_user arguments carried by a user message. The gateway may wrap the typed text (a
 * timestamp prefix, an envelope), so the JSON object is taken from the first `{` to the last `}`.
 */
export function askUserInputFrom(text) {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return undefined;
  try {
    const value = JSON.parse(text.slice(start, end + 1));
    return value && typeof value === "object" && Array.isArray(value.questions) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A user-role message the gateway wrote itself (context for the model), not the user's words. */
function isInjected(text) {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith(INTERNAL_CONTEXT_MARK)) return false;
  const end = trimmed.indexOf(INTERNAL_CONTEXT_END);
  return end < 0 || askUserInputFrom(trimmed.slice(end + INTERNAL_CONTEXT_END.length)) === undefined;
}

/**
 * What the model does next for a chat history: `{kind: "ask", args}` when the last real user
 * message is an ask_user input that has not been followed by a tool result yet, else a text reply.
 */
export function decideTurn(messages) {
  const list = Array.isArray(messages) ? messages : [];
  let lastUser = -1;
  for (let i = list.length - 1; i >= 0; i--) {
    const message = list[i];
    if (message?.role === "user" && !isInjected(messageText(message))) {
      lastUser = i;
      break;
    }
  }
  if (lastUser < 0) return { kind: "text", text: FAKE_REPLY_TEXT };
  const args = askUserInputFrom(messageText(list[lastUser]));
  const answered = list.slice(lastUser + 1).some((message) => message?.role === "tool");
  if (args && !answered) return { kind: "ask", args };
  return { kind: "text", text: FAKE_REPLY_TEXT };
}

function chunk(id, model, delta, finishReason) {
  return {
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

function streamTurn(res, turn, model, id) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const send = (body) => res.write(`data: ${JSON.stringify(body)}\n\n`);
  if (turn.kind === "ask") {
    const call = { index: 0, id: `call_${id}`, type: "function", function: { name: "ask_user", arguments: JSON.stringify(turn.args) } };
    send(chunk(id, model, { role: "assistant", content: null, tool_calls: [call] }, null));
    send(chunk(id, model, {}, "tool_calls"));
  } else {
    send(chunk(id, model, { role: "assistant", content: turn.text }, null));
    send(chunk(id, model, {}, "stop"));
  }
  send({ ...chunk(id, model, {}, null), choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } });
  res.end("data: [DONE]\n\n");
}

function completeTurn(res, turn, model, id) {
  const message =
    turn.kind === "ask"
      ? {
          role: "assistant",
          content: null,
          tool_calls: [{ id: `call_${id}`, type: "function", function: { name: "ask_user", arguments: JSON.stringify(turn.args) } }],
        }
      : { role: "assistant", content: turn.text };
  const body = {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: turn.kind === "ask" ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * Starts the fake model on 127.0.0.1. `onRequest` (optional) sees every parsed completion request
 * with the decision taken, for debugging a gateway that does not call the tool.
 */
export function startFakeModel({ port = 0, onRequest } = {}) {
  let served = 0;
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method === "GET" && path.endsWith("/models")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: [{ id: FAKE_MODEL_ID, object: "model", owned_by: "ask-user-kit" }] }));
      return;
    }
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `fake model serves POST /v1/chat/completions, not ${req.method} ${path}` } }));
      return;
    }
    const parts = [];
    req.on("data", (part) => parts.push(part));
    req.on("end", () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(parts).toString("utf8"));
      } catch {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "request body is not JSON" } }));
        return;
      }
      const turn = decideTurn(body.messages);
      served += 1;
      onRequest?.({ body, turn });
      const id = `fake${served}`;
      const model = typeof body.model === "string" ? body.model : FAKE_MODEL_ID;
      if (body.stream) streamTurn(res, turn, model, id);
      else completeTurn(res, turn, model, id);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      resolve({
        port: address.port,
        baseUrl: `http://127.0.0.1:${address.port}/v1`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
