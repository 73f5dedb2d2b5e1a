import { setEntry } from "../contract/safe-read.js";
import type { QuestionResolvedEvent } from "../contract/types.js";
import { isOpenStatus } from "./docking.js";
import { overBound, transcriptSession } from "./transcript-bound.js";
import type { AskUserState, PromptEntry } from "./types.js";

/** One prompt a batch changed: as it was before the batch (undefined for an arrival) and after. */
interface PromptChange {
  before: PromptEntry | undefined;
  after: PromptEntry;
}

/** What a batch changed: the new maps (unchanged ones are the base state's) and each prompt it touched. */
interface BatchResult extends Pick<AskUserState, "prompts" | "settled" | "order" | "heldResolutions"> {
  /** In the order first changed, one per prompt. */
  changes: PromptChange[];
}

/**
 * The edits of the prompt maps for one store action. The base state is never written: a map is
 * copied the first time the batch changes it, and `settled` is frozen again when the batch ends.
 */
export interface PromptBatch {
  get(id: string): PromptEntry | undefined;
  /** Store `entry` in `prompts` or `settled` by its status, removing it from the other. */
  put(entry: PromptEntry): void;
  appendOrder(id: string): void;
  held(id: string): QuestionResolvedEvent | undefined;
  hold(event: QuestionResolvedEvent): void;
  release(id: string): void;
  /** The changes, with the transcript cut back to its bound; null when nothing changed. */
  finish(): BatchResult | null;
}

/**
 * Resolutions for records not seen yet are kept until their record arrives; a resolution for an id
 * this client never sees (another session's prompt, a hostile frame) must not grow without bound,
 * and each hydration reads every held id again. 100 outlasts any real burst of crossing frames.
 */
export const MAX_HELD_RESOLUTIONS = 100;

export function createPromptBatch(base: AskUserState): PromptBatch {
  let prompts = base.prompts;
  let settled: Record<string, PromptEntry> = base.settled;
  let order = base.order;
  let heldResolutions = base.heldResolutions;
  const before = new Map<string, PromptEntry | undefined>();
  /** Sessions that gained a settled prompt: only they can have grown past the bound. */
  const grown = new Set<string>();

  // Ids come from the gateway: writes go through `setEntry`, since `map[id] = …` with "__proto__"
  // would swap the map's prototype.
  const writablePrompts = () => (prompts === base.prompts ? (prompts = { ...prompts }) : prompts);
  const writableSettled = () => (settled === base.settled ? (settled = { ...settled }) : settled);
  const writableHeld = () => (heldResolutions === base.heldResolutions ? (heldResolutions = { ...heldResolutions }) : heldResolutions);

  const get = (id: string): PromptEntry | undefined => {
    if (Object.hasOwn(prompts, id)) return prompts[id];
    return Object.hasOwn(settled, id) ? settled[id] : undefined;
  };

  const cutToBound = () => {
    const dropped = new Set(overBound(settled, grown));
    if (dropped.size === 0) return;
    const writable = writableSettled();
    for (const id of dropped) delete writable[id];
    order = order.filter((id) => !dropped.has(id));
  };

  return {
    get,

    put(entry) {
      const previous = get(entry.id);
      if (previous === entry) return;
      if (!before.has(entry.id)) before.set(entry.id, previous);
      if (isOpenStatus(entry.status)) {
        if (Object.hasOwn(settled, entry.id)) delete writableSettled()[entry.id];
        setEntry(writablePrompts(), entry.id, entry);
      } else {
        if (Object.hasOwn(prompts, entry.id)) delete writablePrompts()[entry.id];
        setEntry(writableSettled(), entry.id, entry);
        grown.add(transcriptSession(entry.record));
      }
    },

    appendOrder(id) {
      if (order === base.order) order = [...order];
      order.push(id);
    },

    held(id) {
      return Object.hasOwn(heldResolutions, id) ? heldResolutions[id] : undefined;
    },

    hold(event) {
      const held = writableHeld();
      // Re-holding moves the id to the end, so the oldest unmatched resolution is the first dropped.
      delete held[event.id];
      setEntry(held, event.id, event);
      for (const id of Object.keys(held).slice(0, -MAX_HELD_RESOLUTIONS)) delete held[id];
    },

    release(id) {
      if (Object.hasOwn(heldResolutions, id)) delete writableHeld()[id];
    },

    finish() {
      const changes = [...before].map(([id, was]) => ({ before: was, after: get(id)! }));
      if (settled !== base.settled) {
        cutToBound();
        Object.freeze(settled);
      }
      if (prompts === base.prompts && settled === base.settled && order === base.order && heldResolutions === base.heldResolutions) return null;
      return { prompts, settled, order, heldResolutions, changes };
    },
  };
}
