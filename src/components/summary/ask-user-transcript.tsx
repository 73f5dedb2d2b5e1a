"use client";
import { type ComponentPropsWithoutRef, forwardRef, memo, type ReactElement, useMemo } from "react";
import { useAskUserContext } from "../../react/ask-user-context.js";
import { useSelection } from "../../react/ask-user-hooks.js";
import { selectTranscript, type TranscriptFilter } from "../../store/selectors.js";
import type { PromptEntry } from "../../store/types.js";
import { AskUserSummary } from "./ask-user-summary.js";
import { TranscriptEntryContext } from "./transcript-entry.js";

export const TRANSCRIPT_NAME = "AskUserTranscript";

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

// Entries keep their reference until they change, so their chip elements can too: React then
// skips an unchanged chip without comparing its props.
const chipCache = new WeakMap<PromptEntry, ReactElement>();

function chipOf(entry: PromptEntry): ReactElement {
  let chip = chipCache.get(entry);
  if (!chip) {
    chip = (
      <TranscriptEntryContext.Provider key={entry.id} value={entry}>
        <AskUserSummary promptId={entry.id} />
      </TranscriptEntryContext.Provider>
    );
    chipCache.set(entry, chip);
  }
  return chip;
}

export interface AskUserTranscriptProps extends Omit<ComponentPropsWithoutRef<"div">, "children">, TranscriptFilter {}

/**
 * Every summary chip of a turn: render it inside that agent turn with its `runId`. Without a
 * filter it lists every finished prompt. Renders nothing when there is none. Its one store
 * subscription feeds every chip, so a store change costs the same beside 10 chips or 10,000.
 */
export const AskUserTranscript = memo(
  forwardRef<HTMLDivElement, AskUserTranscriptProps>(function AskUserTranscript({ runId, sessionKey, ...props }, ref) {
    const entries = useTranscript(TRANSCRIPT_NAME, { runId, sessionKey });
    const chips = useMemo(() => entries.map(chipOf), [entries]);
    if (entries.length === 0) return null;
    return (
      <div data-slot="ask-user-transcript" data-run-id={runId} {...props} ref={ref}>
        {chips}
      </div>
    );
  }),
);
AskUserTranscript.displayName = TRANSCRIPT_NAME;
