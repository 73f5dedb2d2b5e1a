/**
 * Recognises text that looks like a credential, so a UI can warn before a person sends a secret
 * to an agent as an `ask_user` answer. A warning, never a block: false positives cost one extra
 * click, so the rules lean towards shapes that are almost never ordinary prose.
 *
 * Deliberately not flagged (decided, and covered by tests):
 * - pure hexadecimal strings, UUIDs included — commit hashes, checksums and ids are everyday
 *   answers in agent work, and telling a hex API key from a SHA is guesswork;
 * - URLs, unless they carry one of the vendor shapes below or a `key=`/`token=` style parameter —
 *   document ids in URL paths look random but are not secrets;
 * - all-lowercase values after `password:` and friends ("password: required" is prose);
 * - identifiers, paths and branch names: the entropy rule wants 24+ characters with mixed case,
 *   two digits, few word-like runs and a near-maximal spread of characters.
 */

export type CredentialKind = "api-key" | "token" | "private-key" | "password-like";

/** Which rule matched; lets a host phrase its own warning per vendor. */
export type CredentialRule =
  | "pem-private-key"
  | "anthropic-key"
  | "openai-key"
  | "stripe-key"
  | "github-token"
  | "aws-access-key"
  | "slack-token"
  | "google-api-key"
  | "jwt"
  | "secret-assignment"
  | "complex-password"
  | "high-entropy";

/** Where the suspected secret sits; the secret itself is not copied, so logging a finding is safe. */
export interface CredentialFinding {
  kind: CredentialKind;
  rule: CredentialRule;
  /** UTF-16 offset of the first character of the match. */
  start: number;
  /** UTF-16 offset just past the match. */
  end: number;
}

interface ShapeRule {
  rule: CredentialRule;
  kind: CredentialKind;
  pattern: RegExp;
  /** Extra test on the match, for prefixes that ordinary words can also start with. */
  accept?: (match: string) => boolean;
}

const hasDigitAndLetter = (text: string) => /\d/.test(text) && /[A-Za-z]/.test(text);

/** Vendor shapes, most specific first (Anthropic keys also fit the OpenAI shape). */
const SHAPES: readonly ShapeRule[] = [
  { rule: "pem-private-key", kind: "private-key", pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/ },
  { rule: "anthropic-key", kind: "api-key", pattern: /(?<![\w-])sk-ant-[\w-]{32,}/, accept: hasDigitAndLetter },
  // `sk-` alone starts words ("sk-learn"); a real key body is long and mixes digits and letters.
  { rule: "openai-key", kind: "api-key", pattern: /(?<![\w-])sk-(?:proj-|svcacct-|admin-)?[\w-]{32,}/, accept: hasDigitAndLetter },
  { rule: "stripe-key", kind: "api-key", pattern: /(?<!\w)[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/ },
  { rule: "github-token", kind: "token", pattern: /(?<!\w)(?:gh[opsru]_[A-Za-z0-9]{36,}|github_pat_\w{22,})/ },
  { rule: "aws-access-key", kind: "api-key", pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/ },
  { rule: "slack-token", kind: "token", pattern: /(?<![A-Za-z0-9])xox[abpr]-[A-Za-z0-9-]{10,}/ },
  { rule: "google-api-key", kind: "api-key", pattern: /(?<![\w-])AIza[\w-]{35}(?![\w-])/ },
  // Header and payload are base64url JSON (`{"` encodes as `eyJ`); the signature must be present.
  { rule: "jwt", kind: "token", pattern: /(?<![\w-])eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{16,}/ },
];

/**
 * `password: …`, `api_key=…`, `?token=…`. The value must not be a plain lowercase word, so that
 * "the password: required" stays prose.
 */
const ASSIGNMENT =
  /(?<![A-Za-z])(pass(?:word|wd|phrase)?|pwd|client[_-]?secret|secret|api[_-]?key|access[_-]?token|auth[_-]?token|token)["']?\s*[:=]\s*["']?([^\s"'&;,]{6,})/i;

