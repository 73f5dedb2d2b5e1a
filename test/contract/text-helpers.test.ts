import fc from "fast-check";
import * as contract from "../../src/contract/index.js";
import { jsonPointer, splitRecommended, truncateUtf16 } from "../../src/contract/index.js";
import { describeType } from "../../src/contract/errors.js";

describe("splitRecommended", () => {
  it.each([
    ["Production (Recommended)", "Production", true],
    ["Production  (recommended)  ", "Production", true],
    ["Production (RECOMMENDED)", "Production", true],
    ["Production(Recommended)", "Production(Recommended)", false],
    ["(Recommended)", "(Recommended)", false],
    [" (Recommended)", " (Recommended)", false],
    ["Recommended", "Recommended", false],
    ["Production (Recommended) now", "Production (Recommended) now", false],
    ["Staging", "Staging", false],
  ])("%j → %j (%s)", (label, text, recommended) => {
    expect(splitRecommended(label)).toEqual({ text, recommended });
  });
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("truncateUtf16", () => {
  it.each([
    ["short", 12, "short"],
    ["Deployment target", 12, "Deployment t"],
    ["12345678901😀", 12, "12345678901"],
    ["1234567890😀x", 12, "1234567890😀"],
    ["😀", 1, ""],
    ["abc", 0, ""],
  ])("%j at %i → %j", (text, max, expected) => {
    expect(truncateUtf16(text, max)).toBe(expected);
  });

  it("never leaves half a surrogate pair and never exceeds the limit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), fc.nat({ max: 20 }), (text, max) => {
        const cut = truncateUtf16(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(text.startsWith(cut)).toBe(true);
        expect(cut).not.toMatch(LONE_SURROGATE);
        expect(cut.length).toBeGreaterThanOrEqual(Math.min(text.length, max) - 1);
      }),
    );
  });
});

describe("jsonPointer", () => {
  it.each([
    [[], ""],
    [["questions", 1, "options", 0, "label"], "/questions/1/options/0/label"],
    [["a/b", "m~n"], "/a~1b/m~0n"],
    [[""], "/"],
  ])("%j → %j", (segments, pointer) => {
    expect(jsonPointer(segments)).toBe(pointer);
  });
});

describe("limits", () => {
  it("exports the documented values", () => {
    expect({
      MIN_QUESTIONS: contract.MIN_QUESTIONS,
      MAX_QUESTIONS: contract.MAX_QUESTIONS,
      MIN_OPTIONS: contract.MIN_OPTIONS,
      MAX_OPTIONS: contract.MAX_OPTIONS,
      MAX_HEADER_LENGTH: contract.MAX_HEADER_LENGTH,
      MAX_LABEL_LENGTH: contract.MAX_LABEL_LENGTH,
      DEFAULT_TIMEOUT_SECONDS: contract.DEFAULT_TIMEOUT_SECONDS,
      MIN_TIMEOUT_SECONDS: contract.MIN_TIMEOUT_SECONDS,
      MAX_TIMEOUT_SECONDS: contract.MAX_TIMEOUT_SECONDS,
      TERMINAL_GRACE_MS: contract.TERMINAL_GRACE_MS,
      RECOMMENDED_SUFFIX: contract.RECOMMENDED_SUFFIX,
    }).toEqual({
      MIN_QUESTIONS: 1,
      MAX_QUESTIONS: 3,
      MIN_OPTIONS: 2,
      MAX_OPTIONS: 4,
      MAX_HEADER_LENGTH: 12,
      MAX_LABEL_LENGTH: 64,
      DEFAULT_TIMEOUT_SECONDS: 900,
      MIN_TIMEOUT_SECONDS: 30,
      MAX_TIMEOUT_SECONDS: 3600,
      TERMINAL_GRACE_MS: 15_000,
      RECOMMENDED_SUFFIX: " (Recommended)",
    });
  });

  it.each([
    ["deploy_target", true],
    ["a", true],
    ["a1_b2", true],
    ["Deploy", false],
    ["_a", false],
    ["1a", false],
    ["a-b", false],
    ["", false],
  ])("QUESTION_ID_PATTERN %j → %s", (id, valid) => {
    expect(contract.QUESTION_ID_PATTERN.test(id)).toBe(valid);
  });
});

describe("describeType", () => {
  it.each([
    ["x", "a string"],
    [1, "a number"],
    [true, "a boolean"],
    [10n, "a BigInt"],
    [Symbol("x"), "a symbol"],
    [() => 1, "a function"],
    [undefined, "undefined"],
    [null, "null"],
    [{}, "an object"],
    [[], "an array"],
  ])("%s is %j", (value, words) => {
    expect(describeType(value)).toBe(words);
  });

  it("calls a revoked proxy (Array.isArray throws on it) an unreadable value", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeType(proxy)).toBe("an unreadable value");
  });
});
