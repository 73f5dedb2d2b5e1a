"use client";
import { type ComponentPropsWithoutRef, forwardRef, memo, type ReactElement, useMemo, useRef } from "react";
import { useAskUserContext } from "../../react/ask-user-context.js";
import { useSelection } from "../../react/ask-user-hooks.js";
import { selectTranscript, type TranscriptFilter } from "../../store/selectors.js";
import type { PromptEntry } from "../../store/types.js";
import { type TranscriptBlocks, transcriptBlocks } from "./transcript-blocks.js";

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

/**
 * The transcript's chips as blocks (transcript-blocks.tsx), each result patched from the last one
 * this transcript computed. Written during render, which is safe here: the blocks of a list are
 * the same from whichever earlier result they are patched, so a render React discards, or
 * StrictMode's second render, changes nothing.
 */
function useChipBlocks(entries: readonly PromptEntry[]): readonly ReactElement[] {
  const last = useRef<TranscriptBlocks | undefined>(undefined);
  return useMemo(() => (last.current = transcriptBlocks(entries, last.current)).elements, [entries]);
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
    const chips = useChipBlocks(entries);
    if (entries.length === 0) return null;
    return (
      <div data-slot="ask-user-transcript" data-run-id={runId} {...props} ref={ref}>
        {chips}
      </div>
    );
  }),
);
AskUserTranscript.displayName = TRANSCRIPT_NAME;
