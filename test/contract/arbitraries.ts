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

type HostileKind =
  | "throwing proxy"
  | "revoked proxy"
  | "throwing getter"
  | "cycle"
  | "huge sparse array"
  | "symbol"
  | "bigint"
  | "boxed string"
  | "null prototype";

/**
 * A placeholder for a value built to break naive readers. fast-check itself probes generated values
 * (clone checks, printing), so the hostile value is only made by `materialize`, inside the property.
 */
class HostileSlot {
  constructor(readonly kind: HostileKind) {}
  toString(): string {
    return `<${this.kind}>`;
  }
}

function makeHostile(kind: HostileKind): unknown {
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
    case "null prototype":
      return Object.assign(Object.create(null) as object, { label: "bare" });
  }
}

/** A copy of a generated value with every placeholder replaced by the real hostile value. */
export function materialize(value: unknown): unknown {
  if (value instanceof HostileSlot) return makeHostile(value.kind);
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (const key of Object.keys(value)) copy[Number(key)] = materialize(value[Number(key)]);
    return copy;
  }
  if (typeof value !== "object" || value === null) return value;
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy = Object.create(prototype) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: materialize((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

const hostileValue = fc
  .constantFrom<HostileKind>(
    "throwing proxy",
    "revoked proxy",
    "throwing getter",
    "cycle",
    "huge sparse array",
    "symbol",
    "bigint",
    "boxed string",
    "null prototype",
  )
  .map((kind) => new HostileSlot(kind));

const junk = fc.oneof(
  fc.anything({
    withBigInt: true,
    withNullPrototype: true,
    withBoxedValues: true,
    withSparseArray: true,
    withMap: true,
    withDate: true,
    maxDepth: 2,
  }),
  hostileValue,
);

/** Mostly valid with occasional trouble, so both accepted and rejected inputs are common. */
const sometimes = <T>(valid: fc.Arbitrary<T>, trouble: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 20 }, { arbitrary: trouble, weight: 1 });

/** Usually absent: an extra field that only sometimes shows up. */
const rarely = (arbitrary: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 20 }, { arbitrary, weight: 1 });

const pad = fc.constantFrom("", " ", "  ", "\t", "\n");
const padded = (core: fc.Arbitrary<string>) => fc.tuple(pad, core, pad).map(([before, middle, after]) => `${before}${middle}${after}`);
const visibleText = fc.string({ unit: "grapheme", minLength: 1, maxLength: 24 }).filter((text) => text.trim().length > 0);

const optionInput = sometimes(
  fc
    .record(
      {
        label: sometimes(padded(labelText), fc.oneof(fc.constantFrom("Yes", " yes", "YES", "", "   ", "x".repeat(64), "y".repeat(65)), junk)),
        description: sometimes(fc.oneof(padded(visibleText), fc.constantFrom("", "  ")), junk),
        value: rarely(junk),
      },
      { requiredKeys: ["label", "value"] },
    )
    .map(({ value, ...option }) => (value === undefined ? option : { ...option, value })),
  junk,
);

const questionInput = sometimes(
  fc
    .record(
      {
        id: sometimes(fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/), fc.oneof(fc.constantFrom("env", " env ", "Deploy Target", "1st", ""), junk)),
        header: sometimes(padded(visibleText), fc.oneof(fc.constantFrom("Deployment target", "12345678901😀", "   ", ""), junk)),
        question: sometimes(padded(visibleText), fc.oneof(fc.constantFrom("", "  "), junk)),
        options: sometimes(fc.array(optionInput, { minLength: 2, maxLength: 4 }), fc.oneof(fc.array(optionInput, { maxLength: 6 }), junk)),
        multiSelect: sometimes(fc.boolean(), junk),
        extra: rarely(junk),
      },
      { requiredKeys: ["id", "header", "question", "options", "extra"] },
    )
    .map(({ extra, ...question }) => (extra === undefined ? question : { ...question, isSecret: extra })),
  junk,
);

/** Tool inputs near the contract's edges. */
export const nearlyValidInput = fc
  .record(
    {
      questions: sometimes(fc.array(questionInput, { minLength: 1, maxLength: 3 }), fc.oneof(fc.array(questionInput, { maxLength: 5 }), junk)),
      timeoutSeconds: sometimes(fc.integer({ min: -100, max: 10_000 }), fc.oneof(fc.double(), junk)),
      threadId: rarely(junk),
    },
    { requiredKeys: ["questions", "threadId"] },
  )
  .map(({ threadId, ...input }) => (threadId === undefined ? input : { ...input, threadId }));

/** Any value at all, including ones that fight back (pass it through `materialize`). */
export const anyValue = fc.oneof(junk, nearlyValidInput, fc.record({ questions: fc.array(junk, { maxLength: 4 }) }));
