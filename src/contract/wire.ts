/**
 * The gateway wire vocabulary, spelled once: the client and the embedded gateway both use these,
 * so a rename on one side cannot silently stop matching the other.
 */

/** The gateway connection as every layer sees it. */
export type ConnectionStatus = "connecting" | "connected" | "disconnected";

/** The protocol version the kit speaks and the embedded gateway serves (OpenClaw 2026.x). */
export const PROTOCOL_VERSION = 4;

/** The role of every client the kit makes: an operator, never a node. */
export const OPERATOR_ROLE = "operator";

/** Operator scopes the kit asks for or the embedded gateway checks. */
export const OPERATOR_SCOPES = {
  /** Satisfies every scope. */
  admin: "operator.admin",
  read: "operator.read",
  write: "operator.write",
  /** Needed for `question.*` calls and to receive question events at all. */
  questions: "operator.questions",
} as const;

export const GATEWAY_EVENTS = {
  /** Sent before `connect`, without `seq`: the nonce a device identity signs. */
  challenge: "connect.challenge",
  tick: "tick",
  questionRequested: "question.requested",
  questionResolved: "question.resolved",
  chat: "chat",
} as const;

export const GATEWAY_METHODS = {
  connect: "connect",
  questionList: "question.list",
  questionGet: "question.get",
  questionResolve: "question.resolve",
  questionRequest: "question.request",
  questionWaitAnswer: "question.waitAnswer",
  chatSend: "chat.send",
  chatAbort: "chat.abort",
} as const;
