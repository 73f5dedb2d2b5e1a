import fc from "fast-check";
import { normalizeAskUserInput } from "../../src/contract/index.js";

/** Valid questions built through the public normalizer, so the property sees real tool output. */
export const labelText = fc.stringMatching(/^[A-Za-z][A-Za-z .()]{0,20}$/);
export const questionSet = fc
  .array(
    fc.record({
      header: fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim().length > 0),
      question: fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim().length > 0),
      labels: fc.uniqueArray(labelText, { minLength: 2, maxLength: 4, selector: (label) => label.trim().toLowerCase() }),
      multiSelect: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((specs) => {
    const result = normalizeAskUserInput({
      questions: specs.map((spec, index) => ({
        id: `q${index}`,
        header: spec.header,
        question: spec.question,
        options: spec.labels.map((label) => ({ label })),
        multiSelect: spec.multiSelect,
      })),
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.value.questions;
  });


const trap = () => {
  throw new Error("trap");
};

/** Values built to break naive readers: throwing traps and getters, revoked proxies, cycles, huge lengths. */
export const hostileValue = fc.constantFrom(
  "throwing proxy",
  "revoked proxy",
  "throwing getter",
  "cycle",
  "huge sparse array",
  "symbol",
  "bigint",
  "boxed string",
  "null prototype",
).map((kind): unknown => {
  switch (kind) {
    case "throwing proxy":
      return new Proxy({}, { get: trap, ownKeys: trap, has: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap });
    case "revoked proxy": {
      const { proxy, revoke } = Proxy.revocable([], {});
      revoke();
      return proxy;
    }
    case "throwing getter":
      return Object.defineProperty({}, "label", { get: trap, enumerable: true });
    case "cycle": {
      const node: Record<string, unknown> = { label: "loop" };
      node.options = [node];
      node.self = node;
      return node;
    }
    case "huge sparse array":
      return new Array(2 ** 31);
    case "symbol":
      return Symbol("hostile");
    case "bigint":
      return 2n ** 70n;
    case "boxed string":
      return new String("Yes");
    default:
      return Object.assign(Object.create(null) as object, { label: "bare" });
  }
});

const junk = fc.oneof(
  fc.anything({ withBigInt: true, withNullPrototype: true, withBoxedValues: true, withSparseArray: true, withMap: true, withDate: true, maxDepth: 2 }),
  hostileValue,
);

/** Mostly valid with occasional trouble, so both accepted and rejected inputs are common. */
const sometimes = <T>(valid: fc.Arbitrary<T>, trouble: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: trouble, weight: 1 });

const text = fc.string({ unit: "grapheme", maxLength: 24 });
const paddedText = fc.tuple(fc.constantFrom("", " ", "  ", "\t"), text, fc.constantFrom("", " ", "\n")).map(([before, middle, after]) => `${before}${middle}${after}`);

const optionInput = sometimes(
  fc.record(
    {
      label: sometimes(fc.oneof(labelText, paddedText, fc.constantFrom("Yes", " yes", "YES", "x".repeat(64), "y".repeat(65))), junk),
      description: sometimes(fc.oneof(paddedText, fc.constantFrom("", "  ")), junk),
      value: junk,
    },
    { requiredKeys: ["label"] },
  ).map(({ value, ...option }) => (value === undefined || typeof value === "string" ? option : { ...option, value })),
  junk,
);

const questionInput = sometimes(
  fc.record(
    {
      id: sometimes(fc.oneof(fc.constantFrom("env", "mode", "env", " env ", "Deploy Target", "1st"), fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/)), junk),
      header: sometimes(fc.oneof(paddedText, fc.constantFrom("Deployment target", "12345678901😀", "   ")), junk),
      question: sometimes(paddedText, junk),
      options: sometimes(fc.array(optionInput, { minLength: 1, maxLength: 5 }), junk),
      multiSelect: sometimes(fc.boolean(), junk),
      extra: junk,
    },
    { requiredKeys: ["id", "header", "question", "options"] },
  ).map(({ extra, ...question }) => (extra === undefined || typeof extra === "number" ? question : { ...question, isSecret: extra })),
  junk,
);

/** Tool inputs near the contract's edges. */
export const nearlyValidInput = fc.record(
  {
    questions: sometimes(fc.array(questionInput, { minLength: 0, maxLength: 4 }), junk),
    timeoutSeconds: sometimes(fc.oneof(fc.integer({ min: -100, max: 10_000 }), fc.double()), junk),
    threadId: junk,
  },
  { requiredKeys: ["questions"] },
).map(({ threadId, ...input }) => (threadId === undefined || typeof threadId !== "string" ? input : { ...input, threadId }));

/** Any value at all, including ones that fight back. */
export const anyValue = fc.oneof(junk, nearlyValidInput, fc.record({ questions: fc.array(junk, { maxLength: 4 }) }));
