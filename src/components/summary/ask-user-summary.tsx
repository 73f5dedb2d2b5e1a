"use client";
import { type ComponentPropsWithoutRef, forwardRef, memo, useEffect, useId, useRef, useState } from "react";
import { MAX_SHOWN_LABEL_LENGTH } from "../../contract/limits.js";
import { splitRecommended } from "../../contract/recommended.js";
import { clipUtf16 } from "../../contract/utf16.js";
import type { AskUserMessages } from "../../messages/types.js";
import { useAskUserContext } from "../../react/index.js";
import { type PromptEntry, selectSummaryLines, type SummaryLine } from "../../store/index.js";
import { OutcomeIcon } from "../parts/icons.js";
import { outcomeText } from "../parts/outcome-text.js";
import { flag } from "../parts/scope.js";
import { decisionText, formatDateTime, formatRelativeTime, lineValue, unsentText } from "./summary-text.js";
import { useSettledEntry } from "./transcript-entry.js";
import { useCopyText } from "./use-copy-text.js";

const SUMMARY_NAME = "AskUserSummary";

export interface AskUserSummaryProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {
  /** The prompt whose outcome this chip shows. Renders nothing while it is open or unknown. */
  promptId: string;
  /** Whether the details are shown (controlled). */
  open?: boolean;
  /** Initial state of the details when uncontrolled. Default false. */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Clock for "5 minutes ago"; default `Date.now`. */
  now?: () => number;
}

/**
 * The transcript chip of a finished prompt: `<header>: <answers>` per question, or how it ended
 * and who ended it (Skipped, Skipped elsewhere, Expired, Answered elsewhere, Unavailable, Run
 * ended). A draft that was never sent stays readable and copyable ("Not sent: …"). Its details list every question
 * with all options, the chosen ones marked in words, the free text, the outcome and when.
 *
 * Memoized and fed its own settled entry only (by `AskUserTranscript`, or else by its own store
 * subscription): typing in an open prompt never re-renders a chip.
 */
export const AskUserSummary = memo(
  forwardRef<HTMLDivElement, AskUserSummaryProps>(function AskUserSummary(
    { promptId, open: openProp, defaultOpen = false, onOpenChange, now = Date.now, ...props },
    ref,
  ) {
    const { store, messages } = useAskUserContext(SUMMARY_NAME);
    const entry = useSettledEntry(store, promptId);
    const [openState, setOpenState] = useState(defaultOpen);
    const open = openProp ?? openState;
    const [copy, copyText] = useCopyText();
    const baseId = useId();
    const detailsId = `${baseId}-details`;
    const fallback = useRef<HTMLTextAreaElement>(null);

    // Hand the text to the person the moment copying turns out to be impossible.
    useEffect(() => {
      if (copy.status !== "unavailable") return;
      fallback.current?.focus();
      fallback.current?.select();
    }, [copy]);

    if (!entry) return null;
    const lines = selectSummaryLines(entry);
    const outcome = lines[0]?.outcome;
    if (!outcome) return null;
    const showElsewhere = outcome === "answered-elsewhere" && lines.some((line) => line.values.length > 0);
    const unsent = unsentText(lines, messages);

    const toggle = () => {
      const next = !open;
      if (openProp === undefined) setOpenState(next);
      onOpenChange?.(next);
    };

    return (
      <div
        role="group"
        aria-label={messages.summaryLabel}
        data-slot="ask-user-summary"
        data-outcome={outcome}
        data-state={open ? "open" : "closed"}
        data-prompt-id={promptId}
        {...props}
        ref={ref}
      >
        <OutcomeIcon outcome={outcome} />
        <ul data-slot="ask-user-summary-lines">
          {lines.map((line) => (
            <li key={line.questionId} data-slot="ask-user-summary-line" data-question-id={line.questionId}>
              {messages.summaryLine(line.header, lineValue(line, messages))}
            </li>
          ))}
        </ul>
        {showElsewhere ? <p data-slot="ask-user-summary-badge">{messages.answeredElsewhere}</p> : null}
        {unsent ? (
          <div data-slot="ask-user-summary-unsent">
            <p data-slot="ask-user-summary-unsent-text">{messages.notSent(unsent)}</p>
            <button type="button" data-slot="ask-user-summary-copy-unsent" onClick={() => copyText(unsent)}>
              {messages.copyUnsent}
            </button>
          </div>
        ) : null}
        <div data-slot="ask-user-summary-actions">
          <button type="button" data-slot="ask-user-summary-toggle" aria-expanded={open} aria-controls={detailsId} onClick={toggle}>
            {open ? messages.hideDetails : messages.showDetails}
          </button>
          <button type="button" data-slot="ask-user-summary-copy" onClick={() => copyText(decisionText(entry, lines, messages))}>
            {messages.copyAsText}
          </button>
        </div>
        <div id={detailsId} data-slot="ask-user-summary-details" hidden={!open}>
          {open ? <SummaryDetails entry={entry} lines={lines} messages={messages} nowMs={now()} /> : null}
        </div>
        <div role="status" data-slot="ask-user-summary-status" data-status={copy.status}>
          {copy.status === "copied" ? messages.copied : copy.status === "unavailable" ? messages.copyUnavailable : ""}
        </div>
        {copy.status === "unavailable" ? (
          <textarea
            ref={fallback}
            data-slot="ask-user-summary-copy-text"
            aria-label={messages.copyAsText}
            readOnly
            rows={copy.text.split("\n").length}
            value={copy.text}
          />
        ) : null}
      </div>
    );
  }),
);
AskUserSummary.displayName = SUMMARY_NAME;

