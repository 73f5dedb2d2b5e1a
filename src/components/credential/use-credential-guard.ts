"use client";
import { useMemo } from "react";
import { useAskUserContext, useSelection } from "../../react/index.js";
import { type CredentialWarning, isCredentialHeld, selectPrompt, type SendResult } from "../../store/index.js";

const CREDENTIAL_GUARD_NAME = "useCredentialGuard";

export type { CredentialWarning };

export interface CredentialGuard {
  promptId: string | null;
  /** Null while no Other answer looks like a secret. */
  warning: CredentialWarning | null;
  /** The person chose "Send anyway" and has not edited any Other text since. */
  confirmed: boolean;
  /** A submit now would be held back by the store: there is a warning and it is not accepted. */
  blocked: boolean;
  /** How many submits the store held back so far (a UI moves focus to the warning on each). */
  holds: number;
  /** "Send anyway": the store accepts the texts as they stand and submits when every question has an answer. */
  sendAnyway(): SendResult | null;
}

/**
 * The store's credential hold, for a custom layout: the verdict on a prompt's Other answers and
 * "Send anyway". The hold itself lives in the store, so every composition — panel, cards, parts,
 * the custom element, host code calling `submit` — is held back alike. Re-renders only when the
 * verdict changes, not on every keystroke.
 */
export function useCredentialGuard(promptId: string | null | undefined): CredentialGuard {
  const { store } = useAskUserContext(CREDENTIAL_GUARD_NAME);
  const id = promptId ?? null;
  const warning = useSelection(store, (state) => (id === null ? undefined : selectPrompt(state, id)?.credentialWarning) ?? null);
  const blocked = useSelection(store, (state) => {
    const entry = id === null ? undefined : selectPrompt(state, id);
    return entry !== undefined && isCredentialHeld(entry);
  });
  const holds = useSelection(store, (state) => (id === null ? 0 : (selectPrompt(state, id)?.credentialHolds ?? 0)));
  return useMemo<CredentialGuard>(
    () => ({
      promptId: id,
      warning,
      confirmed: warning !== null && !blocked,
      blocked,
      holds,
      sendAnyway: () => (id === null ? null : store.getState().acceptCredential(id)),
    }),
    [store, id, warning, blocked, holds],
  );
}
