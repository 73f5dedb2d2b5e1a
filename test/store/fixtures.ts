import type { Question, QuestionRecord } from "../../src/contract/types.js";
import { createAskUserStore } from "../../src/store/create-ask-user-store.js";
import type { AskUserStoreOptions, DraftStorage } from "../../src/store/types.js";

export const singleQuestion: Question = {
  questionId: "target",
  header: "Target",
  question: "Where should the report go?",
  options: [{ label: "Chat (Recommended)" }, { label: "Email", description: "To the team list" }],
  isOther: true,
};

export const multiQuestion: Question = {
  questionId: "extras",
  header: "Extras",
  question: "What should it include?",
  options: [{ label: "Tests" }, { label: "Docs" }, { label: "Metrics" }],
  multiSelect: true,
  isOther: true,
};

export const CHAT = "Chat (Recommended)";

export function makeRecord(overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    id: "ask_0001",
    questions: [singleQuestion, multiQuestion],
    createdAtMs: 1_000,
    expiresAtMs: 901_000,
    status: "pending",
    ...overrides,
  };
}

/** A controllable clock shared by the store and the test. */
export function createClock(start = 10_000) {
  const clock = { ms: start, now: () => clock.ms };
  return clock;
}

export function makeStore(options: AskUserStoreOptions = {}) {
  const clock = createClock();
  const store = createAskUserStore({ storage: null, autoExpire: false, now: clock.now, ...options });
  store.getState().setConnection("connected");
  return { store, clock, state: () => store.getState() };
}

export interface MemoryStorage extends DraftStorage {
  readonly items: Map<string, string>;
}

export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