/** Candidate runs for the entropy rule: base64, base64url and the usual token alphabets. */
const TOKEN_RUN = /[A-Za-z0-9+/=_-]{24,}/g;
const URL_RUN = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
const HEX_ONLY = /^[0-9a-f-]+$/i;
const WORD_RUN = /[A-Z]?[a-z]{3,}|[A-Z]{4,}/g;
/**
 * In random base62/base64 strings of 24–64 characters the median share is about 0.22 (99th
 * percentile 0.47–0.67). With the digit and case requirements, the rule recognises about 85 % of
 * random 24-character tokens, 97 % at 40 and 99 % at 64; the vendor shapes do not depend on it.
 */
const MAX_WORD_SHARE = 0.5;
/**
 * Required entropy as a share of the most a string of that length over a 64-letter alphabet can
 * have; 99.5 % of random tokens reach 0.83 of it, repetitive or padded strings do not.
 */
const MIN_ENTROPY_SHARE = 0.8;

/**
 * The first credential-like part of `text`, or null. Bad input (not a string) is null: the guard
 * must never throw into a render.
 */
export function detectCredential(text: unknown): CredentialFinding | null {
  if (typeof text !== "string" || text.trim() === "") return null;
  for (const shape of SHAPES) {
    const match = shape.pattern.exec(text);
    if (match && (!shape.accept || shape.accept(match[0]))) return finding(shape.kind, shape.rule, match.index, match[0].length);
  }
  return assignment(text) ?? complexPassword(text) ?? highEntropy(text);
}

function finding(kind: CredentialKind, rule: CredentialRule, start: number, length: number): CredentialFinding {
  return { kind, rule, start, end: start + length };
}

function assignment(text: string): CredentialFinding | null {
  const match = ASSIGNMENT.exec(text);
  const [whole, keyword = "", value = ""] = match ?? [];
  if (!match || !whole || /^[a-z]+$/.test(value) || /^<.*>?$/.test(value)) return null;
  const word = keyword.toLowerCase();
  const kind: CredentialKind = word.startsWith("pass") || word === "pwd" ? "password-like" : word.startsWith("api") ? "api-key" : "token";
  return finding(kind, "secret-assignment", match.index, whole.length);
}

/**
 * A whole answer that is one short word mixing lower case, upper case, digits and a symbol — what
 * a pasted password looks like. Emails, URLs and version strings (only `.`, `-`, `_`, `/`) pass.
 */
function complexPassword(text: string): CredentialFinding | null {
  const word = text.trim();
  if (word.length < 8 || word.length > 64 || /\s/.test(word)) return null;
  if (/^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/.test(word) || /^[a-z][a-z0-9+.-]*:\/\//i.test(word)) return null;
  const symbol = /[^A-Za-z0-9./_-]/.test(word);
  if (!symbol || !/[a-z]/.test(word) || !/[A-Z]/.test(word) || !/\d/.test(word)) return null;
  return finding("password-like", "complex-password", text.indexOf(word), word.length);
}

function highEntropy(text: string): CredentialFinding | null {
  const urls = [...text.matchAll(URL_RUN)].map((match) => [match.index, match.index + match[0].length] as const);
  for (const match of text.matchAll(TOKEN_RUN)) {
    const start = match.index;
    const end = start + match[0].length;
    if (urls.some(([from, to]) => start < to && end > from)) continue;
    if (looksRandom(match[0].replace(/=+$/, ""))) return finding("token", "high-entropy", start, match[0].length);
  }
  return null;
}

function looksRandom(run: string): boolean {
  if (run.length < 24 || HEX_ONLY.test(run)) return false;
  if (run.replace(/\D/g, "").length < 2 || !/[a-z]/.test(run) || !/[A-Z]/.test(run)) return false;
  // Entropy alone cannot tell `getUserAccountSettingsById2V3` from a key (both ≈ 4.1 bits per
  // character at that length); words can: identifiers, paths and branch names are mostly words,
  // while in random base64 word-like runs cover about a quarter of the characters.
  if (wordShare(run) >= MAX_WORD_SHARE) return false;
  return shannonEntropy(run) >= MIN_ENTROPY_SHARE * Math.log2(Math.min(run.length, 64));
}

/** The share of characters inside word-like runs (`Word`, `word`, `WORD` of 3–4+ letters). */
function wordShare(run: string): number {
  let inWords = 0;
  for (const match of run.matchAll(WORD_RUN)) inWords += match[0].length;
  return inWords / run.length;
}

/** Bits per character of the string's own character distribution. */
function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
