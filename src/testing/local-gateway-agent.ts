/**
 * The embedded gateway's tiny "agent": `chat.send` with `ask_user` input as its message starts a
 * run that asks it and ends with a final `chat` reply once the question settles; `chat.abort` ends
 * runs as OpenClaw does (only the run's owner connection or an `operator.admin` client); `ask` is
 * the same tool call made in-process.
 */
import { normalizeAskUserInput } from "../contract/normalize-input.js";
import { toToolResult } from "../contract/tool-result.js";
import type { AskUserToolResult, QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import { GATEWAY_METHODS as METHOD } from "../contract/wire.js";
import { invalidRequest } from "./gateway-replies.js";
import { CHAT_ABORT_SCHEMA, CHAT_SEND_SCHEMA } from "./gateway-schemas.js";
import { canonicalSession } from "./local-gateway-questions.js";
import { type MethodHandler, checked, fail, succeed } from "./local-gateway-reply.js";
import type { QuestionBook } from "./question-book.js";
import { randomHex } from "./random-ids.js";
import { isAdmin } from "./scopes.js";

export interface AskOptions {
  sessionKey?: string;
  runId?: string;
}

export interface EmbeddedAgentOptions {
  book: QuestionBook;
  now(): number;
  /** Broadcasts `question.requested` for a record just created. */
  publishRequested(record: QuestionRecord): void;
  /** Sends a `chat` event to the clients that may read chats. */
  publishChat(payload: unknown): void;
}

export interface EmbeddedAgent {
  /** `chat.send` and `chat.abort`. */
  methods: Record<string, MethodHandler>;
  ask(input: unknown, options: AskOptions): Promise<AskUserToolResult>;
  /** Tells the agent a question settled (every question; the agent picks its own). */
  settled(event: QuestionResolvedEvent): void;
  /** Forgets every run; `ask` calls still waiting end with `no_answer`. */
  clear(): void;
}

interface AgentRun {
  runId: string;
  sessionKey: string;
  agentId: string;
  questionId: string;
  /** The connection that sent `chat.send`: only it (or an operator.admin client) may abort the run. */
  ownerConnId: string;
}

interface ChatSend {
  sessionKey: string;
  message: string;
  idempotencyKey: string;
}

interface ChatAbort {
  sessionKey: string;
  runId?: string;
}

/** What the embedded agent says once its question is settled (the recorded fake model's words). */
const AGENT_FINAL_TEXT = "Thanks, continuing with your answer.";

export function createEmbeddedAgent({ book, now, publishRequested, publishChat }: EmbeddedAgentOptions): EmbeddedAgent {
  /** Agent runs waiting on a question, by run id. */
  const runs = new Map<string, AgentRun>();
  /** Tool calls (`ask`) waiting on a question, by question id. */
  const askers = new Map<string, (result: AskUserToolResult) => void>();
  /** Questions the agent asked (at most one pending per session, as with `ask_user`). */
  const agentQuestions = new Set<string>();
  /** Idempotency keys of finished runs. */
  const endedRuns = new Set<string>();

  /** The `chat` event a finished turn sends. */
  const finishRun = (run: AgentRun) =>
    publishChat({
      runId: run.runId,
      sessionKey: run.sessionKey,
      agentId: run.agentId,
      seq: 1,
      state: "final",
      stopReason: "stop",
      message: { role: "assistant", content: [{ type: "text", text: AGENT_FINAL_TEXT }], timestamp: now() },
    });

  /**
   * Checks `ask_user` input as the tool does and returns the step that asks it, so a caller can
   * acknowledge first (a real `chat.send` answers before the model has even called the tool).
   * Throws a readable error for input the tool would refuse.
   */
  const prepareAsk = (input: unknown, sessionKey: string | undefined, runId: string | undefined, ownerConnId = ""): (() => QuestionRecord) => {
    const normalized = normalizeAskUserInput(input);
    if (!normalized.ok)
      throw new Error(`ask_user input is invalid: ${normalized.errors.map((error) => `${error.path || "/"}: ${error.message}`).join("; ")}`);
    const session = sessionKey ? canonicalSession(sessionKey) : undefined;
    const busy = session && book.pending().some((record) => agentQuestions.has(record.id) && record.sessionKey === session.sessionKey);
    if (busy) throw new Error("ask_user already has a pending question for this session; wait for it to resolve before asking another");
    return () => {
      const record = book.request({
        id: `ask_${randomHex(16)}`,
        questions: normalized.value.questions,
        ...(session ? { agentId: session.agentId, sessionKey: session.sessionKey } : {}),
        ...(runId ? { runId } : {}),
        timeoutMs: normalized.value.timeoutSeconds * 1000,
      });
      agentQuestions.add(record.id);
      if (runId && session) runs.set(runId, { runId, sessionKey: session.sessionKey, agentId: session.agentId, questionId: record.id, ownerConnId });
      publishRequested(record);
      return record;
    };
  };

  const chatSend = checked<ChatSend>(METHOD.chatSend, CHAT_SEND_SCHEMA, (params, { connId }, respond) => {
    // A repeated idempotency key starts nothing: the gateway reports the run it already has.
    const seen = runs.has(params.idempotencyKey) ? "in_flight" : endedRuns.has(params.idempotencyKey) ? "ok" : undefined;
    if (seen) {
      respond(succeed({ runId: params.idempotencyKey, status: seen }));
      return;
    }
    let ask: () => QuestionRecord;
    try {
      ask = prepareAsk(JSON.parse(params.message), params.sessionKey, params.idempotencyKey, connId);
    } catch (error) {
      const problem =
        error instanceof SyntaxError ? 'message must be ask_user tool input as JSON, like {"questions":[...]}' : (error as Error).message;
      respond(fail(invalidRequest(`embedded agent: ${problem}`)));
      return;
    }
    respond(succeed({ runId: params.idempotencyKey, status: "started" }));
    ask();
  });

  const chatAbort = checked<ChatAbort>(METHOD.chatAbort, CHAT_ABORT_SCHEMA, (params, { client, connId }, respond) => {
    const { sessionKey } = canonicalSession(params.sessionKey);
    const admin = isAdmin(client.scopes);
    const mayAbort = (run: AgentRun) => admin || run.ownerConnId === connId;
    if (params.runId !== undefined) {
      const run = runs.get(params.runId);
      if (run && run.sessionKey !== sessionKey) {
        respond(fail(invalidRequest("runId does not match sessionKey")));
        return;
      }
      if (run && !mayAbort(run)) {
        respond(fail(invalidRequest("unauthorized")));
        return;
      }
    }
    const aborted = [...runs.values()].filter(
      (run) => run.sessionKey === sessionKey && (params.runId === undefined || run.runId === params.runId) && mayAbort(run),
    );
    respond(succeed({ ok: true, aborted: aborted.length > 0, runIds: aborted.map((run) => run.runId) }));
    for (const run of aborted) {
      if (book.get(run.questionId)?.status === "pending") book.cancel(run.questionId, "requester-inactive");
      runs.delete(run.runId);
      endedRuns.add(run.runId);
    }
  });

  return {
    methods: { [METHOD.chatSend]: chatSend, [METHOD.chatAbort]: chatAbort },
    ask(input, options) {
      let record: QuestionRecord;
      try {
        record = prepareAsk(input, options.sessionKey, options.runId)();
      } catch (error) {
        return Promise.reject(error);
      }
      return new Promise((resolve) => askers.set(record.id, resolve));
    },
    settled(event) {
      for (const [runId, run] of runs) {
        if (run.questionId !== event.id) continue;
        runs.delete(runId);
        endedRuns.add(runId);
        // The run goes on once its tool call returns; an aborted run ends without a reply.
        if (book.get(event.id)?.resolvedBy !== "requester-inactive") queueMicrotask(() => queueMicrotask(() => finishRun(run)));
      }
      agentQuestions.delete(event.id);
      askers.get(event.id)?.(toToolResult(event));
      askers.delete(event.id);
    },
    clear() {
      runs.clear();
      endedRuns.clear();
      agentQuestions.clear();
      const waiting = [...askers.values()];
      askers.clear();
      for (const resolve of waiting) resolve({ status: "no_answer" });
    },
  };
}
