"use client";
import { type ComponentPropsWithoutRef, forwardRef, memo } from "react";
import { useAskUserContext, useSelection } from "../../react/index.js";
import { type PromptEntry, selectTranscript, type TranscriptFilter } from "../../store/index.js";
import { AskUserSummary } from "./ask-user-summary.js";
import { TranscriptEntryContext } from "./transcript-entry.js";

const TRANSCRIPT_NAME = "AskUserTranscript";

/**
 * The finished prompts of one agent turn (`runId`) and/or session, in arrival order, so a host can
 * place each summary with its turn. The array changes only when a prompt settles.
 */
export function useAskUserTranscript(filter: TranscriptFilter = {}): readonly PromptEntry[] {
  return useTranscript("useAskUserTranscript", filter);
}

function useTranscript(caller: string, { runId, sessionKey }: TranscriptFilter): readonly PromptEntry[] {
  const { store } = useAskUserContext(caller);
  return useSelection(store, (state) => selectTranscript(state, { runId, sessionKey }));
}

/**
 * One chip, fed its entry by the transcript. Memoized on the entry, which keeps its reference
 * until it changes: a settle renders the chip that settled, never the others.
 */
const TranscriptChip = memo(function TranscriptChip({ entry }: { entry: PromptEntry }) {
  return (
    <TranscriptEntryContext.Provider value={entry}>
      <AskUserSummary promptId={entry.id} />
    </TranscriptEntryContext.Provider>
  );
});

export interface AskUserTranscriptProps extends Omit<ComponentPropsWithoutRef<"div">, "children">, TranscriptFilter {}

/**
 * Every summary chip of a turn: render it inside that agent turn with its `runId`. Without a
 * filter it lists every finished prompt (the store keeps the newest 200 per session). Renders
 * nothing when there is none. Its one store subscription feeds every chip, keyed by prompt id, so
 * a chip keeps its mount (and its open details) whatever settles around it.
 */
export const AskUserTranscript = memo(
  forwardRef<HTMLDivElement, AskUserTranscriptProps>(function AskUserTranscript({ runId, sessionKey, ...props }, ref) {
    const entries = useTranscript(TRANSCRIPT_NAME, { runId, sessionKey });
    if (entries.length === 0) return null;
    return (
      <div data-slot="ask-user-transcript" data-run-id={runId} {...props} ref={ref}>
        {entries.map((entry) => (
          <TranscriptChip key={entry.id} entry={entry} />
        ))}
      </div>
    );
  }),
);
AskUserTranscript.displayName = TRANSCRIPT_NAME;
