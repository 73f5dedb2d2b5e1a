/**
 * The parameter schemas of OpenClaw 2026.9.6 (`packages/gateway-protocol`) for the frames and
 * methods the embedded gateway speaks, as data for `checkSchema`. Property order matters: it is the
 * order errors are reported in.
 */
import { GATEWAY_CLIENT_IDS, GATEWAY_CLIENT_MODES } from "../contract/gateway-clients.js";
import type { Schema } from "./param-schema.js";

const text = (limits: Pick<Schema, "minLength" | "maxLength" | "pattern"> = {}): Schema => ({ type: "string", ...limits });
const nonEmpty: Schema = text({ minLength: 1 });
const integer = (minimum: number, maximum?: number): Schema => ({
  type: "integer",
  minimum,
  ...(maximum === undefined ? {} : { maximum }),
});
const list = (items: Schema, limits: Pick<Schema, "minItems" | "maxItems" | "uniqueItems"> = {}): Schema => ({
  type: "array",
  items,
  ...limits,
});
const closed = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: "object",
  ...(required.length > 0 ? { required } : {}),
  properties,
  additionalProperties: false,
});
const open = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: "object",
  ...(required.length > 0 ? { required } : {}),
  properties,
});
const boolean: Schema = { type: "boolean" };
const literal = (value: string | boolean | number, type: Schema["type"] = typeof value === "string" ? "string" : "boolean"): Schema => ({
  type,
  const: value,
});
const anything: Schema = {};
const booleanMap: Schema = { type: "object", patternProperties: { "^.*$": boolean } };

export const REQUEST_FRAME_SCHEMA = closed(
  {
    type: literal("req"),
    id: nonEmpty,
    method: nonEmpty,
    params: anything,
    traceparent: text({ maxLength: 128 }),
    expectedProfileId: text({ minLength: 1, maxLength: 128 }),
  },
  ["type", "id", "method"],
);

const hostList = list(text({ minLength: 1, maxLength: 253 }), { maxItems: 128, uniqueItems: true });

export const CONNECT_PARAMS_SCHEMA = closed(
  {
    minProtocol: integer(1),
    maxProtocol: integer(1),
    client: closed(
      {
        id: { enum: GATEWAY_CLIENT_IDS },
        displayName: nonEmpty,
        version: nonEmpty,
        buildId: text({ minLength: 1, maxLength: 96 }),
        platform: nonEmpty,
        deviceFamily: nonEmpty,
        modelIdentifier: nonEmpty,
        timeZone: text({ minLength: 1, maxLength: 64 }),
        mode: { enum: GATEWAY_CLIENT_MODES },
        instanceId: nonEmpty,
      },
      ["id", "version", "platform", "mode"],
    ),
    caps: list(nonEmpty),
    commands: list(nonEmpty),
    computerUse: anything,
    workerRuns: closed(
      {
        bundleHash: text({ minLength: 64, maxLength: 64, pattern: "^[a-f0-9]{64}$" }),
        openclawVersion: text({ minLength: 1, maxLength: 128 }),
        protocolFeatures: list(text({ minLength: 1, maxLength: 128 }), { maxItems: 64, uniqueItems: true }),
        bundlePrewarm: integer(1, Number.MAX_SAFE_INTEGER),
      },
      ["bundleHash", "openclawVersion", "protocolFeatures"],
    ),
    permissions: booleanMap,
    pathEnv: text(),
    role: nonEmpty,
    scopes: list(nonEmpty),
    modelCatalog: {
      anyOf: [closed({ agentId: nonEmpty, sessionKey: nonEmpty }), closed({ agentId: nonEmpty, shortId: nonEmpty, slugHint: nonEmpty }, ["shortId"])],
    },
    device: closed({ id: nonEmpty, publicKey: nonEmpty, signature: nonEmpty, signedAt: integer(0), nonce: nonEmpty }, [
      "id",
      "publicKey",
      "signature",
      "signedAt",
      "nonce",
    ]),
    auth: closed({
      token: text(),
      bootstrapToken: text(),
      deviceToken: text(),
      password: text(),
      approvalRuntimeToken: text(),
      agentRuntimeIdentityToken: text(),
    }),
    locale: text(),
    userAgent: text(),
  },
  ["minProtocol", "maxProtocol", "client"],
);

const QUESTION_ID = text({ pattern: "^[a-z][a-z0-9_]*$" });

