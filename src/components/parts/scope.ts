"use client";
import {
  createContext,
  type MutableRefObject,
  type Ref,
  type RefCallback,
  type SyntheticEvent,
  useCallback,
  useContext,
  useSyncExternalStore,
} from "react";
import type { Question } from "../../contract/types.js";
import type { AskUserMessages } from "../../messages/types.js";
import { type AskUserStoreApi, useAskUserContext, useSelection } from "../../react/index.js";
import { type AskUserStoreState, type PromptEntry, selectPrompt } from "../../store/index.js";

/** The prompt a `AskUser.Root` shows; parts inside it read this one. */
export const PromptScope = createContext<string | null>(null);
/** The id of the enclosing `AskUser.Root`, for `aria-controls`. */
export const RootIdScope = createContext<string | undefined>(undefined);
/**
 * Radix checks a radio by clicking it when an arrow key moves focus onto it; the option needs to
 * know, because a pick by arrow must not auto-advance while a pick by click does.
 */
export const ArrowKeyScope = createContext<MutableRefObject<boolean> | null>(null);
/**
 * True inside a panel that focuses itself on every step (AskUserPanel and the dock's, unless
 * `autoFocus={false}`): a pick that moves on may then leave focus on the panel instead of the option.
 */
export const StepFocusScope = createContext(false);
/** The question an `AskUser.Question` shows; option parts inside it read this one. */
export const QuestionScope = createContext<string | null>(null);

export interface PartScope {
  store: AskUserStoreApi;
  messages: AskUserMessages;
  /** Null when there is nothing to show (no prompt active): the part renders nothing. */
  promptId: string | null;
}

/**
 * Which prompt a part works on: its `promptId` prop, else the enclosing `AskUser.Root`, else the
 * store's active prompt. `part` names the part in the error thrown outside a provider.
 */
export function usePromptScope(part: string, promptIdProp: string | undefined): PartScope {
  const { store, messages } = useAskUserContext(part);
  const scoped = useContext(PromptScope);
  const given = promptIdProp ?? scoped;
  // A part given its prompt (its prop, or the enclosing Root) never follows the active one, so it
  // does not subscribe for it: one store subscription less for nearly every part in a panel.
  const activeId = useSyncExternalStore(
    given === null ? store.subscribe : unsubscribed,
    () => (given === null ? store.getState().activeId : null),
    () => (given === null ? store.getInitialState().activeId : null),
  );
  return { store, messages, promptId: given ?? activeId };
}

const unsubscribed = () => () => {};

/** A question of a prompt: the `questionId` prop, else the enclosing `AskUser.Question`, else the step on screen. */
export function useQuestionScope(part: string, promptIdProp: string | undefined, questionIdProp: string | undefined) {
  const scope = usePromptScope(part, promptIdProp);
  const scoped = useContext(QuestionScope);
  const wanted = questionIdProp ?? scoped;
  const question = useSelection(scope.store, (state) => findQuestion(state, scope.promptId, wanted));
  return { ...scope, question };
}

export function entryOf(state: AskUserStoreState, promptId: string | null): PromptEntry | undefined {
  return promptId === null ? undefined : selectPrompt(state, promptId);
}

/** The record's question object: stable across draft edits, so selecting it re-renders nothing. */
function findQuestion(state: AskUserStoreState, promptId: string | null, questionId: string | null): Question | undefined {
  const entry = entryOf(state, promptId);
  if (!entry) return undefined;
  const questions = entry.record.questions;
  return questionId === null ? questions[entry.step] : questions.find((question) => question.questionId === questionId);
}

/** Whether a question offers free text: always for `ask_user` (`isOther`), and when it has no options. */
export function offersOther(question: Question): boolean {
  return question.isOther === true || question.options.length === 0;
}

/** `""` when true, absent when false: presence-only data attributes. */
export function flag(value: boolean): "" | undefined {
  return value ? "" : undefined;
}

/** Runs the host's handler first; ours runs only if the host did not `preventDefault()`. */
export function composeHandlers<E extends SyntheticEvent>(host: ((event: E) => void) | undefined, ours: (event: E) => void) {
  return (event: E) => {
    host?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

/** One ref callback that feeds the host's ref and ours. */
export function useMergedRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return useCallback((node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) (ref as { current: T | null }).current = node;
    }
  }, refs);
}
