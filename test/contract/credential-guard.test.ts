import fc from "fast-check";
import { type CredentialKind, type CredentialRule, detectCredential } from "../../src/contract/credential-guard.js";

/*
 * Secret-shaped fixtures are assembled at run time from a seeded generator, so this file holds no
 * literal that a repository secret scanner would (rightly) stop at the door.
 */
const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const BASE64URL = `${BASE62}-_`;
const UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function generator(seed: number) {
  let state = seed;
  return (length: number, alphabet = BASE62) => {
    let out = "";
    for (let i = 0; i < length; i++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      out += alphabet[Math.floor((state / 2147483648) * alphabet.length)];
    }
    return out;
  };
}
const random = generator(20260906);
const join = (...parts: string[]) => parts.join("");

const positives: [string, string, CredentialKind, CredentialRule][] = [
  [
    "RSA PEM block",
    join("-----BEGIN RSA ", "PRIVATE KEY-----\nMIIEow", random(40), "\n-----END RSA PRIVATE KEY-----"),
    "private-key",
    "pem-private-key",
  ],
  ["OpenSSH PEM header in prose", join("here: -----BEGIN OPENSSH ", "PRIVATE KEY----- b3Blbn"), "private-key", "pem-private-key"],
  ["PKCS#8 PEM header", join("-----BEGIN ", "PRIVATE KEY-----"), "private-key", "pem-private-key"],
  ["PGP private key block", join("-----BEGIN PGP ", "PRIVATE KEY BLOCK-----"), "private-key", "pem-private-key"],
  ["Anthropic key", join("sk-", "ant-api03-", random(60, BASE64URL), "AA"), "api-key", "anthropic-key"],
  ["OpenAI legacy key", join("my key is sk", "-", random(48)), "api-key", "openai-key"],
  ["OpenAI project key", join("sk-", "proj-", random(64, BASE64URL), "9"), "api-key", "openai-key"],
  ["Stripe live key", join("sk", "_live_", random(24)), "api-key", "stripe-key"],
  ["GitHub classic PAT", join("gh", "p_", random(36)), "token", "github-token"],
  ["GitHub OAuth token", join("token gh", "o_", random(36)), "token", "github-token"],
  ["GitHub fine-grained PAT", join("github", "_pat_", random(22), "_", random(59)), "token", "github-token"],
  ["AWS access key id in a sentence", join("use AK", "IA", random(16, UPPER_DIGITS), " for now"), "api-key", "aws-access-key"],
  ["AWS temporary key id", join("AS", "IA", random(16, UPPER_DIGITS)), "api-key", "aws-access-key"],
  ["Slack bot token", join("xo", "xb-", random(12, "0123456789"), "-", random(24)), "token", "slack-token"],
  ["Slack user token", join("xo", "xp-", random(12, "0123456789"), "-", random(12)), "token", "slack-token"],
  ["Google API key", join("AI", "za", random(35, BASE64URL)), "api-key", "google-api-key"],
  ["JWT", join("ey", "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.", "eyJzdWIiOiIxMjM0NTY3ODkwIn0.", random(43, BASE64URL)), "token", "jwt"],
  ["password assignment", "password: hunter2", "password-like", "secret-assignment"],
  ["quoted password assignment", "DB_PASSWORD='S3cure-pass'", "password-like", "secret-assignment"],
  ["api key parameter", "api_key=Abc123xyz", "api-key", "secret-assignment"],
  ["token in a URL query", "https://example.com/callback?token=9f8e7d6c5b4a", "token", "secret-assignment"],
  ["client secret", "client_secret: 7Fq-2zLpx", "token", "secret-assignment"],
  ["whole answer is a complex password", "P@ssw0rd!23", "password-like", "complex-password"],
  ["padded complex password", "  Tr0ub4dor&3 ", "password-like", "complex-password"],
  ["bearer token", join("Bearer ", random(40)), "token", "high-entropy"],
  ["base64 secret with padding", join("the secret is ", random(38, `${BASE62}+/`), "==", " ok"), "token", "high-entropy"],
];

describe("detectCredential: secret shapes", () => {
  it.each(positives)("flags %s", (_name, text, kind, rule) => {
    const finding = detectCredential(text);
    expect(finding).toMatchObject({ kind, rule });
    expect(finding!.start).toBeGreaterThanOrEqual(0);
    expect(finding!.end).toBeGreaterThan(finding!.start);
    expect(finding!.end).toBeLessThanOrEqual(text.length);
  });

  it("points at the secret, not the whole answer", () => {
    const key = join("gh", "p_", random(36));
    const text = `Use ${key} to push`;
    const finding = detectCredential(text)!;
    expect(text.slice(finding.start, finding.end)).toBe(key);
  });

  it("never copies the secret into the finding", () => {
    const key = join("sk-", random(48));
    expect(JSON.stringify(detectCredential(key))).not.toContain(key.slice(3, 20));
  });
});

