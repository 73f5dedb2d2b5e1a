/**
 * A small JSON-schema checker that reports problems the way the real gateway does. OpenClaw
 * validates every frame and method's params with compiled TypeBox schemas and turns the errors into
 * one line (`formatValidationErrors`); clients see that line verbatim, so an embedded gateway must
 * produce the same errors in the same order. Only the keywords the gateway's question, chat and
 * connect schemas use are supported.
 */

export interface Schema {
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean" | "null";
  required?: readonly string[];
  properties?: Readonly<Record<string, Schema>>;
  patternProperties?: Readonly<Record<string, Schema>>;
  /** Only `false` (closed objects) is used by the gateway's schemas. */
  additionalProperties?: false;
  maxProperties?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: true;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  const?: string | number | boolean;
  enum?: readonly string[];
  anyOf?: readonly Schema[];
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  message: string;
  /** The offending keys of `required` / `additionalProperties` errors. */
  keys?: string[];
}

/** `null` when `value` matches, else the gateway's one-line description of every problem. */
export function checkSchema(schema: Schema, value: unknown): string | null {
  const errors: SchemaError[] = [];
  return collect(schema, value, "", errors) ? null : formatErrors(errors);
}

/**
 * Walks keywords in TypeBox's order (type, object keywords, array keywords, string keywords,
 * number keywords, then const/enum/anyOf) and keeps evaluating after a failure, as its error
 * collector does, so multi-problem messages list the same problems in the same order.
 */
function collect(schema: Schema, value: unknown, path: string, errors: SchemaError[]): boolean {
  let ok = true;
  const fail = (keyword: string, message: string, keys?: string[]) => {
    errors.push({ keyword, instancePath: path, message, ...(keys ? { keys } : {}) });
    ok = false;
  };
  if (schema.type !== undefined && !hasType(schema.type, value)) fail("type", `must be ${schema.type}`);

  if (isPlainObject(value)) {
    const record = value as Record<string, unknown>;
    const missing = (schema.required ?? []).filter((key) => !Object.hasOwn(record, key));
    if (missing.length > 0) fail("required", `must have required properties ${missing.join(", ")}`, missing);
    if (schema.additionalProperties === false) {
      const known = Object.keys(schema.properties ?? {});
      const extra = Object.keys(record).filter((key) => !known.includes(key));
      if (extra.length > 0) fail("additionalProperties", "must not have additional properties", extra);
    }
    for (const [pattern, inner] of Object.entries(schema.patternProperties ?? {})) {
      const regexp = new RegExp(pattern, "u");
      for (const [key, entry] of Object.entries(record)) {
        if (regexp.test(key) && !collect(inner, entry, `${path}/${key}`, errors)) ok = false;
      }
    }
    for (const [key, inner] of Object.entries(schema.properties ?? {})) {
      if (Object.hasOwn(record, key) && !collect(inner, record[key], `${path}/${key}`, errors)) ok = false;
    }
    if (schema.maxProperties !== undefined && Object.keys(record).length > schema.maxProperties) {
      fail("maxProperties", `must not have more than ${schema.maxProperties} properties`);
    }
  }

  if (Array.isArray(value)) {
    if (schema.items) {
      value.forEach((entry, index) => {
        if (!collect(schema.items as Schema, entry, `${path}/${index}`, errors)) ok = false;
      });
    }
    if (schema.maxItems !== undefined && value.length > schema.maxItems) fail("maxItems", `must not have more than ${schema.maxItems} items`);
    if (schema.minItems !== undefined && value.length < schema.minItems) fail("minItems", `must not have fewer than ${schema.minItems} items`);
    if (schema.uniqueItems && new Set(value.map((entry) => JSON.stringify(entry))).size !== value.length) {
      fail("uniqueItems", "must not have duplicate items");
    }
  }

  if (typeof value === "string") {
    if (schema.maxLength !== undefined && characterCount(value) > schema.maxLength) {
      fail("maxLength", `must not have more than ${schema.maxLength} characters`);
    }
    if (schema.minLength !== undefined && characterCount(value) < schema.minLength) {
      fail("minLength", `must not have fewer than ${schema.minLength} characters`);
    }
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) fail("pattern", `must match pattern "${schema.pattern}"`);
  }

  if (typeof value === "number") {
    if (schema.maximum !== undefined && !(value <= schema.maximum)) fail("maximum", `must be <= ${schema.maximum}`);
    if (schema.minimum !== undefined && !(value >= schema.minimum)) fail("minimum", `must be >= ${schema.minimum}`);
  }

  if (schema.const !== undefined && value !== schema.const) fail("const", "must be equal to constant");
  if (schema.enum !== undefined && !schema.enum.some((allowed) => allowed === value)) fail("enum", "must be equal to one of the allowed values");

  if (schema.anyOf) {
    const branches = schema.anyOf.map((branch) => {
      const branchErrors: SchemaError[] = [];
      return { ok: collect(branch, value, path, branchErrors), errors: branchErrors };
    });
    if (!branches.some((branch) => branch.ok)) {
      for (const branch of branches) errors.push(...branch.errors);
      fail("anyOf", "must match a schema in anyOf");
    }
  }
  return ok;
}

function hasType(type: NonNullable<Schema["type"]>, value: unknown): boolean {
  switch (type) {
    case "object":
      return isPlainObject(value);
    case "array":
      return Array.isArray(value);
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
  }
}

function isPlainObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : undefined;

/** TypeBox counts string length in grapheme clusters, not UTF-16 units. */
function characterCount(text: string): number {
  if (!segmenter) return [...text].length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

/** The gateway's `formatValidationErrors`: one part per error, duplicates dropped, joined by "; ". */
function formatErrors(errors: readonly SchemaError[]): string {
  const parts = errors.map((error) => {
    const firstKey = error.keys?.find((key) => key.trim().length > 0);
    if (error.keyword === "additionalProperties" && firstKey !== undefined) {
      return `${error.instancePath ? `at ${error.instancePath}` : "at root"}: unexpected property '${firstKey}'`;
    }
    const where = error.instancePath ? `at ${error.instancePath}: ` : "";
    if (error.keyword === "required" && firstKey !== undefined) return `${where}must have required property '${firstKey}'`;
    return `${where}${error.message}`;
  });
  const unique = [...new Set(parts)];
  return unique.length > 0 ? unique.join("; ") : "unknown validation error";
}
