import type { DraftPersistence } from "./draft-persistence.js";
import { EmptyDrafts } from "./drafts.js";
import { type ComposerSlot, createComposerSlot, dockCollapse, isDocked, isOpenStatus, pickActive } from "./docking.js";
import { createPromptWriter, type PromptWriter } from "./prompt-writer.js";
import type { AskUserState, AskUserStoreState, PromptEntry, StoreProblemKind } from "./types.js";

/** What the action slices share: state access, the clock, and the two ways to change prompts. */
export interface StoreKit {
  get(): AskUserStoreState;
  set(patch: Partial<AskUserState>): void;
  now(): number;
  /**
   * Runs a batch of prompt changes, then keeps the dock consistent and persistence in step.
   * `edit` returns the id of a prompt that arrived docked (it takes over the dock), if any.
   */
  commit(edit: (writer: PromptWriter) => string | undefined): void;
  /** Applies `update` to an open prompt (pending, or submitting when `submitting` is true). */
  updateOpen(promptId: string, update: (entry: PromptEntry) => PromptEntry, options?: { submitting?: boolean }): void;
  openEntry(promptId: string): PromptEntry | undefined;
  /** Arrival numbers of this store, increasing (orders prompts without scanning `order`). */
  nextSeq(): number;
  drafts: DraftPersistence;
  /** Untouched drafts for an arriving record, shared by arrivals that ask the same questions. */
  emptyDrafts: EmptyDrafts;
  scanCredential(entry: PromptEntry): PromptEntry;
  report(kind: StoreProblemKind, detail: string, promptId?: string): void;
  /** The dock's composer probe, read by the collapse rules. */
  composer: ComposerSlot;
}

export interface KitDeps {
  get(): AskUserStoreState;
  set(patch: Partial<AskUserState>): void;
  now(): number;
  drafts: DraftPersistence;
  /** Refreshes an entry's credential verdict after its drafts changed. */
  scanCredential(entry: PromptEntry): PromptEntry;
  /** Called with each prompt that just became terminal (or changed while terminal). */
  onSettled(entry: PromptEntry): void;
  report(kind: StoreProblemKind, detail: string, promptId?: string): void;
}

export function createStoreKit(deps: KitDeps): StoreKit {
  const { get, set, now, drafts } = deps;
  const composer = createComposerSlot();

  const openEntry = (promptId: string) => {
    const prompts = get().prompts;
    return Object.hasOwn(prompts, promptId) ? prompts[promptId] : undefined;
  };

  const commit: StoreKit["commit"] = (edit) => {
    const state = get();
    const writer = createPromptWriter(state);
    const arrivedId = edit(writer);
    const patch = writer.finish();
    if (!patch) return;
    // The arrival may have settled later in the same batch (a held resolution, a terminal copy).
    const arrived = arrivedId === undefined ? undefined : patch.prompts[arrivedId];
    const takesOver = arrived !== undefined && isDocked(arrived, state.viewSessionKey);
    const previousActive = state.activeId === null ? undefined : writer.get(state.activeId);
    // The prompt on screen ended (or left the view): the next one docks expanded, like a new arrival.
    const activeLeft = previousActive !== undefined && !isDocked(previousActive, state.viewSessionKey);
    const activeId = pickActive(patch.prompts, state.viewSessionKey, takesOver ? arrived.id : state.activeId, previousActive?.seq);
    // Spelled out, not `{ ...patch, activeId, … }`: a spread copy that gains a key is slow in Node 20 (see entry-fields.ts).
    const next: Partial<AskUserState> = { prompts: patch.prompts, settled: patch.settled, order: patch.order, heldResolutions: patch.heldResolutions, activeId };
    set(Object.assign(next, dockCollapse(state, activeId, takesOver || activeLeft, composer)));
    // Ids and lookups, not a list of {before, after} objects: every settle walks this once.
    const changedIds = writer.changedIds;
    for (let i = 0; i < changedIds.length; i++) {
      const after = writer.get(changedIds[i]!);
      if (after === undefined) continue;
      const before = writer.before(after.id);
      const wasOpen = before !== undefined && isOpenStatus(before.status);
      if (!isOpenStatus(after.status)) {
        if (before === undefined || wasOpen) drafts.remove(after.id);
        if (!after.restored) deps.onSettled(after);
      } else if (before !== undefined && !wasOpen) {
        drafts.save(after.id, after.drafts, after.step);
      }
    }
  };

  const updateOpen: StoreKit["updateOpen"] = (promptId, update, options) => {
    const entry = openEntry(promptId);
    if (!entry || (entry.status !== "pending" && !(options?.submitting && entry.status === "submitting"))) return;
    const updated = update(entry);
    if (updated === entry) return;
    const next = updated.drafts !== entry.drafts ? deps.scanCredential(updated) : updated;
    set({ prompts: { ...get().prompts, [promptId]: next } });
    if (next.drafts !== entry.drafts || next.step !== entry.step) drafts.save(promptId, next.drafts, next.step);
  };

  let seq = 0;
  return { get, set, now, commit, updateOpen, openEntry, nextSeq: () => seq++, drafts, emptyDrafts: new EmptyDrafts(), scanCredential: deps.scanCredential, report: deps.report, composer };
}
