"use client";
import { Fragment, type ReactElement } from "react";
import { sharedTranscriptHead } from "../../store/selectors.js";
import type { PromptEntry } from "../../store/types.js";
import { AskUserSummary } from "./ask-user-summary.js";
import { TranscriptEntryContext } from "./transcript-entry.js";

/**
 * The chips of a transcript as blocks of blocks, placed by each prompt's arrival number (`seq`)
 * alone: a chip sits in the block of `seq >> 4`, inside the block of `seq >> 8`, inside the block
 * of `seq >> 12`, each a fragment keyed by that number. So
 * - a settle re-renders the blocks on one path (at most 16 children each) and React skips every
 *   other block whole: it visits ~50 fibers beside 10,000 chips, not ~160 blocks of 64 chips
 *   (a skipped block still walks its children once, which made that layout grow with the size);
 * - no settle moves another chip to another block, whatever its order: a prompt settling after
 *   newer ones joins its own block, and every chip keeps its mount and its state (open details).
 * The store numbers prompts in arrival order, so `seq` grows along the transcript, and a rebuild
 * (a burst) gives every block the key it had. Where `seq` does not grow (records a host set
 * itself), blocks are runs of one number, a number seen before among its siblings gets a key with
 * its position, and every change rebuilds them.
 */
const BITS = 4;
const LEVELS = 3;
/** More entries added or removed than this in one change (a burst) and the blocks are rebuilt. */
const MAX_PATCHED = 32;

export interface TranscriptBlock {
  /** `seq` of every entry inside, shifted by BITS per level. */
  readonly bucket: number;
  /** Entries (level 1) or the blocks one level down, in transcript order. */
  readonly items: readonly Item[];
  readonly element: ReactElement;
}

type Item = TranscriptBlock | PromptEntry;

export interface TranscriptBlocks {
  readonly entries: readonly PromptEntry[];
  /** The top level's blocks. */
  readonly blocks: readonly TranscriptBlock[];
  readonly elements: readonly ReactElement[];
  /** `seq` strictly increases along `entries`: a change can be patched into the blocks by `seq`. */
  readonly bySeq: boolean;
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

const bucketOf = (seq: number, level: number) => Math.floor(seq / 2 ** (BITS * level));

const rankOf = (item: Item, level: number) => (level === 0 ? (item as PromptEntry).seq : (item as TranscriptBlock).bucket);

function blockOf(bucket: number, level: number, items: readonly Item[], key: string = String(bucket)): TranscriptBlock {
  const children = level === 1 ? (items as readonly PromptEntry[]).map(chipOf) : (items as readonly TranscriptBlock[]).map((block) => block.element);
  return { bucket, items, element: <Fragment key={key}>{children}</Fragment> };
}

/**
 * The blocks of `entries`, patched from `previous` when only a few entries changed and they keep
 * `seq` increasing; the result is the same as a fresh build either way (the tests compare them),
 * so any earlier result, even one React never committed, is a safe `previous`.
 */
export function transcriptBlocks(entries: readonly PromptEntry[], previous?: TranscriptBlocks): TranscriptBlocks {
  if (previous?.entries === entries) return previous;
  const blocks = previous?.bySeq ? patched(previous, entries) : undefined;
  if (blocks) return { entries, blocks, elements: blocks.map((block) => block.element), bySeq: true };
  // Built from a copy: the transcript is frozen, and Chromium slices a frozen array element by element.
  const list = [...entries];
  const built = runs(list, 0, list.length, LEVELS);
  return { entries, blocks: built, elements: built.map((block) => block.element), bySeq: increasing(list, 0, list.length) };
}

/** Groups `entries[start, end)` into runs of one bucket at `level`, recursively down to the chips. */
function runs(entries: readonly PromptEntry[], start: number, end: number, level: number): TranscriptBlock[] {
  const blocks: TranscriptBlock[] = [];
  let highest = -Infinity;
  for (let first = start; first < end; ) {
    const bucket = bucketOf(entries[first]!.seq, level);
    let last = first + 1;
    while (last < end && bucketOf(entries[last]!.seq, level) === bucket) last += 1;
    const items = level === 1 ? entries.slice(first, last) : runs(entries, first, last, level - 1);
    // Keys must differ among siblings: a bucket that comes back (seq going down) takes its position.
    blocks.push(blockOf(bucket, level, items, bucket > highest ? String(bucket) : `${bucket}@${first}`));
    highest = Math.max(highest, bucket);
    first = last;
  }
  return blocks;
}

/** Whether `seq` is a whole number rising strictly along `entries[start, end)` (a host's record may break either). */
function increasing(entries: readonly PromptEntry[], start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) {
    const seq = entries[i]!.seq;
    if (!Number.isSafeInteger(seq) || (i > start && !(seq > entries[i - 1]!.seq))) return false;
  }
  return true;
}

