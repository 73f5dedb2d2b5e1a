"use client";
import { forwardRef, memo, useMemo } from "react";
import type { PromptSummary } from "../../contract/summary.js";
import { summaryFromToolCall } from "../../contract/summary-from-tool-call.js";
import type { ContractResult } from "../../contract/types.js";
import { clipUtf16 } from "../../contract/utf16.js";
import { useAskUserContext } from "../../react/ask-user-context.js";
import { useIsomorphicLayoutEffect } from "../../react/use-isomorphic-layout-effect.js";
import { OutcomeIcon } from "../parts/icons.js";
import { AskUserSummary, type AskUserSummaryProps } from "./ask-user-summary.js";
import type { AskUserToolCall } from "./tool-call.js";
import { toolResultText } from "./tool-result-text.js";

const TOOL_CALL_SUMMARY_NAME = "AskUserToolCallSummary";

/** A hand-edited result may be any length; the chip shows this much of it. */
const MAX_SHOWN_TOOL_TEXT = 4000;

export interface AskUserToolCallSummaryProps extends Omit<AskUserSummaryProps, "promptId">, AskUserToolCall {}

/**
 * The summary chip of one `ask_user` call in a chat transcript, built from that row's own input and
 * result (`summaryFromToolCall`): the same chip after a reload and in a fresh browser profile, with
 * no request. A result the contract cannot read still gets a chip: it says the outcome is unknown,
 * names the field, and shows the tool's own text, so a hand-edited transcript never renders a blank
 * row or throws.
 *
 * The chip goes into the provider's store under an id made of the call and its content: tool call
 * ids are unique only within a model's turn, and a row whose result changes gets a new chip.
 */
export const AskUserToolCallSummary = memo(
  forwardRef<HTMLDivElement, AskUserToolCallSummaryProps>(function AskUserToolCallSummary(
    { toolCallId, input, result, sessionKey, runId, ...props },
    ref,
  ) {
    const { store, messages } = useAskUserContext(TOOL_CALL_SUMMARY_NAME);
    const built = useMemo(() => buildSummary(toolCallId, input, result, sessionKey, runId), [toolCallId, input, result, sessionKey, runId]);

    useIsomorphicLayoutEffect(() => {
      if (built.ok) store.getState().restoreSummaries([built.value]);
    }, [store, built]);

    if (built.ok) return <AskUserSummary {...props} ref={ref} promptId={built.value.id} />;
    const fields = [...new Set(built.errors.map((error) => error.path || "/"))].join(", ");
    const text = clipUtf16(toolResultText(result), MAX_SHOWN_TOOL_TEXT);
    return (
      <div
        role="group"
        aria-label={messages.summaryLabel}
        data-slot="ask-user-summary"
        data-outcome="unknown"
        data-state="closed"
        {...props}
        ref={ref}
      >
        <OutcomeIcon outcome="unavailable" />
        <p data-slot="ask-user-summary-unknown">{messages.outcomeUnknown}</p>
        <p data-slot="ask-user-summary-unreadable">{messages.resultUnreadable(fields)}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it (axe scrollable-region-focusable) */}
        <pre data-slot="ask-user-summary-tool-text" role="region" aria-label={messages.toolText} tabIndex={0}>
          {text}
        </pre>
      </div>
    );
  }),
);
AskUserToolCallSummary.displayName = TOOL_CALL_SUMMARY_NAME;

function buildSummary(
  toolCallId: string,
  input: unknown,
  result: unknown,
  sessionKey: string | undefined,
  runId: string | undefined,
): ContractResult<PromptSummary> {
  const id = `tool:${runId ?? sessionKey ?? ""}:${toolCallId}:${fingerprint(input, result)}`;
  return summaryFromToolCall(input, result, { id, ...(sessionKey ? { sessionKey } : {}), ...(runId ? { runId } : {}) });
}

/** FNV-1a over the call's input and result text: the same row gives the same id on every render. */
function fingerprint(input: unknown, result: unknown): string {
  let text: string;
  try {
    text = `${typeof input === "string" ? input : JSON.stringify(input)}\u0000${toolResultText(result)}`;
  } catch {
    // A cyclic or hostile input: the contract refuses it anyway, and the fallback chip needs no id.
    text = toolResultText(result);
  }
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
