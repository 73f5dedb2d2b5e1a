"use client";
import { type KeyboardEvent, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { type CredentialFinding, type CredentialKind, type CredentialRule, detectCredential } from "../../contract/credential-guard.js";
import { useAskUserContext } from "../../react/ask-user-context.js";
import { useSelection } from "../../react/ask-user-hooks.js";
import { isOpenStatus } from "../../store/docking.js";
import { selectCanSubmit, selectPrompt } from "../../store/selectors.js";
import type { AskUserState, PromptEntry, QuestionDraft } from "../../store/types.js";
import { submitPrompt } from "../parts/prompt-actions.js";

export const CREDENTIAL_GUARD_NAME = "useCredentialGuard";

/** The first Other answer of an open prompt that looks like a secret. */
export interface CredentialWarning {
  questionId: string;
  header: string;
  kind: CredentialKind;
  rule: CredentialRule;
}

export interface CredentialGuard {
  promptId: string | null;
  /** Null while no Other answer looks like a secret. */
  warning: CredentialWarning | null;
  /** The person chose "Send anyway" and has not edited any Other text since. */
  confirmed: boolean;
  /** A submit now would be held back: there is a warning and it is not confirmed. */
  blocked: boolean;
  /** Accept the risk for the text as it stands (editing any Other text withdraws it). */
  confirm(): void;
  /**
   * Runs `submit` (default: the kit's submit of this prompt) unless blocked; when blocked, moves
   * focus to the warning instead. Returns whether it submitted.
   */
  guardSubmit(submit?: () => void): boolean;
  /** "Send anyway": confirm, then submit when every question has an answer. */
  sendAnyway(submit?: () => void): void;
  /** For `AskUser.Submit`'s `onClick`: cancels the part's own submit while blocked. */
  onSubmitClick(event: { preventDefault(): void }): void;
  /** For `AskUser.Root`'s `onKeyDown`: cancels the keyboard submit (Enter, Ctrl/⌘+Enter on the last step) while blocked. */
  onRootKeyDown(event: KeyboardEvent<HTMLElement>): void;
  /** Attach to the warning element (`AskUserCredentialWarning` does): focus lands there when a submit is held. */
  warningRef: RefObject<HTMLDivElement | null>;
}

// Drafts are immutable and shared between states, so a keystroke re-checks only the text it changed.
const findings = new WeakMap<QuestionDraft, CredentialFinding | null>();

function findingOf(draft: QuestionDraft): CredentialFinding | null {
  let finding = findings.get(draft);
  if (finding === undefined) findings.set(draft, (finding = detectCredential(draft.otherText)));
  return finding;
}

function findCredential(entry: PromptEntry | undefined): CredentialWarning | null {
  if (!entry || !isOpenStatus(entry.status)) return null;
  for (const question of entry.record.questions) {
    const draft = Object.hasOwn(entry.drafts, question.questionId) ? entry.drafts[question.questionId] : undefined;
    const finding = draft && draft.otherText.trim() !== "" ? findingOf(draft) : null;
    if (finding) return { questionId: question.questionId, header: question.header, kind: finding.kind, rule: finding.rule };
  }
  return null;
}

function sameWarning(a: CredentialWarning | null, b: CredentialWarning | null): boolean {
  if (a === null || b === null) return a === b;
  return a.questionId === b.questionId && a.kind === b.kind && a.rule === b.rule;
}

function entryIn(state: AskUserState, promptId: string | null): PromptEntry | undefined {
  return promptId === null ? undefined : selectPrompt(state, promptId);
}

function otherTexts(entry: PromptEntry | undefined): string {
  return entry ? Object.values(entry.drafts).map((draft) => draft.otherText).join("\u0000") : "";
}

/**
 * Holds a submit back while an Other answer of the prompt looks like a credential, until the
 * person explicitly confirms ("Send anyway"). Re-renders only when the verdict changes, not on
 * every keystroke.
 */
export function useCredentialGuard(promptId: string | null | undefined): CredentialGuard {
  const { store } = useAskUserContext(CREDENTIAL_GUARD_NAME);
  const id = promptId ?? null;
  const warning = useSelection(store, (state) => findCredential(entryIn(state, id)), sameWarning);
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  // What was confirmed, as the texts stood. Handlers read this, not render state: "Send anyway"
  // confirms and submits within one click, and an edit racing the re-render still counts.
  const confirmedRef = useRef<{ promptId: string; texts: string } | null>(null);
  const warningRef = useRef<HTMLDivElement | null>(null);

  // Any edit of the prompt's Other text withdraws the confirmation, even if it still looks secret.
  useEffect(() => {
    if (confirmedFor === null) return;
    return store.subscribe((state, previous) => {
      if (otherTexts(entryIn(state, confirmedFor)) !== otherTexts(entryIn(previous, confirmedFor))) {
        confirmedRef.current = null;
        setConfirmedFor(null);
      }
    });
  }, [store, confirmedFor]);

  const confirmed = warning !== null && id !== null && confirmedFor === id;

  return useMemo<CredentialGuard>(() => {
    const isBlocked = () => {
      const entry = entryIn(store.getState(), id);
      if (id === null || findCredential(entry) === null) return false;
      const accepted = confirmedRef.current;
      return !accepted || accepted.promptId !== id || accepted.texts !== otherTexts(entry);
    };
    const focusWarning = () => warningRef.current?.focus();
    const confirm = () => {
      const entry = entryIn(store.getState(), id);
      if (id === null || findCredential(entry) === null) return;
      confirmedRef.current = { promptId: id, texts: otherTexts(entry) };
      setConfirmedFor(id);
    };
    const guardSubmit = (submit?: () => void) => {
      if (id === null) return false;
      if (isBlocked()) {
        focusWarning();
        return false;
      }
      (submit ?? (() => submitPrompt(store, id)))();
      return true;
    };
    return {
      promptId: id,
      warning,
      confirmed,
      blocked: warning !== null && !confirmed,
      confirm,
      guardSubmit,
      sendAnyway(submit) {
        confirm();
        const entry = entryIn(store.getState(), id);
        if (entry && selectCanSubmit(entry)) guardSubmit(submit);
      },
      onSubmitClick(event) {
        if (!isBlocked()) return;
        event.preventDefault();
        focusWarning();
      },
      onRootKeyDown(event) {
        if (event.key !== "Enter" || event.nativeEvent.isComposing || event.keyCode === 229 || !isBlocked()) return;
        const entry = entryIn(store.getState(), id);
        if (!entry || entry.step < entry.record.questions.length - 1) return;
        const target = event.target as HTMLElement;
        const typing = target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type !== "checkbox" && target.type !== "radio");
        const modified = event.ctrlKey || event.altKey || event.metaKey;
        // The same presses `AskUser.Root` treats as "advance", which on the last step is submit.
        const submits = typing
          ? (event.ctrlKey || event.metaKey) && !event.altKey
          : !modified && !(target instanceof HTMLButtonElement) && !target.closest("a[href]");
        if (!submits) return;
        event.preventDefault();
        focusWarning();
      },
      warningRef,
    };
  }, [store, id, warning, confirmed]);
}
