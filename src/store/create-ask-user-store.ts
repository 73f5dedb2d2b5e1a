import { createStore } from "zustand/vanilla";
import { defaultTimers } from "../contract/timers.js";
import { type ActionContext, createActionContext } from "./action-context.js";
import { createCredentialScan } from "./credential-scan.js";
import { createDraftActions } from "./draft-actions.js";
import { createDraftPersistence, DEFAULT_STORAGE_KEY_PREFIX } from "./draft-persistence.js";
import { scheduleExpiry } from "./expiry-timer.js";
import { createRecordActions, restoreInto } from "./record-actions.js";
import { createSendActions } from "./send-actions.js";
import { summaryOfEntry } from "./summaries.js";
import type { AskUserState, AskUserStore, AskUserStoreOptions, AskUserStoreState, PromptEntry, StoreProblem, StoreProblemKind } from "./types.js";
import { createViewActions } from "./view-actions.js";
import { webStorage } from "./web-storage.js";

const MAX_PROBLEMS = 20;

/**
 * A store for one host (one provider, one gateway connection) — never a global. It is the prompt
 * runtime: records and resolutions come in (from the bridge), the person's edits and sends go out
 * through the injected gateway port, and the transcript of settled summaries is kept (across
 * reloads too, with the `summaries` option). Actions tolerate unknown ids and bad input (a no-op,
 * a refusal or a reported problem); they never throw. Call `destroy()` when the host goes away to
 * stop the expiry timer.
 */
export function createAskUserStore(options: AskUserStoreOptions = {}): AskUserStore {
  const now = options.now ?? Date.now;
  const drafts = createDraftPersistence(
    options.storage === undefined ? webStorage("sessionStorage") : options.storage,
    options.storageKeyPrefix ?? DEFAULT_STORAGE_KEY_PREFIX,
  );
  let context!: ActionContext;
  // The host's choice (`localSummaries()`); without one the transcript lasts as long as the store.
  const summaries = options.summaries?.((failure) => context.report(failure.kind, `${failure.key}: ${failure.detail}`));

  const store = createStore<AskUserStoreState>()((set, get) => {
    const report = (kind: StoreProblemKind, detail: string, promptId?: string) => {
      const problem: StoreProblem = {
        kind,
        detail,
        message: problemMessage(kind, detail, promptId),
        atMs: now(),
        ...(promptId === undefined ? {} : { promptId }),
      };
      set({ problems: [...get().problems, problem].slice(-MAX_PROBLEMS) });
    };
    context = createActionContext({
      get,
      set,
      now,
      drafts,
      // Opt-in, so a host that does not pass a detector does not carry one in its bundle.
      scanCredential: options.detectCredential ? createCredentialScan(options.detectCredential) : keepEntry,
      onSettled(entry) {
        if (!summaries) return;
        const summary = summaryOfEntry(entry);
        if (summary) summaries.save(summary);
      },
      report,
    });
    const initial: AskUserState = {
      prompts: {},
      settled: Object.freeze({}),
      order: [],
      activeId: null,
      collapsed: false,
      collapsePinned: false,
      collapseRequest: null,
      collapseDefault: false,
      connection: "connecting",
      connectionLost: false,
      viewSessionKey: options.viewSessionKey ?? null,
      heldResolutions: {},
      problems: [],
    };
    return {
      ...initial,
      ...createRecordActions(context),
      ...createDraftActions(context),
      ...createSendActions(context, options.gateway),
      ...createViewActions(context),
    };
  });

  // The transcript of earlier visits comes back in place, before any live record.
  if (summaries) {
    const loaded = summaries.load();
    if (loaded.summaries.length > 0) restoreInto(context, loaded.summaries);
    for (const problem of loaded.problems) context.report(problem.kind, `${problem.key}: ${problem.detail}`);
  }

  const stopExpiry =
    options.autoExpire === false ? () => {} : scheduleExpiry(store, options.timers ?? defaultTimers, now, options.timers === undefined);
  const destroy = () => {
    stopExpiry();
    // A summary settled in this turn is written before the host goes away.
    const failure = summaries?.flush();
    if (failure) context.report(failure.kind, `${failure.key}: ${failure.detail}`);
  };
  return { ...store, destroy };
}

const keepEntry = (entry: PromptEntry) => entry;

/** English wording for logs and hosts without the kit's UI (which words problems from its catalogue). */
function problemMessage(kind: StoreProblemKind, detail: string, promptId: string | undefined): string {
  switch (kind) {
    case "record-unreadable":
      return `${promptId === undefined ? "A question record" : `Question record '${promptId}'`} cannot be shown: ${detail}`;
    case "event-unreadable":
      return `A question.resolved event was ignored: ${detail}`;
    case "list-failed":
      return `Could not load pending questions (question.list): ${detail}`;
    case "summary-storage-corrupt":
      return `Saved question summaries could not be read and were skipped: ${detail}`;
    case "summary-storage-full":
      return `Question summaries cannot be saved; they last until the page closes: ${detail}`;
    case "other":
      return detail;
  }
}
