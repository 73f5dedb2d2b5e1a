/**
 * Summary chips rebuilt from the session's chat history — the gateway's record, so a reload or a
 * fresh browser profile shows the same chips. Each `ask_user` tool call is paired with the tool
 * result that follows it with the same tool call id and turned into a summary by `summaryFromToolCall`; a call without a
 * result yet (the question is still open) has no chip. A call or result the contract cannot read
 * is logged with the field it names and skipped, never a thrown error.
 */
import { summaryFromToolCall, type PromptSummary } from "ask-user-kit/contract";

const TOOL_NAME = "ask_user";
/** The gateway's page size is capped; the chips of a longer session's oldest turns are not rebuilt. */
const HISTORY_LIMIT = 1000;

interface ToolCall {
  id: string;
  input: unknown;
  runId: string | undefined;
  atMs: number | undefined;
}

interface HistoryRequester {
  request<T = unknown>(method: string, params?: unknown): Promise<T>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const epochMs = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/**
 * A rebuilt summary's id: the tool call id within its run. Tool call ids are only unique within a
 * model's turn (a scripted model, or one restarted, reuses them), so the run is part of the id.
 */
export const historyChipId = (runId: string | undefined, toolCallId: string) => `${runId ?? ""}/${toolCallId}`;

/** The run that wrote a history message (the Control UI's own `__openclaw` metadata). */
function runIdOf(message: Record<string, unknown>): string | undefined {
  const meta = message.__openclaw;
  return isRecord(meta) && typeof meta.runId === "string" ? meta.runId : undefined;
}

/** The summaries of every answered, skipped or ended `ask_user` call in `messages`, oldest first. */
export function summariesFromHistory(messages: readonly unknown[], sessionKey: string): PromptSummary[] {
  const calls = new Map<string, ToolCall>();
  const summaries: PromptSummary[] = [];
  for (const message of messages) {
    if (!isRecord(message)) continue;
    if (message.role === "assistant" && Array.isArray(message.content)) {
      for (const part of message.content) {
        if (!isRecord(part) || part.type !== "toolCall" || part.name !== TOOL_NAME || typeof part.id !== "string") continue;
        calls.set(part.id, { id: part.id, input: part.arguments, runId: runIdOf(message), atMs: epochMs(message.timestamp) });
      }
    } else if (message.role === "toolResult" && message.toolName === TOOL_NAME && typeof message.toolCallId === "string") {
      const call = calls.get(message.toolCallId);
      if (!call) continue;
      const resolvedAtMs = epochMs(message.timestamp);
      const built = summaryFromToolCall(call.input, message, {
        id: historyChipId(call.runId, call.id),
        sessionKey,
        ...(call.runId ? { runId: call.runId } : {}),
        ...(call.atMs !== undefined ? { createdAtMs: call.atMs } : {}),
        ...(resolvedAtMs !== undefined ? { resolvedAtMs } : {}),
      });
      if (built.ok) summaries.push(built.value);
      else
        console.warn(
          `[ask-user-kit] no chip for ask_user call ${call.id}: ${built.errors.map((error) => `${error.path} ${error.message}`).join("; ")}`,
        );
    }
  }
  return summaries;
}

/** Reads the session's history from the gateway and returns its summaries. */
export async function loadHistorySummaries(client: HistoryRequester, sessionKey: string): Promise<PromptSummary[]> {
  const history = await client.request<{ messages?: unknown }>("chat.history", { sessionKey, limit: HISTORY_LIMIT });
  const messages = isRecord(history) && Array.isArray(history.messages) ? history.messages : [];
  return summariesFromHistory(messages, sessionKey);
}
