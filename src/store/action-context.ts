import type { DraftPersistence } from "./draft-persistence.js";
import { type ComposerSlot, createComposerSlot, dockCollapse, isDocked, isOpenStatus, pickActive } from "./docking.js";
import { createPromptBatch, type PromptBatch } from "./prompt-batch.js";
import type { AskUserState, AskUserStoreState, PromptEntry, StoreProblemKind } from "./types.js";

/** What every action slice of one store is given: state access, the clock, and the two ways to change prompts. */
export interface ActionContext {
  get(): AskUserStoreState;
  set(patch: Partial<AskUserState>): void;
  now(): number;
  /**
   * Runs a batch of prompt changes, then keeps the dock consistent and persistence in step.
   * `edit` returns the id of a prompt that arrived docked (it takes over the dock), if any.
   */
  commit(edit: (batch: PromptBatch) => string | undefined): void;
  /** Applies `update` to an open prompt (pending, or submitting when `submitting` is true). */
  updateOpen(promptId: string, update: (entry: PromptEntry) => PromptEntry, options?: { submitting?: boolean }): void;
  openEntry(promptId: string): PromptEntry | undefined;
  /** This store's arrival numbers, increasing: the dock's order. */
  nextSeq(): number;
  drafts: DraftPersistence;
  /** Refreshes an entry's credential verdict after its drafts changed. */
  scanCredential(entry: PromptEntry): PromptEntry;
  report(kind: StoreProblemKind, detail: string, promptId?: string): void;
  /** The dock's composer probe, read by the collapse rules. */
  composer: ComposerSlot;
}

export interface ActionContextOptions {
  get(): AskUserStoreState;
  set(patch: Partial<AskUserState>): void;
  now(): number;
  drafts: DraftPersistence;
  scanCredential(entry: PromptEntry): PromptEntry;
  /** Called with each prompt that just became terminal (or changed while terminal). */
  onSettled(entry: PromptEntry): void;
  report(kind: StoreProblemKind, detail: string, promptId?: string): void;
}

export function createActionContext(options: ActionContextOptions): ActionContext {
  const { get, set, drafts } = options;
  const composer = createComposerSlot();
  let seq = 0;

  const openEntry = (promptId: string) => {
    const prompts = get().prompts;
    return Object.hasOwn(prompts, promptId) ? prompts[promptId] : undefined;
  };

  const commit: ActionContext["commit"] = (edit) => {
    const state = get();
    const batch = createPromptBatch(state);
    const arrivedId = edit(batch);
    const result = batch.finish();
    if (!result) return;
    const { changes, ...maps } = result;
    // The arrival may have settled later in the same batch (a held resolution, a terminal copy).
    const arrived = arrivedId === undefined ? undefined : batch.get(arrivedId);
    const takesOver = arrived !== undefined && isDocked(arrived, state.viewSessionKey);
    const previousActive = state.activeId === null ? undefined : batch.get(state.activeId);
    // The prompt on screen ended (or left the view): the next one docks expanded, like a new arrival.
    const activeLeft = previousActive !== undefined && !isDocked(previousActive, state.viewSessionKey);
    const activeId = pickActive(maps.prompts, state.viewSessionKey, takesOver ? arrived.id : state.activeId, previousActive?.seq);
    set({ ...maps, activeId, ...dockCollapse(state, activeId, takesOver || activeLeft, composer) });
    for (const { before, after } of changes) {
      const wasOpen = before !== undefined && isOpenStatus(before.status);
      if (!isOpenStatus(after.status)) {
        if (before === undefined || wasOpen) drafts.remove(after.id);
        if (!after.restored) options.onSettled(after);
      } else if (before !== undefined && !wasOpen) {
        drafts.save(after.id, after.drafts, after.step);
      }
    }
  };

  const updateOpen: ActionContext["updateOpen"] = (promptId, update, updateOptions) => {
    const entry = openEntry(promptId);
    if (!entry || (entry.status !== "pending" && !(updateOptions?.submitting && entry.status === "submitting"))) return;
    const updated = update(entry);
    if (updated === entry) return;
    const next = updated.drafts !== entry.drafts ? options.scanCredential(updated) : updated;
    set({ prompts: { ...get().prompts, [promptId]: next } });
    if (next.drafts !== entry.drafts || next.step !== entry.step) drafts.save(promptId, next.drafts, next.step);
  };

  return {
    get,
    set,
    now: options.now,
    commit,
    updateOpen,
    openEntry,
    nextSeq: () => seq++,
    drafts,
    scanCredential: options.scanCredential,
    report: options.report,
    composer,
  };
}
