// A fixed walk through every question method, error and event of the gateway protocol. Recorded
// once from a real OpenClaw gateway (fixtures/openclaw-replies.json), it is the reference our
// embedded gateway must reply identically to; re-running it against OpenClaw detects drift.
import {
  connectParams,
  connectRawGatewayClient,
  openRawGatewayClient,
  type CloseInfo,
  type RawGatewayClient,
  type ResponseFrame,
} from "./raw-gateway-client.js";

export interface ProbeStep {
  step: string;
  [field: string]: unknown;
}

export interface ProbeTarget {
  url: string;
  token: string;
  /** Appended to the probe's question ids, run ids and session so parallel runs never collide. */
  tag?: string;
}

/** The session of the probe's agent turns (its own, so a concurrent suite keeps its sessions). */
export const PROBE_SESSION = "probe";
/** How long the probe waits for an expiry event: ask_user expiries arrive 2–7 s late on OpenClaw. */
const EXPIRY_EVENT_CAP_MS = 30_000;
/** How long an agent turn may take to reach its ask_user call (the first turn prepares a workspace). */
const AGENT_TURN_CAP_MS = 90_000;

/** Stands for the `resolvedBy` of a question whose run was aborted: one of the two racing cancellers. */
export const ABORT_RESOLVED_BY = "<requester-inactive|run-abort>";

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function reply(frame: ResponseFrame) {
  return frame.ok ? { ok: true, payload: frame.payload } : { ok: false, error: frame.error };
}

function idOf(payload: unknown): string | undefined {
  const id = (payload as { id?: unknown } | undefined)?.id;
  return typeof id === "string" ? id : undefined;
}

function runIdOf(payload: unknown): string | undefined {
  const runId = (payload as { runId?: unknown } | undefined)?.runId;
  return typeof runId === "string" ? runId : undefined;
}

/** Whether the socket closes within `ms`, and how. */
async function closeWithin(client: RawGatewayClient, ms: number): Promise<CloseInfo | "still open"> {
  return Promise.race([client.closed, sleep(ms).then(() => "still open" as const)]);
}

/** The parts of hello-ok a compatible gateway must match; the rest (466 methods, plugin urls) is trimmed. */
export function summarizeHello(payload: unknown) {
  const hello = (payload ?? {}) as Record<string, unknown>;
  const features = (hello.features ?? {}) as { methods?: unknown; events?: unknown };
  const relevant = (name: unknown) =>
    typeof name === "string" &&
    (name.startsWith("question.") || name === "chat.send" || name === "chat.abort" || name === "tick" || name === "connect.challenge");
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(relevant) : value);
  return {
    keys: Object.keys(hello),
    type: hello.type,
    protocol: hello.protocol,
    server: hello.server,
    features: { methods: list(features.methods), events: list(features.events) },
    snapshotKeys: Object.keys((hello.snapshot ?? {}) as object),
    auth: hello.auth,
    policy: hello.policy,
  };
}

function question(questionId: string, header: string, labels: string[], extra: Record<string, unknown> = {}) {
  return {
    questionId,
    header,
    question: `Which ${header.toLowerCase()} do you want?`,
    options: labels.map((label) => ({ label })),
    isOther: true,
    ...extra,
  };
}

/**
 * Runs the probe against a gateway and returns the raw transcript (ids, nonces and times as the
 * gateway sent them); pass it to `normalize` before comparing.
 */
