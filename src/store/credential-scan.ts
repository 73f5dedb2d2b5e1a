import type { CredentialKind, CredentialRule } from "../contract/credential-guard.js";
import type { CredentialWarning, PromptEntry, QuestionDraft } from "./types.js";

export type DetectCredential = (text: string) => { kind: CredentialKind; rule: CredentialRule } | null;

/**
 * Keeps `entry.credentialWarning` in step with the Other texts. Drafts are immutable and shared
 * between states, so the detector runs once per draft object (this store's cache, never a global).
 */
export function createCredentialScan(detect: DetectCredential): (entry: PromptEntry) => PromptEntry {
  const findings = new WeakMap<QuestionDraft, ReturnType<DetectCredential>>();
  const findingOf = (draft: QuestionDraft) => {
    if (draft.otherText.trim() === "") return null;
    let finding = findings.get(draft);
    if (finding === undefined) findings.set(draft, (finding = safeDetect(detect, draft.otherText)));
    return finding;
  };
  return (entry) => {
    let warning: CredentialWarning | undefined;
    for (const question of entry.record.questions) {
      const draft = Object.hasOwn(entry.drafts, question.questionId) ? entry.drafts[question.questionId] : undefined;
      const finding = draft ? findingOf(draft) : null;
      if (finding) {
        warning = { questionId: question.questionId, header: question.header, kind: finding.kind, rule: finding.rule };
        break;
      }
    }
    const before = entry.credentialWarning;
    if (warning === undefined) return before === undefined ? entry : { ...entry, credentialWarning: undefined };
    if (before && before.questionId === warning.questionId && before.kind === warning.kind && before.rule === warning.rule) return entry;
    return { ...entry, credentialWarning: warning };
  };
}

/** The Other texts as the person accepted them: any edit makes them differ. */
export function otherTexts(entry: PromptEntry): string {
  return entry.record.questions.map((question) => entry.drafts[question.questionId]?.otherText ?? "").join("\u0000");
}

/** A held-back submit: a credential-looking answer the person has not accepted as it stands. */
export function isCredentialHeld(entry: PromptEntry): boolean {
  return entry.credentialWarning !== undefined && entry.credentialAcceptedTexts !== otherTexts(entry);
}

function safeDetect(detect: DetectCredential, text: string): ReturnType<DetectCredential> {
  try {
    return detect(text);
  } catch {
    // A host's detector that throws must not cost a keystroke; it just finds nothing.
    return null;
  }
}
