import { contractError, describeType } from "./errors.js";
import { TOOL_RESULT_TEXT } from "./gateway-text.js";
import { normalizeAskUserInput } from "./normalize-input.js";
import { parseAnswers } from "./parse-record.js";
import { arrayLength, isArraySafe, isObjectRecord, readIndex, readOwn, setEntry, UNREADABLE } from "./safe-read.js";
import { canonicalSessionKey } from "./session-key.js";
import type { PromptSummary, SummaryOutcome } from "./summary.js";
import type { AnswerMap, ContractError, ContractResult, Question, QuestionStatus } from "./types.js";

export interface SummaryFromToolCallOptions {
  /** The summary's id: the tool call id, so the chip is the same on every rebuild. */
  id: string;
  sessionKey?: string;
  runId?: string;
  /** When the tool was called; defaults to `resolvedAtMs`, else 0. */
  createdAtMs?: number;
  resolvedAtMs?: number;
}

/**
 * A summary chip rebuilt from chat history: an `ask_user` tool call's input and its result as
 * OpenClaw stores it — the structured `details`, the tool-result message `{details, content}`, or
 * only its text (whose tail is the pretty-printed result). Total: bad input is an error naming the
 * field (`/input/…`, `/result/…`, `/options/…`), never a throw.
 *
 * History cannot say who ended an unanswered prompt. The tool's two notes tell the two ways apart:
 * "No answer arrived" only when the wait ran out (`expired`), "The question was cancelled" for every
 * cancel, which reads `skipped` as in OpenClaw's own Control UI (it words every cancel "Skipped").
 * A bare `no_answer` with neither note is `no-answer`; `delivery_failed` (the prompt never reached
 * anyone) is `unavailable`. The result may also be the Control UI's tool-result shape
 * `{text, details?, isError, completed}`.
 */
export function summaryFromToolCall(input: unknown, result: unknown, options: SummaryFromToolCallOptions): ContractResult<PromptSummary> {
  const errors: ContractError[] = [];
  const meta = readOptions(options, errors);
  const normalized = normalizeAskUserInput(typeof input === "string" ? parseJson(input) : input);
  if (!normalized.ok) for (const error of normalized.errors) errors.push({ ...error, path: `/input${error.path}` });
  const outcome = readOutcome(result, normalized.ok ? normalized.value.questions : [], errors);
  if (errors.length > 0 || !meta || !normalized.ok || !outcome) return { ok: false, errors };

  const createdAtMs = meta.createdAtMs ?? meta.resolvedAtMs ?? 0;
  const sessionKey = meta.sessionKey === undefined ? "" : canonicalSessionKey(meta.sessionKey);
  return {
    ok: true,
    value: {
      id: meta.id,
      record: {
        id: meta.id,
        questions: normalized.value.questions,
        ...(sessionKey ? { sessionKey } : {}),
        ...(meta.runId ? { runId: meta.runId } : {}),
        createdAtMs,
        expiresAtMs: createdAtMs + normalized.value.timeoutSeconds * 1000,
        status: outcome.status,
        ...(outcome.answers ? { answers: { answers: outcome.answers } } : {}),
      },
      outcome: outcome.outcome,
      ...(outcome.answers ? { answers: outcome.answers } : {}),
      ...(meta.resolvedAtMs !== undefined ? { resolvedAtMs: meta.resolvedAtMs } : {}),
    },
  };
}

interface Outcome {
  outcome: SummaryOutcome;
  status: QuestionStatus;
  answers?: AnswerMap;
}

const RESULT_SHAPES = "the tool result's details ({status, answers?}), its message ({details, content}) or its text";

function readOutcome(result: unknown, questions: readonly Question[], errors: ContractError[]): Outcome | undefined {
  const { details, text } = splitResult(result);
  const structured = details ?? (text === undefined ? undefined : jsonTail(text));
  const status = structured === undefined ? undefined : readOwn(structured, "status");
  const note = text?.trimStart() ?? "";
  if (status === "answered") return readAnswered(structured!, questions, errors);
  if (status === "delivery_failed") return { outcome: "unavailable", status: "cancelled" };
  const noAnswer =
    status === "no_answer" || (status === undefined && (note.startsWith(TOOL_RESULT_TEXT.noAnswer) || note.startsWith(TOOL_RESULT_TEXT.cancelled)));
  if (noAnswer) {
    if (note.startsWith(TOOL_RESULT_TEXT.noAnswer)) return { outcome: "expired", status: "expired" };
    return { outcome: note.startsWith(TOOL_RESULT_TEXT.cancelled) ? "skipped" : "no-answer", status: "cancelled" };
  }
  if (status === undefined) {
    errors.push(
      contractError(
        ["result"],
        "invalid_type",
        `result must be ${RESULT_SHAPES}; got ${describeType(result)} without a status. Pass the ask_user tool result as the history stores it.`,
      ),
    );
  } else {
    const shown = typeof status === "string" ? `'${status.slice(0, 40)}'` : describeType(status);
    errors.push(
      contractError(
        ["result", "status"],
        "invalid_value",
        `result status must be answered, no_answer or delivery_failed, not ${shown}: is this the result of an ask_user call?`,
      ),
    );
  }
  return undefined;
}

