import type { Question } from "../contract/types.js";
import { sanitizeDrafts } from "./drafts.js";
import type { DraftStorage, QuestionDraft } from "./types.js";

export const DEFAULT_STORAGE_KEY_PREFIX = "ask-user-kit:draft:";

/** Persisted drafts; the version lets a later release migrate or drop old entries. */
interface StoredDraft {
  v: 1;
  step: number;
  drafts: Readonly<Record<string, QuestionDraft>>;
}

export interface DraftPersistence {
  /** The saved drafts for a prompt, sanitized against its questions; null when none or unreadable. */
  load(promptId: string, questions: readonly Question[]): { drafts: Record<string, QuestionDraft>; step: number } | null;
  save(promptId: string, drafts: Readonly<Record<string, QuestionDraft>>, step: number): void;
  remove(promptId: string): void;
}

/** Every storage call is guarded: a full or forbidden storage loses persistence, never an action. */
export function createDraftPersistence(storage: DraftStorage | null, prefix: string): DraftPersistence {
  if (!storage) return { load: () => null, save: () => {}, remove: () => {} };
  return {
    load(promptId, questions) {
      let text: string | null;
      try {
        text = storage.getItem(prefix + promptId);
      } catch {
        return null;
      }
      if (typeof text !== "string") return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return null;
      }
      if (typeof parsed !== "object" || parsed === null) return null;
      const stored = parsed as Partial<Record<keyof StoredDraft, unknown>>;
      const step = typeof stored.step === "number" && Number.isInteger(stored.step) ? stored.step : 0;
      return {
        drafts: sanitizeDrafts(questions, stored.drafts),
        step: Math.min(Math.max(step, 0), Math.max(questions.length - 1, 0)),
      };
    },
    save(promptId, drafts, step) {
      const stored: StoredDraft = { v: 1, step, drafts };
      try {
        storage.setItem(prefix + promptId, JSON.stringify(stored));
      } catch {
        // Quota or privacy mode: the draft still lives in memory.
      }
    },
    remove(promptId) {
      try {
        storage.removeItem(prefix + promptId);
      } catch {
        // Nothing to do: a stale entry is dropped by the next save or ignored after the prompt ends.
      }
    },
  };
}
