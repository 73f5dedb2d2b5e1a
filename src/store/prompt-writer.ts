import { setEntry } from "../contract/safe-read.js";
import type { QuestionResolvedEvent } from "../contract/types.js";
import { isOpenStatus } from "./docking.js";
import { createSettledWriter } from "./settled-record.js";
import type { AskUserState, PromptEntry } from "./types.js";

/**
 * One prompt's change within a batch: `before` is undefined for a new arrival that ended in the
 * same put. An arrival that is still open is no change here (nothing follows from it, and a
 * burst brings thousands); if it changes again in the batch, `before` is that arrival.
 */
export interface PromptChange {
  before: PromptEntry | undefined;
  after: PromptEntry;
}

/**
 * Copy-on-write edits of the prompt maps for one action: the few open prompts are copied at most
 * once per batch and only when touched; the transcript (`settled`) is never copied, only extended
 * (see settled-record.ts), so settling a prompt costs the same at 100 or 10,000 settled.
 */
export interface PromptWriter {
  get(id: string): PromptEntry | undefined;
  /** Store `entry` in `prompts` or `settled` by its status, removing it from the other. */
  put(entry: PromptEntry): void;
  appendOrder(id: string): void;
  held(id: string): QuestionResolvedEvent | undefined;
  hold(event: QuestionResolvedEvent): void;
  release(id: string): void;
  readonly changes: readonly PromptChange[];
  /** The fields that changed, or null when nothing did. */
  finish(): Pick<AskUserState, "prompts" | "settled" | "order" | "heldResolutions"> | null;
}

/**
 * Resolutions for records not seen yet are kept until their record arrives; a resolution for an id
 * this client never sees (another session's prompt, a hostile frame) must not grow without bound,
 * and each hydration reads every held id again. 100 outlasts any real burst of crossing frames.
 */
export const MAX_HELD_RESOLUTIONS = 100;

export function createPromptWriter(base: AskUserState): PromptWriter {
  let prompts = base.prompts;
  const settled = createSettledWriter(base.settled);
  let order = base.order;
  let heldResolutions = base.heldResolutions;
  const changes: PromptChange[] = [];
  const firstSeen = new Map<string, PromptEntry | undefined>();

  const ownPrompts = () => (prompts === base.prompts ? (prompts = { ...prompts }) : prompts);
  const ownHeld = () => (heldResolutions === base.heldResolutions ? (heldResolutions = { ...heldResolutions }) : heldResolutions);

  const get = (id: string) => (Object.hasOwn(prompts, id) ? prompts[id] : settled.get(id));

  return {
    get,
    put(entry) {
      const before = get(entry.id);
      if (before === entry) return;
      if (before !== undefined || !isOpenStatus(entry.status)) {
        if (!firstSeen.has(entry.id)) firstSeen.set(entry.id, before);
      }
      if (isOpenStatus(entry.status)) {
        settled.set(entry.id, undefined);
        // Ids come from the gateway: `map[id] = …` with "__proto__" would swap the map's prototype.
        // Any other id is a plain assignment (no descriptor object per arrival).
        if (entry.id === "__proto__") setEntry(ownPrompts(), entry.id, entry);
        else ownPrompts()[entry.id] = entry;
      } else {
        if (Object.hasOwn(prompts, entry.id)) delete ownPrompts()[entry.id];
        settled.set(entry.id, entry);
      }
    },
    appendOrder(id) {
      order = order === base.order ? [...order, id] : (order.push(id), order);
    },
    held: (id) => (Object.hasOwn(heldResolutions, id) ? heldResolutions[id] : undefined),
    hold(event) {
      const held = ownHeld();
      // Re-holding moves the id to the end, so the oldest unmatched resolution is the first dropped.
      delete held[event.id];
      setEntry(held, event.id, event);
      const ids = Object.keys(held);
      for (let i = 0; i < ids.length - MAX_HELD_RESOLUTIONS; i++) delete held[ids[i]!];
    },
    release(id) {
      if (Object.hasOwn(heldResolutions, id)) delete ownHeld()[id];
    },
    get changes() {
      changes.length = 0;
      for (const [id, before] of firstSeen) {
        const after = get(id);
        if (after) changes.push({ before, after });
      }
      return changes;
    },
    finish() {
      const finished = settled.finish();
      if (prompts === base.prompts && finished === base.settled && order === base.order && heldResolutions === base.heldResolutions) return null;
      return { prompts, settled: finished, order, heldResolutions };
    },
  };
}