function readAnswered(details: object, questions: readonly Question[], errors: ContractError[]): Outcome | undefined {
  const parsed = parseAnswers(readOwn(details, "answers"));
  const answers: AnswerMap = {};
  // Only the call's own questions: a stray key would be a chip line for a question never asked.
  for (const question of questions) {
    const values = parsed && Object.hasOwn(parsed, question.questionId) ? parsed[question.questionId] : undefined;
    if (values && values.length > 0) setEntry(answers, question.questionId, values);
  }
  // Without questions the input is already an error; blaming the answers too would mislead.
  if (Object.keys(answers).length > 0 || questions.length === 0) return { outcome: "answered", status: "answered", answers };
  errors.push(
    contractError(
      ["result", "answers", "answers"],
      "unanswered",
      "result is answered but answers none of the call's questions: pass the result of this same tool call ({answers: {answers: {<questionId>: [...]}}}).",
    ),
  );
  return undefined;
}

/** The structured result and the text, from whichever of the stored shapes `result` is. */
function splitResult(result: unknown): { details?: object; text?: string } {
  if (typeof result === "string") return { text: result };
  if (isArraySafe(result) === true) return { text: textOfContent(result as unknown[]) };
  if (!isObjectRecord(result)) return {};
  if (readOwn(result, "status") !== undefined) return { details: result };
  const details = readOwn(result, "details");
  // A history message's `content`, or the Control UI tool-result surface's `text`.
  const content = readOwn(result, "content") ?? readOwn(result, "text");
  const text = typeof content === "string" ? content : isArraySafe(content) === true ? textOfContent(content as unknown[]) : undefined;
  return {
    ...(isObjectRecord(details) && readOwn(details, "status") !== undefined ? { details } : {}),
    ...(text === undefined ? {} : { text }),
  };
}

/** OpenClaw writes one text block; the cap bounds the work on a hostile message. */
const MAX_CONTENT_BLOCKS = 16;

/** The text blocks of a message's `content`, joined. */
function textOfContent(content: unknown[]): string | undefined {
  const length = arrayLength(content);
  if (length === UNREADABLE) return undefined;
  const texts: string[] = [];
  for (let index = 0; index < Math.min(length, MAX_CONTENT_BLOCKS); index += 1) {
    const block = readIndex(content, index);
    const text = isObjectRecord(block) && readOwn(block, "type") === "text" ? readOwn(block, "text") : undefined;
    if (typeof text === "string") texts.push(text);
  }
  return texts.length > 0 ? texts.join("\n") : undefined;
}

/**
 * The pretty-printed result after the last blank line. The JSON itself holds no blank line (newlines
 * in values are escaped), while typed answers in the lines above it may; a text that is only JSON
 * counts too.
 */
function jsonTail(text: string): object | undefined {
  const start = text.lastIndexOf("\n\n{");
  const parsed = parseJson(start === -1 ? text.trim() : text.slice(start + 2));
  return isObjectRecord(parsed) ? parsed : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readOptions(options: unknown, errors: ContractError[]): SummaryFromToolCallOptions | undefined {
  const before = errors.length;
  if (!isObjectRecord(options)) {
    errors.push(contractError(["options"], "invalid_type", `options must be an object like { id: "<tool call id>" }, not ${describeType(options)}.`));
    return undefined;
  }
  const id = readOwn(options, "id");
  if (typeof id !== "string" || !id.trim()) {
    errors.push(
      contractError(
        ["options", "id"],
        id === undefined ? "required" : "invalid_type",
        "options.id must be a non-empty string: pass the tool call id, so each rebuild gives the same chip.",
      ),
    );
  }
  const meta: SummaryFromToolCallOptions = { id: typeof id === "string" ? id : "" };
  for (const key of ["sessionKey", "runId"] as const) {
    const value = readOwn(options, key);
    if (typeof value === "string") meta[key] = value;
    else if (value !== undefined)
      errors.push(contractError(["options", key], "invalid_type", `options.${key} must be a string or left out, not ${describeType(value)}.`));
  }
  for (const key of ["createdAtMs", "resolvedAtMs"] as const) {
    const value = readOwn(options, key);
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) meta[key] = value;
    else if (value !== undefined)
      errors.push(contractError(["options", key], "invalid_type", `options.${key} must be non-negative epoch milliseconds or left out.`));
  }
  return errors.length > before ? undefined : meta;
}
