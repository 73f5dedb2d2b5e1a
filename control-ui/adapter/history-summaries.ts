/**
 * Summary chips rebuilt from the session's chat history — the gateway's record, so a fresh browser
 * profile shows the same chips. Each `ask_user` tool call is paired with the tool result that
 * follows it with the same tool call id and turned into a summary by `summaryFromToolCall`; a call
 * without a result yet (the question is still open) has no chip. Each summary's id is the
 * question's own id (see `askUserQuestionId`), so a summary the kit saw end on the page (which
 * knows who ended it) and the one rebuilt from the history are one chip.
 */
import { summaryFromToolCall, type PromptSummary } from "ask-user-kit/contract";
import type { AskUserToolCall } from "ask-user-kit/element/standalone";

const TOOL_NAME = "ask_user";
/** The gateway's page size is capped; the chips of a longer session's oldest turns are not rebuilt. */
const HISTORY_LIMIT = 1000;

interface ToolCall {
  id: string;
  input: unknown;
  runId: string | undefined;
  atMs: number | undefined;
}

export interface HistoryRequester {
  request(method: string, params?: unknown): Promise<unknown>;
}

/**
 * A tool result the contract could not read: its chip is built from the row itself
 * (`<ask-user-summary .toolCall>`), which says the outcome is unknown, names the field and shows
 * the tool's own text.
 */
export interface UnreadableResult {
  id: string;
  toolCall: AskUserToolCall;
  /** What the contract found wrong, field by field. */
  problem: string;
}

export interface HistorySummaries {
  summaries: PromptSummary[];
  unreadable: UnreadableResult[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const epochMs = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/**
 * The question id OpenClaw's `ask_user` tool gives the question it asks: `ask_` and the first 32 hex
 * digits of SHA-256 over `<runId>\0<toolCallId>` (openclaw 2026.9.6, src/agents/tools/ask-user-tool.ts).
 */
export async function askUserQuestionId(runId: string, toolCallId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${runId}\0${toolCallId}`)));
  let hex = "";
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, "0");
  return `ask_${hex}`;
}

/** The run that wrote a history message (the Control UI's own `__openclaw` metadata). */
function runIdOf(message: Record<string, unknown>): string | undefined {
  const meta = message.__openclaw;
  return isRecord(meta) && typeof meta.runId === "string" && meta.runId !== "" ? meta.runId : undefined;
}

/** The summaries of every answered, skipped or ended `ask_user` call in `messages`, oldest first. */
export async function summariesFromHistory(messages: readonly unknown[], sessionKey: string): Promise<HistorySummaries> {
  const calls = new Map<string, ToolCall>();
  const result: HistorySummaries = { summaries: [], unreadable: [] };
  for (const message of messages) {
    if (!isRecord(message)) continue;
    if (message.role === "assistant" && Array.isArray(message.content)) {
      for (const part of message.content) {
        if (!isRecord(part) || part.type !== "toolCall" || part.name !== TOOL_NAME || typeof part.id !== "string") continue;
        calls.set(part.id, { id: part.id, input: part.arguments, runId: runIdOf(message), atMs: epochMs(message.timestamp) });
      }
    } else if (message.role === "toolResult" && message.toolName === TOOL_NAME && typeof message.toolCallId === "string") {
      const call = calls.get(message.toolCallId);
      // Without its run the question's id is unknown, and no tool card could be matched to it.
      if (!call?.runId) continue;
      const id = await askUserQuestionId(call.runId, call.id);
      const resolvedAtMs = epochMs(message.timestamp);
      const built = summaryFromToolCall(call.input, message, {
        id,
        sessionKey,
        runId: call.runId,
        ...(call.atMs !== undefined ? { createdAtMs: call.atMs } : {}),
        ...(resolvedAtMs !== undefined ? { resolvedAtMs } : {}),
      });
      if (built.ok) result.summaries.push(built.value);
      else
        result.unreadable.push({
          id,
          toolCall: { toolCallId: call.id, input: call.input, result: message, sessionKey, runId: call.runId },
          problem: built.errors.map((error) => `${error.path} ${error.message}`).join("; "),
        });
    }
  }
  return result;
}

/** Reads the session's history from the gateway and returns its summaries. */
export async function loadHistorySummaries(client: HistoryRequester, sessionKey: string): Promise<HistorySummaries> {
  const history = await client.request("chat.history", { sessionKey, limit: HISTORY_LIMIT });
  const messages = isRecord(history) && Array.isArray(history.messages) ? history.messages : [];
  return summariesFromHistory(messages, sessionKey);
}
