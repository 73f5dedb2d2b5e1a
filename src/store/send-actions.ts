import { QUESTION_ERROR_REASONS } from "../contract/gateway-text.js";
import { REQUEST_FAILURES } from "../contract/request-failure.js";
import type { AnswerMap } from "../contract/types.js";
import type { ActionContext } from "./action-context.js";
import { isCredentialHeld, otherTexts } from "./credential-scan.js";
import { isOpenStatus } from "./docking.js";
import { draftAnswers } from "./drafts.js";
import { sameAnswers, settle, type TerminalOutcome } from "./outcomes.js";
import { selectPrompt } from "./selectors.js";
import type { AskUserActions, AskUserGatewayPort, AskUserRuntimeInputs, PromptEntry, PromptError, RefusalReason, SendResult } from "./types.js";

type SendActions = Pick<AskUserActions, "submit" | "acceptCredential" | "skip" | "confirmSkip" | "cancelSkip" | "retry" | "dismissError"> &
  Pick<AskUserRuntimeInputs, "resolveSucceeded" | "resolveFailed" | "connectGateway">;

/** The reason a port's rejection carries when the socket, not the gateway, failed. */
const NOT_CONNECTED_REASON = REQUEST_FAILURES.NOT_CONNECTED;
/** Shown when an action needs the gateway; the UI replaces it from its catalogue by `reason`. */
const NOT_CONNECTED: PromptError = { message: "Not connected. Try again after reconnecting.", reason: NOT_CONNECTED_REASON };

/**
 * The outgoing side of the prompt runtime: every send rule lives here, once — answers validated
 * once, the credential hold, Skip's confirmation, Retry's memory — so the panel, the cards, a
 * host's own parts, the custom element and plain host code all get the same behaviour. With a
 * gateway port the store sends and settles from the port's promise; without one it hands off.
 */
