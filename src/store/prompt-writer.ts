import { setEntry } from "../contract/safe-read.js";
import type { QuestionResolvedEvent } from "../contract/types.js";
import { isOpenStatus } from "./docking.js";
import { createSettledWriter, type SettledWriter } from "./settled-record.js";
import type { AskUserState, PromptEntry } from "./types.js";

/**
 * Copy-on-write edits of the prompt maps for one action: the few open prompts are copied at most
 * once per batch and only when touched; the transcript (`settled`) is never copied, only extended
 * (see settled-record.ts), so settling a prompt costs the same at 100 or 10,000 settled.
 */
export interface PromptWriter {
  get(id: string): PromptEntry | undefined;
  /** Store `entry` in `prompts` or `settled` by its status, removing it from the other. */
  put(entry: PromptEntry): void;
  /** `put` of an open entry whose id `get` just found in neither map: no lookups (a burst brings thousands). */
  putArrival(entry: PromptEntry): void;
  appendOrder(id: string): void;
  held(id: string): QuestionResolvedEvent | undefined;
  hold(event: QuestionResolvedEvent): void;
  release(id: string): void;
  /**
   * The prompts the batch changed, in the order first changed (each once; `get` has the entry
   * now). An arrival that is still open is no change here (nothing follows from it, and a burst
   * brings thousands); if it changes again in the batch, it is listed then.
   */
  readonly changedIds: readonly string[];
  /** A changed prompt's entry before the batch: undefined for a new arrival that ended in the same put. */
  before(id: string): PromptEntry | undefined;
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
  return new BatchWriter(base);
}

/**
 * A class, not a closure per method: every store action makes one, and under tsx's keep-names
 * transform each closure also costs a `__name` call.
 */
class BatchWriter implements PromptWriter {
  private prompts: Record<string, PromptEntry>;
  private readonly settled: SettledWriter;
  private order: string[];
  private heldResolutions: Record<string, QuestionResolvedEvent>;
  private readonly firstSeen = new Map<string, PromptEntry | undefined>();
  /** `firstSeen`'s ids in order, read by index: a Map's entry iterator and destructuring are slow in code not yet optimized. */
  readonly changedIds: string[] = [];

  constructor(private readonly base: AskUserState) {
    this.prompts = base.prompts;
    this.settled = createSettledWriter(base.settled);
    this.order = base.order;
    this.heldResolutions = base.heldResolutions;
  }

  private ownPrompts(): Record<string, PromptEntry> {
    return this.prompts === this.base.prompts ? (this.prompts = { ...this.prompts }) : this.prompts;
  }

  private ownHeld(): Record<string, QuestionResolvedEvent> {
    return this.heldResolutions === this.base.heldResolutions ? (this.heldResolutions = { ...this.heldResolutions }) : this.heldResolutions;
  }

  get(id: string): PromptEntry | undefined {
    return Object.hasOwn(this.prompts, id) ? this.prompts[id] : this.settled.get(id);
  }

  put(entry: PromptEntry): void {
    const inPrompts = Object.hasOwn(this.prompts, entry.id);
    const before = inPrompts ? this.prompts[entry.id] : this.settled.get(entry.id);
    if (before === entry) return;
    const open = isOpenStatus(entry.status);
    if (before !== undefined || !open) {
      if (!this.firstSeen.has(entry.id)) {
        this.firstSeen.set(entry.id, before);
        this.changedIds.push(entry.id);
      }
    }
    if (open) {
      this.settled.set(entry.id, undefined);
      // Ids come from the gateway: `map[id] = …` with "__proto__" would swap the map's prototype.
      // Any other id is a plain assignment (no descriptor object per arrival).
      if (entry.id === "__proto__") setEntry(this.ownPrompts(), entry.id, entry);
      else this.ownPrompts()[entry.id] = entry;
    } else {
      if (inPrompts) this.removePrompt(entry.id);
      this.settled.set(entry.id, entry);
    }
  }

  putArrival(entry: PromptEntry): void {
    // As in `put`: "__proto__" must not be a plain assignment.
    if (entry.id === "__proto__") setEntry(this.ownPrompts(), entry.id, entry);
    else this.ownPrompts()[entry.id] = entry;
  }

  /**
   * The batch's first change of `prompts` copies the map without `id` instead of copying it and
   * deleting: a delete turns the copy, which becomes the state's `prompts`, into a slower
   * dictionary-mode object (every settle removes one).
   */
  private removePrompt(id: string): void {
    if (this.prompts !== this.base.prompts) {
      delete this.prompts[id];
      return;
    }
    const rest: Record<string, PromptEntry> = {};
    const keys = Object.keys(this.prompts);
    for (let i = 0; i < keys.length; i++) if (keys[i] !== id) setEntry(rest, keys[i]!, this.prompts[keys[i]!]!);
    this.prompts = rest;
  }

  appendOrder(id: string): void {
    if (this.order === this.base.order) this.order = [...this.order, id];
    else this.order.push(id);
  }

  held(id: string): QuestionResolvedEvent | undefined {
    return Object.hasOwn(this.heldResolutions, id) ? this.heldResolutions[id] : undefined;
  }

  hold(event: QuestionResolvedEvent): void {
    const held = this.ownHeld();
    // Re-holding moves the id to the end, so the oldest unmatched resolution is the first dropped.
    delete held[event.id];
    setEntry(held, event.id, event);
    const ids = Object.keys(held);
    for (let i = 0; i < ids.length - MAX_HELD_RESOLUTIONS; i++) delete held[ids[i]!];
  }

  release(id: string): void {
    if (Object.hasOwn(this.heldResolutions, id)) delete this.ownHeld()[id];
  }

  before(id: string): PromptEntry | undefined {
    return this.firstSeen.get(id);
  }

  finish(): Pick<AskUserState, "prompts" | "settled" | "order" | "heldResolutions"> | null {
    const base = this.base;
    const settled = this.settled.finish();
    if (this.prompts === base.prompts && settled === base.settled && this.order === base.order && this.heldResolutions === base.heldResolutions) return null;
    return { prompts: this.prompts, settled, order: this.order, heldResolutions: this.heldResolutions };
  }
}