const REQUEST_QUESTION = closed(
  {
    questionId: QUESTION_ID,
    header: text({ maxLength: 12 }),
    question: nonEmpty,
    url: text({ minLength: 1, maxLength: 2048 }),
    options: list(closed({ label: nonEmpty, description: text() }, ["label"]), { maxItems: 4 }),
    multiSelect: boolean,
    isOther: boolean,
    isSecret: boolean,
    secretStore: closed(
      {
        name: text({ minLength: 1, maxLength: 128, pattern: "^[A-Z][A-Z0-9_]{0,127}$" }),
        kind: { anyOf: [literal("secret"), literal("env")] },
        allowedHosts: hostList,
        reason: text({ maxLength: 200 }),
      },
      ["name", "kind"],
    ),
  },
  ["questionId", "header", "question", "options"],
);

const ANSWERS = closed({ answers: { type: "object", patternProperties: { "^[a-z][a-z0-9_]*$": list(text()) } } }, ["answers"]);

export const QUESTION_PARAM_SCHEMAS = {
  "question.request": closed(
    {
      id: nonEmpty,
      questions: list(REQUEST_QUESTION, { minItems: 1, maxItems: 3 }),
      agentId: nonEmpty,
      sessionKey: nonEmpty,
      runId: nonEmpty,
      timeoutMs: integer(1),
    },
    ["questions"],
  ),
  "question.waitAnswer": closed({ id: nonEmpty, timeoutMs: integer(1), includeResolutionId: boolean }, ["id"]),
  "question.resolve": {
    anyOf: [
      closed(
        {
          id: nonEmpty,
          answers: ANSWERS,
          secretStoreAllowedHosts: hostList,
          resolvedBy: nonEmpty,
          resolutionId: text({ minLength: 1, maxLength: 128 }),
        },
        ["id", "answers"],
      ),
      closed({ id: nonEmpty, cancel: literal(true), resolvedBy: nonEmpty }, ["id", "cancel"]),
    ],
  },
  "question.get": closed({ id: nonEmpty }, ["id"]),
  "question.list": closed({}),
} satisfies Record<string, Schema>;

const bounded = (maxLength: number): Schema => text({ maxLength });
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });

/** `chat.send`: every top-level field of the real schema, so unknown-field errors match. */
export const CHAT_SEND_SCHEMA = closed(
  {
    sessionKey: text({ minLength: 1, maxLength: 512 }),
    agentId: nonEmpty,
    sessionId: nonEmpty,
    message: text(),
    mentions: list(
      closed(
        {
          profileId: text({ minLength: 1, maxLength: 256 }),
          start: integer(0, Number.MAX_SAFE_INTEGER),
          end: integer(1, Number.MAX_SAFE_INTEGER),
        },
        ["profileId", "start", "end"],
      ),
      { maxItems: 10 },
    ),
    workContext: closed(
      {
        page: text({ minLength: 1, maxLength: 64 }),
        title: bounded(96),
        sessionKey: bounded(192),
        sessionId: bounded(64),
        agentId: bounded(64),
        workspace: bounded(224),
        file: bounded(224),
        selection: bounded(640),
      },
      ["page"],
    ),
    intent: closed({ kind: literal("session-goal-start"), version: literal(1, "number"), issuedAtMs: integer(0) }, ["kind", "version", "issuedAtMs"]),
    thinking: text(),
    fastMode: { anyOf: [boolean, literal("auto")] },
    fastAutoOnSeconds: integer(1),
    queueMode: { type: "string", enum: ["steer", "followup", "collect", "interrupt"] },
    deliver: boolean,
    originatingChannel: text(),
    originatingTo: text(),
    originatingAccountId: text(),
    originatingThreadId: text(),
    replyToId: nonEmpty,
    attachments: list(open({})),
    toolBindings: { type: "object", maxProperties: 16 },
    timeoutMs: integer(0),
    systemInputProvenance: open({}, ["kind"]),
    systemProvenanceReceipt: text(),
    suppressCommandInterpretation: boolean,
    expectedLeafEntryId: nullable(nonEmpty),
    expectedSessionRoutingContract: nonEmpty,
    expectedPermissionMode: anything,
    expectedToolOverrides: anything,
    idempotencyKey: nonEmpty,
  },
  ["sessionKey", "message", "idempotencyKey"],
);

export const CHAT_ABORT_SCHEMA = closed({ sessionKey: nonEmpty, agentId: nonEmpty, runId: nonEmpty, preserveSideRuns: boolean }, ["sessionKey"]);