export async function runProtocolProbe({ url, token, tag = "" }: ProbeTarget): Promise<ProbeStep[]> {
  const steps: ProbeStep[] = [];
  const qid = (name: string) => `probe-${name}${tag}`;
  const session = `${PROBE_SESSION}${tag}`;

  // Handshake and connection-level errors.
  {
    const { client, challenge, hello } = await connectRawGatewayClient(url, { token });
    steps.push({
      step: "handshake: challenge then hello-ok",
      challenge: challenge.payload,
      hello: hello.ok ? summarizeHello(hello.payload) : reply(hello),
    });
    await client.close();
  }
  {
    const { client, hello } = await connectRawGatewayClient(url, { token: `${token}-wrong` });
    steps.push({ step: "connect with a wrong token", reply: reply(hello), close: await closeWithin(client, 3_000) });
    await client.close();
  }
  {
    const { client, hello } = await connectRawGatewayClient(url, { token, clientId: "ask-user-kit-unknown" });
    steps.push({ step: "connect with an unknown client id", reply: reply(hello), close: await closeWithin(client, 3_000) });
    await client.close();
  }
  {
    const { client, hello } = await connectRawGatewayClient(url, { token, clientId: "test", mode: "test" });
    const scopes = (hello.payload as { auth?: { scopes?: unknown } } | undefined)?.auth?.scopes;
    steps.push({ step: "connect as client id test (scope dropped)", ok: hello.ok, grantedScopes: scopes });
    steps.push({ step: "question.list without operator.questions", reply: reply(await client.request("question.list", {})) });
    steps.push({
      step: "question.get without operator.questions",
      reply: reply(await client.request("question.get", { id: qid("none") })),
    });
    await client.close();
  }
  {
    const client = await openRawGatewayClient(url);
    await client.challenge;
    steps.push({
      step: "question.list before connect",
      reply: reply(await client.request("question.list", {})),
      close: await closeWithin(client, 3_000),
    });
    await client.close();
  }
  {
    const client = await openRawGatewayClient(url);
    await client.challenge;
    const params = connectParams({ token });
    const bad = await client.request("connect", { ...params, minProtocol: 99, maxProtocol: 99 });
    steps.push({ step: "connect with an unsupported protocol", reply: reply(bad), close: await closeWithin(client, 3_000) });
    await client.close();
  }

  const { client: ui } = await connectRawGatewayClient(url, { token });
  const ours = (payload: unknown) => (idOf(payload) ?? "").startsWith("probe-") && (idOf(payload) ?? "").endsWith(tag);
  const requested = (id: string) => ui.waitForEvent("question.requested", (payload) => idOf(payload) === id);
  const resolved = (id: string, cap = 15_000) => ui.waitForEvent("question.resolved", (payload) => idOf(payload) === id, cap);
  const call = async (step: string, method: string, params: unknown) => {
    const frame = await ui.request(method, params);
    steps.push({ step, method, params, reply: reply(frame) });
    return frame;
  };

  // question.request
  const single = {
    id: qid("single"),
    questions: [question("color", "Color", ["Red", "Blue"])],
    timeoutMs: 120_000,
    sessionKey: session,
    runId: `probe-run${tag}`,
  };
  const created = await call("question.request: ok (single question)", "question.request", single);
  const createdPayload = created.payload as { expiresAtMs?: number } | undefined;
  steps.push({ step: "question.requested event", event: (await requested(single.id)).payload });
  const listed = await ui.request("question.get", { id: single.id });
  const record = (listed.payload as { question?: { createdAtMs?: number; expiresAtMs?: number } } | undefined)?.question;
  steps.push({
    step: "question.request: expiresAtMs - createdAtMs equals timeoutMs",
    ttlMs: record?.expiresAtMs !== undefined && record.createdAtMs !== undefined ? record.expiresAtMs - record.createdAtMs : null,
    replyExpiresMatchesRecord: createdPayload?.expiresAtMs === record?.expiresAtMs,
  });
  await call("question.request: reused id", "question.request", single);
  const invalid: Array<[string, unknown]> = [
    ["unknown top-level field", { questions: single.questions, bogus: true }],
    ["unknown question field", { questions: [{ ...question("color", "Color", ["Red", "Blue"]), bogus: true }] }],
    ["no questions", { questions: [] }],
    ["four questions", { questions: ["a", "b", "c", "d"].map((key) => question(`q_${key}`, "Pick", ["Yes", "No"])) }],
    ["one option", { questions: [question("color", "Color", ["Red"])] }],
    ["five options", { questions: [question("color", "Color", ["A", "B", "C", "D", "E"])] }],
    ["duplicate option labels", { questions: [question("color", "Color", ["Red", " red "])] }],
    ["duplicate question ids", { questions: [question("color", "Color", ["Red", "Blue"]), question("color", "Shade", ["Dark", "Light"])] }],
    ["bad questionId pattern", { questions: [question("Bad-Id", "Color", ["Red", "Blue"])] }],
    ["header over 12 characters", { questions: [question("color", "Colour of the car", ["Red", "Blue"])] }],
    ["empty question text", { questions: [{ ...question("color", "Color", ["Red", "Blue"]), question: "" }] }],
    ["timeoutMs zero", { questions: single.questions, timeoutMs: 0 }],
  ];
  // Each carries an id so that one the gateway wrongly accepts can be cancelled, not left pending.
  for (const [index, [name, params]] of invalid.entries()) {
    const id = qid(`invalid${index + 1}`);
    const frame = await call(`question.request invalid: ${name}`, "question.request", { id, ...(params as object) });
    if (frame.ok) await ui.request("question.resolve", { id, cancel: true });
  }

  // question.list and question.get
  // The gateway may be shared with a concurrent suite: keep only this probe's records.
  const listStep = async (step: string, params: unknown) => {
    const frame = await ui.request("question.list", params);
    const all = (frame.payload as { questions?: unknown[] } | undefined)?.questions;
    steps.push({
      step,
      method: "question.list",
      params,
      reply: frame.ok ? { ok: true, payloadKeys: Object.keys(frame.payload as object), questions: (all ?? []).filter(ours) } : reply(frame),
    });
  };
  await listStep("question.list: ok (only this probe's records kept)", {});
  await listStep("question.list with a param", { sessionKey: session });
  await listStep("question.list without params", undefined);
  await call("question.get: ok", "question.get", { id: single.id });
  await call("question.get: unknown id", "question.get", { id: qid("unknown") });
  await call("question.get: missing id", "question.get", {});

  // question.resolve
  const multi = {
    id: qid("multi"),
    questions: [question("color", "Color", ["Red", "Blue"]), question("toppings", "Toppings", ["Cheese", "Olives", "Ham"], { multiSelect: true })],
    timeoutMs: 120_000,
  };
  await call("question.request: ok (two questions, one multiSelect)", "question.request", multi);
  steps.push({ step: "question.requested event (two questions)", event: (await requested(multi.id)).payload });
  const badAnswers: Array<[string, unknown]> = [
    ["a question left out", { color: ["Red"] }],
    ["an empty array", { color: [], toppings: ["Cheese"] }],
    ["a blank value", { color: ["   "], toppings: ["Cheese"] }],
    ["two values on a single-select question", { color: ["Red", "Blue"], toppings: ["Cheese"] }],
    ["an unknown question key", { color: ["Red"], toppings: ["Cheese"], extra: ["x"] }],
  ];
  for (const [name, answers] of badAnswers)
    await call(`question.resolve invalid answer: ${name}`, "question.resolve", { id: multi.id, answers: { answers } });
  await call("question.resolve: answers not wrapped in the envelope", "question.resolve", {
    id: multi.id,
    answers: { color: ["Red"], toppings: ["Cheese"] },
  });
  await call("question.resolve: neither answers nor cancel", "question.resolve", { id: multi.id });
  await call("question.get: still pending after invalid answers", "question.get", { id: multi.id });
  await call("question.resolve: ok (spaces trimmed, labels canonical, case kept as free text)", "question.resolve", {
    id: multi.id,
    answers: { answers: { toppings: [" Olives ", "cheese", "  extra basil  "], color: ["  Red "] } },
  });
  steps.push({ step: "question.resolved event (answered)", event: (await resolved(multi.id)).payload });
  await call("question.resolve: second answer", "question.resolve", {
    id: multi.id,
    answers: { answers: { color: ["Blue"], toppings: ["Ham"] } },
  });
  await call("question.resolve: cancel after answered", "question.resolve", { id: multi.id, cancel: true });
  await call("question.get: answered record", "question.get", { id: multi.id });
  await call("question.resolve: cancel (Skip)", "question.resolve", { id: single.id, cancel: true });
  steps.push({ step: "question.resolved event (cancelled)", event: (await resolved(single.id)).payload });
  await call("question.get: cancelled record", "question.get", { id: single.id });
  await call("question.resolve: unknown id", "question.resolve", { id: qid("unknown"), answers: { answers: { color: ["Red"] } } });
  await call("question.request: ok (for resolvedBy)", "question.request", {
    id: qid("by"),
    questions: [question("color", "Color", ["Red", "Blue"])],
    timeoutMs: 120_000,
  });
  await call("question.resolve: answered with resolvedBy", "question.resolve", {
    id: qid("by"),
    answers: { answers: { color: ["Blue"] } },
    resolvedBy: "ask-user-kit-probe",
  });
  await call("question.get: record answered with resolvedBy", "question.get", { id: qid("by") });

  // question.waitAnswer
  const waited = { id: qid("wait"), questions: [question("color", "Color", ["Red", "Blue"])], timeoutMs: 120_000 };
  await call("question.request: ok (for waitAnswer)", "question.request", waited);
  await call("question.waitAnswer: still pending after its short timeoutMs", "question.waitAnswer", { id: waited.id, timeoutMs: 300 });
  const longWait = ui.request("question.waitAnswer", { id: waited.id, timeoutMs: 20_000 });
  await sleep(200);
  await call("question.resolve: answer while a waitAnswer is open", "question.resolve", {
    id: waited.id,
    answers: { answers: { color: ["Blue"] } },
  });
  steps.push({ step: "question.waitAnswer: the open wait returns the answer", reply: reply(await longWait) });
  await call("question.waitAnswer: after answered", "question.waitAnswer", { id: waited.id, timeoutMs: 300 });
  await call("question.waitAnswer: unknown id", "question.waitAnswer", { id: qid("unknown"), timeoutMs: 300 });

  const expiring = { id: qid("expire"), questions: [question("color", "Color", ["Red", "Blue"])], timeoutMs: 1_000 };
  await call("question.request: ok (expires in 1 s)", "question.request", expiring);
  steps.push({ step: "question.resolved event (expired)", event: (await resolved(expiring.id, EXPIRY_EVENT_CAP_MS)).payload });
  await call("question.waitAnswer: expired", "question.waitAnswer", { id: expiring.id, timeoutMs: 300 });
  await call("question.get: expired record", "question.get", { id: expiring.id });
  await call("question.resolve: answer after expiry", "question.resolve", { id: expiring.id, answers: { answers: { color: ["Red"] } } });

  // Path 3: an agent turn (chat.send) whose model calls ask_user.
  const { client: agent } = await connectRawGatewayClient(url, { token, scopes: ["operator.questions", "operator.write"] });
  const askInput = {
    questions: [
      {
        id: "deploy_target",
        header: "  Deployment target  ",
        question: "Where should this build go?",
        options: [
          { label: "Staging (Recommended)", description: "safe" },
          { label: "Production", description: "  " },
        ],
      },
    ],
    timeoutSeconds: 120,
  };
  const answerRun = `probe-chat-answer${tag}`;
  const sent = await agent.request("chat.send", { sessionKey: session, message: JSON.stringify(askInput), idempotencyKey: answerRun });
  steps.push({
    step: "chat.send: ask_user input as the message",
    params: { sessionKey: session, message: "<ask_user input JSON>", idempotencyKey: answerRun },
    reply: reply(sent),
  });
  const chatAsked = await ui.waitForEvent("question.requested", (payload) => runIdOf(payload) === answerRun, AGENT_TURN_CAP_MS);
  const chatQuestionId = idOf(chatAsked.payload) ?? "";
  steps.push({
    step: "question.requested event from ask_user (header trimmed and cut to 12, blank description dropped)",
    event: chatAsked.payload,
  });
  const chatAnswer = await ui.request("question.resolve", { id: chatQuestionId, answers: { answers: { deploy_target: ["Production"] } } });
  steps.push({ step: "question.resolve: answer the ask_user question", reply: reply(chatAnswer) });
  steps.push({ step: "question.resolved event (ask_user answered)", event: (await resolved(chatQuestionId)).payload });
  const finalChat = await agent.waitForEvent(
    "chat",
    (payload) => runIdOf(payload) === answerRun && (payload as { state?: unknown }).state === "final",
    AGENT_TURN_CAP_MS,
  );
  steps.push({ step: "chat final event after the answer", event: finalChat.payload });
  await call("question.get: ask_user record after the answer", "question.get", { id: chatQuestionId });
  const again = await agent.request("chat.send", { sessionKey: session, message: JSON.stringify(askInput), idempotencyKey: answerRun });
  steps.push({
    step: "chat.send: the same idempotencyKey again (no new run)",
    params: { sessionKey: session, message: "<ask_user input JSON>", idempotencyKey: answerRun },
    reply: reply(again),
  });

  const abortRun = `probe-chat-abort${tag}`;
  await agent.request("chat.send", { sessionKey: session, message: JSON.stringify(askInput), idempotencyKey: abortRun });
  const abortAsked = await ui.waitForEvent("question.requested", (payload) => runIdOf(payload) === abortRun, AGENT_TURN_CAP_MS);
  const abortQuestionId = idOf(abortAsked.payload) ?? "";
  // OpenClaw lets only the connection (or device) that started a run abort it, or operator.admin.
  const { client: stranger } = await connectRawGatewayClient(url, { token, scopes: ["operator.questions", "operator.write"] });
  const strangerAbort = await stranger.request("chat.abort", { sessionKey: session, runId: abortRun });
  steps.push({
    step: "chat.abort from another connection (not the run's owner)",
    params: { sessionKey: session, runId: abortRun },
    reply: reply(strangerAbort),
  });
  await stranger.close();
  const aborted = await agent.request("chat.abort", { sessionKey: session, runId: abortRun });
  steps.push({ step: "chat.abort while ask_user is pending", params: { sessionKey: session, runId: abortRun }, reply: reply(aborted) });
  steps.push({ step: "question.resolved event (run aborted)", event: (await resolved(abortQuestionId, EXPIRY_EVENT_CAP_MS)).payload });
  // Two cancellers race here: the gateway (requester-inactive) and the aborted tool (run-abort);
  // either may win, so the recording keeps the pair, not the winner.
  const abortedRecord = await ui.request("question.get", { id: abortQuestionId });
  const abortedQuestion = (abortedRecord.payload as { question?: { resolvedBy?: unknown } } | undefined)?.question;
  if (abortedQuestion && (abortedQuestion.resolvedBy === "requester-inactive" || abortedQuestion.resolvedBy === "run-abort")) {
    abortedQuestion.resolvedBy = ABORT_RESOLVED_BY;
  }
  steps.push({
    step: "question.get: ask_user record after chat.abort",
    method: "question.get",
    params: { id: abortQuestionId },
    reply: reply(abortedRecord),
  });

  const adminRun = `probe-chat-admin-abort${tag}`;
  await agent.request("chat.send", { sessionKey: session, message: JSON.stringify(askInput), idempotencyKey: adminRun });
  const adminAsked = await ui.waitForEvent("question.requested", (payload) => runIdOf(payload) === adminRun, AGENT_TURN_CAP_MS);
  const { client: admin, hello: adminHello } = await connectRawGatewayClient(url, { token, scopes: ["operator.admin"] });
  steps.push({
    step: "connect with operator.admin (token, no device identity)",
    ok: adminHello.ok,
    grantedScopes: (adminHello.payload as { auth?: { scopes?: unknown } } | undefined)?.auth?.scopes,
  });
  const adminAbort = await admin.request("chat.abort", { sessionKey: session, runId: adminRun });
  steps.push({
    step: "chat.abort by an operator.admin connection",
    params: { sessionKey: session, runId: adminRun },
    reply: reply(adminAbort),
  });
  steps.push({
    step: "question.resolved event (run aborted by admin)",
    event: (await resolved(idOf(adminAsked.payload) ?? "", EXPIRY_EVENT_CAP_MS)).payload,
  });
  await admin.close();

  await agent.close();
  await ui.close();
  return steps;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ASK_ID = /ask_[0-9a-f]{32}/g;
const TIME_KEYS = new Set(["ts", "createdAtMs", "expiresAtMs", "timestamp", "startedAt", "endedAt", "uptimeMs"]);
// controlUiBuildSource: which Control UI files the gateway serves ("configured" under test:openclaw, which serves the copy with the kit).
const OPAQUE_KEYS = new Set([
  "nonce",
  "connId",
  "bootId",
  "buildId",
  "controlUiBuildSource",
  "version",
  "recoveryScope",
  "sessionId",
  "seq",
  "stateVersion",
  "appliedConfigHash",
]);

/**
 * Replaces everything that changes between runs (generated ids, nonces, times, versions) with
 * stable placeholders; codes, reasons, messages and shapes stay. Ids are numbered by first
 * appearance, so "the same id twice" stays visible. Pure: same input, same output.
 */
export function normalize<T>(value: T, tag = ""): T {
  const seen = new Map<string, string>();
  const placeholder = (kind: string, raw: string) => {
    const key = `${kind}:${raw}`;
    let name = seen.get(key);
    if (!name) {
      name = `<${kind}-${[...seen.keys()].filter((k) => k.startsWith(`${kind}:`)).length + 1}>`;
      seen.set(key, name);
    }
    return name;
  };
  const text = (raw: string) => {
    let out = raw.replace(ASK_ID, (id) => placeholder("ask-id", id)).replace(UUID, (id) => placeholder("uuid", id));
    if (tag) out = out.split(tag).join("");
    return out;
  };
  const walk = (node: unknown, key?: string): unknown => {
    if (key !== undefined && TIME_KEYS.has(key) && typeof node === "number") return `<${key}>`;
    if (key !== undefined && OPAQUE_KEYS.has(key) && (typeof node === "string" || typeof node === "number")) return `<${key}>`;
    if (typeof node === "string") return text(node);
    if (Array.isArray(node)) return node.map((item) => walk(item));
    if (node && typeof node === "object") {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
    }
    return node;
  };
  return walk(value) as T;
}
