import { sameSessionKey } from "../contract/session-key.js";
import type { AskUserState, PromptEntry, PromptStatus } from "./types.js";

export function isOpenStatus(status: PromptStatus): boolean {
  return status === "pending" || status === "submitting";
}

/**
 * Whether an open prompt belongs in the dock of the session on screen (OpenClaw's key aliases
 * compare equal: `main` ≡ `agent:main:main`). A sessionless prompt docks everywhere: hiding it
 * would leave the agent waiting on a question nobody can see.
 */
export function isDocked(entry: PromptEntry, viewSessionKey: string | null): boolean {
  if (!isOpenStatus(entry.status)) return false;
  const sessionKey = entry.record.sessionKey;
  return viewSessionKey === null || sessionKey === undefined || sessionKey === viewSessionKey || sameSessionKey(sessionKey, viewSessionKey);
}

/** Docked prompts of `prompts` (the open ones) in arrival order. */
export function dockedEntries(prompts: Record<string, PromptEntry>, viewSessionKey: string | null): PromptEntry[] {
  return Object.values(prompts)
    .filter((entry) => isDocked(entry, viewSessionKey))
    .sort((a, b) => a.seq - b.seq);
}

/**
 * The prompt to show after the one numbered `previousSeq` left the dock (or the view changed): the
 * nearest later arrival, else the newest — like closing a tab. Null when nothing is docked.
 */
export function pickActive(
  prompts: Record<string, PromptEntry>,
  viewSessionKey: string | null,
  currentId: string | null,
  previousSeq: number | undefined,
): string | null {
  const current = currentId !== null && Object.hasOwn(prompts, currentId) ? prompts[currentId] : undefined;
  if (current && isDocked(current, viewSessionKey)) return current.id;
  const docked = dockedEntries(prompts, viewSessionKey);
  const following = previousSeq === undefined ? undefined : docked.find((entry) => entry.seq > previousSeq);
  return (following ?? docked.at(-1))?.id ?? null;
}

/** Where a dock plugs in its "is the person typing in the composer?" probe (the store has no DOM). */
export interface ComposerSlot {
  typing(): boolean;
  /** Replaces the probe; returns the detach function (which leaves a later probe in place). */
  attach(probe: () => boolean): () => void;
}

export function createComposerSlot(): ComposerSlot {
  let probe: (() => boolean) | null = null;
  return {
    typing: () => probe?.() === true,
    attach(next) {
      probe = next;
      return () => {
        if (probe === next) probe = null;
      };
    },
  };
}

/** Sets `collapsed` to `wanted`, or, while a controlled dock pins it, asks for it instead. */
export function collapseTo(state: AskUserState, wanted: boolean, promptId: string | null): Partial<AskUserState> {
  if (wanted === state.collapsed) return {};
  return state.collapsePinned ? { collapseRequest: { collapsed: wanted, promptId } } : { collapsed: wanted };
}

/**
 * The collapse rules when the docked prompt becomes `activeId` (src/store/README.md, "The dock's
 * collapse"). `handedOver`: a prompt arrived or the one on screen ended, so the dock starts over in
 * `collapseDefault` — folded anyway while the person types in the composer, so a question never
 * takes the field out from under their hands. Another prompt put on screen (a step through the
 * docked ones, a view change) keeps the collapse, but folds too while the composer is typed in.
 */
export function dockCollapse(state: AskUserState, activeId: string | null, handedOver: boolean, composer: ComposerSlot): Partial<AskUserState> {
  // The probe is asked only when the answer matters.
  if (handedOver) return collapseTo(state, state.collapseDefault || isTyping(activeId, composer), activeId);
  if (activeId !== state.activeId && !state.collapsed && isTyping(activeId, composer)) return collapseTo(state, true, activeId);
  return {};
}

function isTyping(activeId: string | null, composer: ComposerSlot): boolean {
  return activeId !== null && composer.typing();
}

/**
 * What a dock's `onCollapsedChange` reports for one store change: a request while the value is
 * pinned, else the change itself. Undefined when there is nothing to report.
 */
export function dockCollapseChange(next: AskUserState, previous: AskUserState): boolean | undefined {
  if (next.collapsePinned)
    return next.collapseRequest !== previous.collapseRequest && next.collapseRequest !== null ? next.collapseRequest.collapsed : undefined;
  return next.collapsed !== previous.collapsed && !previous.collapsePinned ? next.collapsed : undefined;
}