const negatives: [string, unknown][] = [
  ["an empty answer", ""],
  ["blank text", "   \n\t"],
  ["a number (bad input)", 42],
  ["null (bad input)", null],
  ["an object (bad input)", { text: "x" }],
  ["an ordinary sentence", "Deploy to staging first, then production after the review."],
  ["Vietnamese prose", "Triển khai lên môi trường thử nghiệm trước, sau đó mới lên production nhé."],
  ["sk- starting ordinary words", "Use the sk-learn-preprocessing-pipeline-for-this-task approach"],
  ["sk- inside a word", "the task-force-planning-document-for-the-quarter-review is ready"],
  ["a URL without secrets", "https://github.com/openclaw/openclaw/pull/1234?tab=files#diff"],
  ["a URL whose path looks random", "See https://docs.google.com/document/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit"],
  ["a UUID in prose (decided: ids are not secrets)", "Use run 123e4567-e89b-12d3-a456-426614174000 please"],
  ["a git commit hash", "revert 3f786850e387550fdab836ed7e6dc881de23001b"],
  ["a sha256 checksum", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  ["a camelCase identifier", "Rename getUserAccountSettingsById2V3 to something shorter"],
  ["a long identifier with digits", "ThisIsMyVeryLongIdentifier2024V2"],
  ["a source path", "src/components/AskUserPanel2/v10.tsx"],
  ["a branch name", "feature/ABC-1234-add-login-button"],
  ["a constant name", "MY_CONSTANT_NAME_V2_FOR_2024_Release"],
  ["prose mentioning a password", "The password field is required on the login form"],
  ["password: followed by a plain word", "password: required"],
  ["token: with a short value", "token: none"],
  ["a placeholder value", "api_key=<your-key-here>"],
  ["an email address", "John.Smith@Example.com"],
  ["a version string", "v2.3.1-Beta"],
  ["a short mixed answer", "Yes, 2x!"],
  ["a JWT-like header without signature", "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0."],
  ["AKIA inside a longer word", join("XAK", "IA", "ABCDEFGHIJKLMNOP1")],
];

describe("detectCredential: ordinary answers stay quiet", () => {
  it.each(negatives)("does not flag %s", (_name, text) => {
    expect(detectCredential(text)).toBeNull();
  });

  it("never flags sentences made of ordinary words, numbers and punctuation", () => {
    const word = fc.constantFrom(
      "deploy",
      "the",
      "Staging",
      "production",
      "server",
      "v2",
      "2024",
      "release",
      "candidate",
      "please",
      "run",
      "tests",
      "Docs",
      "metrics",
      "and",
      "then",
      "notify",
      "Team",
      "after",
      "review",
      "42",
      "OK",
      "môi",
      "trường",
      "thử",
      "nghiệm",
    );
    const separator = fc.constantFrom(" ", ", ", ". ", "; ", " - ");
    const sentence = fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 30 }).map((parts) => parts.flat().join("").trim());
    fc.assert(fc.property(sentence, (text) => detectCredential(text) === null));
  });

  it("never flags hexadecimal strings or UUIDs of any length", () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9a-f]{1,128}$/), (hex) => detectCredential(`commit ${hex}`) === null));
    fc.assert(fc.property(fc.uuid(), (uuid) => detectCredential(`id ${uuid}`) === null));
  });
});

describe("detectCredential: properties", () => {
  it("finds a GitHub token wherever it sits in the answer", () => {
    const body = fc.stringMatching(/^[A-Za-z0-9]{36}$/);
    const prose = fc.constantFrom("", "my token: ", "use ", "(", "token=\n");
    fc.assert(
      fc.property(prose, body, prose, (before, token, after) => {
        const text = `${before}${join("gh", "p_")}${token} ${after}`;
        const finding = detectCredential(text);
        return finding?.rule === "github-token" && text.slice(finding.start, finding.end) === join("gh", "p_", token);
      }),
    );
  });

  it("recognises at least 95 % of random 40-character base64 tokens by entropy alone", () => {
    const sample = generator(7);
    let found = 0;
    for (let i = 0; i < 400; i++) if (detectCredential(`secret ${sample(40, `${BASE62}+/`)}`)?.rule === "high-entropy") found++;
    expect(found / 400).toBeGreaterThanOrEqual(0.95);
  });

  it("does not flag a long token that repeats a few characters", () => {
    expect(detectCredential("Ab12Ab12Ab12Ab12Ab12Ab12Ab12Ab12")).toBeNull();
  });
});