interface SummaryDetailsProps {
  entry: PromptEntry;
  lines: readonly SummaryLine[];
  messages: AskUserMessages;
  nowMs: number;
}

function SummaryDetails({ entry, lines, messages, nowMs }: SummaryDetailsProps) {
  const outcome = lines[0]?.outcome;
  // A host clock gone wrong must not throw from `toISOString()` inside the transcript.
  const resolvedAt = Number.isFinite(entry.resolvedAtMs) ? entry.resolvedAtMs : undefined;
  return (
    <>
      {entry.record.questions.map((question, index) => {
        const values = lines[index]?.values ?? [];
        const labels = new Set(question.options.map((option) => option.label));
        const ownText = values.filter((value) => !labels.has(value));
        return (
          <div key={question.questionId} data-slot="ask-user-summary-question" data-question-id={question.questionId}>
            <p data-slot="ask-user-summary-header">{question.header}</p>
            <p data-slot="ask-user-summary-question-text">{question.question}</p>
            {question.options.length > 0 ? (
              <ul data-slot="ask-user-summary-options" aria-label={question.question}>
                {question.options.map((option) => {
                  const chosen = values.includes(option.label);
                  const { text, recommended } = splitRecommended(option.label);
                  return (
                    <li key={option.label} data-slot="ask-user-summary-option" data-chosen={flag(chosen)}>
                      <span data-slot="ask-user-summary-mark" aria-hidden="true">
                        {chosen ? "✓" : ""}
                      </span>
                      <span data-slot="ask-user-summary-option-label">{clipUtf16(text, MAX_SHOWN_LABEL_LENGTH)}</span>
                      {recommended ? <span data-slot="ask-user-summary-option-badge">{messages.recommended}</span> : null}
                      {chosen ? <span data-slot="ask-user-summary-chosen">{messages.chosen}</span> : null}
                      {option.description ? <span data-slot="ask-user-summary-option-description">{option.description}</span> : null}
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {ownText.length > 0 ? (
              <p data-slot="ask-user-summary-other">
                <span data-slot="ask-user-summary-other-label">{messages.ownAnswer}:</span> {ownText.join(", ")}
              </p>
            ) : null}
          </div>
        );
      })}
      {outcome ? (
        <p data-slot="ask-user-summary-outcome" data-outcome={outcome}>
          {outcomeText(outcome, messages)}
          {resolvedAt !== undefined ? (
            <>
              {" · "}
              <time dateTime={new Date(resolvedAt).toISOString()} title={formatDateTime(resolvedAt, messages.locale)}>
                {formatRelativeTime(resolvedAt, nowMs, messages.locale)}
              </time>
            </>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
