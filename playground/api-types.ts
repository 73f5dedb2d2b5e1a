/** What the playground server and its page exchange over `/api/*` (plain JSON). */
import type { AskUserToolResult, Question, QuestionStatus } from "../src/contract/types.js";

export interface PlaygroundConfig {
  gateway: {
    url: string;
    /** Loopback-only page, so handing it the token is no wider than the server itself. */
    token: string | null;
    /** The embedded gateway (it can be restarted from the page); false for a real one. */
    embedded: boolean;
  };
  demos: { name: string; title: string }[];
}

export type RunStatus = "waiting" | "finished" | "failed";

/** One scripted agent turn that called `ask_user`. */
export interface DemoRun {
  runId: string;
  /** The chat session the turn belongs to, canonical (`agent:main:main`); null for a question asked with no session (it docks in every one). */
  sessionKey: string | null;
  /** When the agent called the tool (the server's clock, which an embedded or loopback gateway shares). */
  createdAtMs: number;
  demo: string;
  title: string;
  intro: string;
  /** The `ask_user` input as the model wrote it. */
  input: unknown;
  questionId: string;
  questions: Question[];
  expiresAtMs: number;
  status: RunStatus;
  /** How the question ended (`finished` runs). */
  outcome?: Exclude<QuestionStatus, "pending">;
  /** The tool result's `details`: what the model gets as JSON. */
  toolResult?: AskUserToolResult;
  /** The tool result's text content, as the model reads it. */
  toolResultText?: string;
  /** Why a `failed` run has no tool result. */
  error?: string;
}

/** Why `POST /api/runs` started no run: the `reason` of its error body, next to the `error` text. */
export type StartRefusal = "unknown-demo" | "invalid-input" | "bad-request" | "session-busy" | "gateway-refused";

/** The body of every `/api/*` error response. */
export interface ApiError {
  error: string;
  reason?: StartRefusal;
}