export function createSendActions(context: ActionContext, initialPort: AskUserGatewayPort | undefined): SendActions {
  const { get, now } = context;
  let port: AskUserGatewayPort | null = initialPort ?? null;
  /** Prompts whose request went through a port; any other `submitting` prompt was handed off. */
  const inFlight = new Set<string>();

  const refuse = (reason: RefusalReason, message: string): SendResult => ({ ok: false, reason, message });

  /** The pending prompt `promptId`, or why nothing can be sent for it. */
  const pendingOrRefusal = (promptId: string): PromptEntry | SendResult => {
    const entry = context.openEntry(promptId);
    if (!entry) {
      const ended = selectPrompt(get(), promptId);
      return ended
        ? refuse("NOT_PENDING", `Prompt '${promptId}' is already ${ended.status}; it cannot be answered again.`)
        : refuse("UNKNOWN_PROMPT", `No prompt '${promptId}' in this store; check the id.`);
    }
    if (entry.status !== "pending") return refuse("NOT_PENDING", `Prompt '${promptId}' is already being submitted; wait for the gateway's reply.`);
    if (entry.checking)
      return refuse("CHECKING", `Prompt '${promptId}' may have ended on the gateway (a read failed); sending waits until a read answers.`);
    return entry;
  };

  const showError = (promptId: string, error: PromptError) => context.updateOpen(promptId, (entry) => ({ ...entry, error }));

  const notConnected = (promptId: string): SendResult | null => {
    if (get().connection === "connected") return null;
    showError(promptId, NOT_CONNECTED);
    return refuse("NOT_CONNECTED", NOT_CONNECTED.message);
  };

  const validated = (entry: PromptEntry): { ok: true; answers: AnswerMap } | { ok: false; message: string } => {
    const checked = draftAnswers(entry.record.questions, entry.drafts);
    return checked.ok ? { ok: true, answers: checked.value } : { ok: false, message: checked.errors.map((error) => error.message).join("; ") };
  };

  const sendAnswer = (entry: PromptEntry): SendResult => {
    const checked = validated(entry);
    if (!checked.ok) {
      showError(entry.id, { message: checked.message, reason: "INVALID_DRAFT" });
      return refuse("INVALID_DRAFT", checked.message);
    }
    if (isCredentialHeld(entry)) {
      context.updateOpen(entry.id, (current) => ({ ...current, credentialHolds: (current.credentialHolds ?? 0) + 1 }));
      return refuse(
        "CREDENTIAL_HELD",
        `An Other answer of '${entry.id}' looks like a credential; accept it first (acceptCredential) to send it anyway.`,
      );
    }
    const offline = notConnected(entry.id);
    if (offline) return offline;
    const answers = checked.answers;
    context.updateOpen(entry.id, (current) => ({
      ...current,
      status: "submitting",
      intent: "answer",
      lastIntent: "answer",
      submittedAnswers: answers,
      error: undefined,
      confirmingSkip: undefined,
    }));
    if (port) dispatch(entry.id, port, port.resolve(entry.id, answers, { expiresAtMs: entry.record.expiresAtMs }));
    return { ok: true, intent: "answer", answers };
  };

  const sendSkip = (entry: PromptEntry): SendResult => {
    const offline = notConnected(entry.id);
    if (offline) return offline;
    context.updateOpen(entry.id, (current) => ({
      ...current,
      status: "submitting",
      intent: "skip",
      lastIntent: "skip",
      error: undefined,
      confirmingSkip: undefined,
    }));
    if (port) dispatch(entry.id, port, port.cancel(entry.id, { expiresAtMs: entry.record.expiresAtMs }));
    return { ok: true, intent: "skip" };
  };

  const dispatch = (
    promptId: string,
    used: AskUserGatewayPort,
    request: Promise<{ status: "answered"; answers: AnswerMap } | { status: "cancelled" }>,
  ) => {
    inFlight.add(promptId);
    Promise.resolve(request).then(
      (result) => {
        inFlight.delete(promptId);
        get().resolveSucceeded(promptId, result);
      },
      (error: unknown) => {
        inFlight.delete(promptId);
        void settleFailure(promptId, used, normalizeError(error));
      },
    );
  };

  /** A port attached after a hand-off takes the handed-off sends over, so none waits forever. */
  const takeOverHandOffs = (next: AskUserGatewayPort) => {
    const prompts = get().prompts;
    for (const id in prompts) {
      const entry = prompts[id]!;
      if (entry.status !== "submitting" || inFlight.has(id)) continue;
      const expiresAtMs = entry.record.expiresAtMs;
      if (entry.intent === "skip") dispatch(id, next, next.cancel(id, { expiresAtMs }));
      else if (entry.submittedAnswers) dispatch(id, next, next.resolve(id, entry.submittedAnswers, { expiresAtMs }));
    }
  };

  /**
   * Not found: gone. Not connected: back to pending (the reconnect's hydration re-reads it). Any
   * other failure — someone else won, a timeout, a gateway error — leaves the gateway's state
   * unknown to us (a timed-out resolve may have landed, and the broadcast may be lost), so the
   * record is read before the prompt is offered again.
   */
  const settleFailure = async (promptId: string, used: AskUserGatewayPort, error: PromptError): Promise<void> => {
    if (error.reason === QUESTION_ERROR_REASONS.notFound) return get().markUnavailable(promptId);
    if (error.reason === NOT_CONNECTED_REASON) return get().resolveFailed(promptId, error);
    try {
      get().upsertRecord(await used.get(promptId));
      // Still pending on the gateway: this send did not land (or another is mid-commit); offer Retry.
      if (context.openEntry(promptId)?.status === "submitting") get().resolveFailed(promptId, error);
    } catch (raw) {
      const failure = normalizeError(raw);
      if (failure.reason === QUESTION_ERROR_REASONS.notFound) get().markUnavailable(promptId);
      else get().resolveFailed(promptId, failure.reason === NOT_CONNECTED_REASON ? failure : error);
    }
  };

  return {
    submit(promptId) {
      const entry = pendingOrRefusal(promptId);
      return "record" in entry ? sendAnswer(entry) : entry;
    },

    acceptCredential(promptId) {
      const entry = pendingOrRefusal(promptId);
      if (!("record" in entry)) return entry;
      if (!entry.credentialWarning) return sendAnswer(entry);
      context.updateOpen(promptId, (current) => ({ ...current, credentialAcceptedTexts: otherTexts(current) }));
      const accepted = context.openEntry(promptId)!;
      // Accepted on an early step: the answer goes out with Submit, not before every question has one.
      const checked = validated(accepted);
      return checked.ok ? sendAnswer(accepted) : refuse("INVALID_DRAFT", checked.message);
    },

    skip(promptId) {
      const entry = pendingOrRefusal(promptId);
      if (!("record" in entry)) return entry;
      const typed = entry.record.questions.some((question) => (entry.drafts[question.questionId]?.otherText.trim() ?? "") !== "");
      if (typed && !entry.confirmingSkip) {
        context.updateOpen(promptId, (current) => ({ ...current, confirmingSkip: true }));
        return refuse("CONFIRM_SKIP", `Prompt '${promptId}' has a typed answer; confirmSkip discards it and skips, cancelSkip keeps it.`);
      }
      return sendSkip(entry);
    },

    confirmSkip(promptId) {
      const entry = pendingOrRefusal(promptId);
      return "record" in entry ? sendSkip(entry) : entry;
    },

    cancelSkip(promptId) {
      context.updateOpen(promptId, (entry) => (entry.confirmingSkip ? { ...entry, confirmingSkip: undefined } : entry));
    },

    retry(promptId) {
      const entry = pendingOrRefusal(promptId);
      if (!("record" in entry)) return entry;
      // A Skip was confirmed before it failed; asking again would be noise.
      return entry.lastIntent === "skip" ? sendSkip(entry) : sendAnswer(entry);
    },

    resolveSucceeded(promptId, result) {
      if (!isObject(result) || (result.status !== "answered" && result.status !== "cancelled")) return;
      const outcome: TerminalOutcome = result.status === "answered" ? { status: "answered", answers: result.answers } : { status: "cancelled" };
      const entry = selectPrompt(get(), promptId);
      if (!entry) return;
      const isGuess = isOpenStatus(entry.status) || entry.locallyExpired === true || entry.status === "unavailable";
      if (!isGuess && entry.status !== outcome.status) return;
      // The broadcast of our own resolve often settles the prompt before the reply comes; when it
      // already says all this reply would, nothing changes, and the summary is not saved twice.
      if (!isGuess && isConfirmedLocally(entry, outcome)) return;
      context.commit((writer) => {
        // The gateway accepted our resolve, so this client ended it, whatever was heard before.
        writer.put(settle(entry, outcome, now(), undefined, true));
        return undefined;
      });
    },

    resolveFailed(promptId, error) {
      context.updateOpen(
        promptId,
        (entry) => (entry.status === "submitting" ? { ...entry, status: "pending", intent: undefined, error: normalizeError(error) } : entry),
        { submitting: true },
      );
    },

    dismissError(promptId) {
      const entry = context.openEntry(promptId);
      if (!entry || entry.error === undefined) return;
      context.set({ prompts: { ...get().prompts, [promptId]: { ...entry, error: undefined } } });
    },

    connectGateway(next) {
      if (!isObject(next) || typeof next.resolve !== "function" || typeof next.cancel !== "function" || typeof next.get !== "function") {
        context.report("other", "connectGateway needs a port with resolve, cancel and get functions; the value was ignored.");
        return () => {};
      }
      port = next;
      takeOverHandOffs(next);
      return () => {
        if (port === next) port = null;
      };
    },
  };
}

/** `entry` ended here already with exactly `outcome`: same status, our answers, nothing unsent. */
function isConfirmedLocally(entry: PromptEntry, outcome: TerminalOutcome): boolean {
  if (entry.outcomeSource !== "local") return false;
  if (outcome.status !== "answered") return true;
  return entry.unsent === undefined && entry.answers !== undefined && isObject(outcome.answers) && sameAnswers(entry.answers, outcome.answers);
}

function normalizeError(error: unknown): PromptError {
  if (!isObject(error) || typeof error.message !== "string") return { message: "The gateway did not accept the answer." };
  return {
    message: error.message,
    ...(typeof error.reason === "string" ? { reason: error.reason } : {}),
    ...(typeof error.code === "string" ? { code: error.code } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
