"use client";
import { type ComponentPropsWithoutRef, forwardRef, Fragment, memo, type ReactElement, useMemo } from "react";
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

/**
 * Chips go in blocks of BLOCK_SIZE, each block a fragment element kept while its entries are the
 * same ones: React skips an unchanged block whole, so a settle beside 10,000 chips reconciles ~160
 * blocks and the chips of one, not 10,000 chips (measured by bench/panel-renders.ts). Blocks are
 * keyed by position: a prompt that settles out of order (an older one after newer ones) shifts the
 * chips after it, and the chip that crosses into the next block is mounted anew there.
 */
const BLOCK_SIZE = 64;

interface Block {
  index: number;
  entries: readonly PromptEntry[];
  element: ReactElement;
}

/** Each block by its first entry; a block is reused only when its position and every entry match. */
const blockCache = new WeakMap<PromptEntry, Block>();

function blocksOf(entries: readonly PromptEntry[]): ReactElement[] {
  const blocks: ReactElement[] = [];
  for (let start = 0, index = 0; start < entries.length; start += BLOCK_SIZE, index += 1) {
    const end = Math.min(start + BLOCK_SIZE, entries.length);
    const cached = blockCache.get(entries[start]!);
    if (cached && cached.index === index && sameRun(cached.entries, entries, start, end)) {
      blocks.push(cached.element);
      continue;
    }
    const run = entries.slice(start, end);
    const element = <Fragment key={index}>{run.map(chipOf)}</Fragment>;
    blockCache.set(run[0]!, { index, entries: run, element });
    blocks.push(element);
  }
  return blocks;
}

function sameRun(run: readonly PromptEntry[], entries: readonly PromptEntry[], start: number, end: number): boolean {
  if (run.length !== end - start) return false;
  for (let i = start; i < end; i += 1) if (run[i - start] !== entries[i]) return false;
  return true;
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
    const chips = useMemo(() => blocksOf(entries), [entries]);
    if (entries.length === 0) return null;
    return (
      <div data-slot="ask-user-transcript" data-run-id={runId} {...props} ref={ref}>
        {chips}
      </div>
    );
  }),
);
AskUserTranscript.displayName = TRANSCRIPT_NAME;