/**
 * `previous` with the entries between the common head and tail of the two lists taken out and the
 * new ones put in by `seq`; undefined for a burst or when the new ones would not keep `seq`
 * increasing. The head and tail are found by reference. A transcript the selector patched from
 * `previous` says how much of its head it kept, so a settle beside 10,000 looks at the end only.
 */
function patched(previous: TranscriptBlocks, entries: readonly PromptEntry[]): readonly TranscriptBlock[] | undefined {
  const before = previous.entries;
  const shorter = Math.min(before.length, entries.length);
  let head = sharedTranscriptHead(entries, before);
  while (head < shorter && before[head] === entries[head]) head += 1;
  let tail = 0;
  while (tail < shorter - head && before[before.length - 1 - tail] === entries[entries.length - 1 - tail]) tail += 1;
  const removedEnd = before.length - tail;
  const addedEnd = entries.length - tail;
  if (removedEnd - head + (addedEnd - head) > MAX_PATCHED) return undefined;
  // The added ones and their two unchanged neighbours, so they land exactly between those.
  if (!increasing(entries, Math.max(head - 1, 0), Math.min(addedEnd + 1, entries.length))) return undefined;
  let blocks: readonly Item[] = previous.blocks;
  for (let i = head; i < removedEnd; i += 1) blocks = without(blocks, before[i]!.seq, LEVELS);
  for (let i = head; i < addedEnd; i += 1) blocks = withEntry(blocks, entries[i]!, LEVELS);
  return blocks as readonly TranscriptBlock[];
}

/** The first index whose rank is at least `rank` (items are sorted by rank). */
function search(items: readonly Item[], rank: number, level: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rankOf(items[middle]!, level) < rank) low = middle + 1;
    else high = middle;
  }
  return low;
}

function spliced<T>(items: readonly T[], at: number, remove: number, ...add: T[]): T[] {
  const copy = items.slice();
  copy.splice(at, remove, ...add);
  return copy;
}

/**
 * `items` (the blocks of `level`, or entries at level 0) with `entry` in its place. No entry of
 * the same `seq` is there: `patched` takes out the entries it replaces first.
 */
function withEntry(items: readonly Item[], entry: PromptEntry, level: number): readonly Item[] {
  const rank = level === 0 ? entry.seq : bucketOf(entry.seq, level);
  const at = search(items, rank, level);
  if (level === 0) return spliced(items, at, 0, entry);
  const found = at < items.length && rankOf(items[at]!, level) === rank;
  const inner = withEntry(found ? (items[at] as TranscriptBlock).items : [], entry, level - 1);
  return spliced(items, at, found ? 1 : 0, blockOf(rank, level, inner));
}

/** `items` without the entry numbered `seq`; a block left empty goes too. */
function without(items: readonly Item[], seq: number, level: number): readonly Item[] {
  const rank = level === 0 ? seq : bucketOf(seq, level);
  const at = search(items, rank, level);
  if (at === items.length || rankOf(items[at]!, level) !== rank) return items;
  if (level === 0) return spliced(items, at, 1);
  const inner = without((items[at] as TranscriptBlock).items, seq, level - 1);
  return inner.length === 0 ? spliced(items, at, 1) : spliced(items, at, 1, blockOf(rank, level, inner));
}
