/**
 * Question clients `createQuestionClient` made: each hands on only what the contract parsed. A
 * module of its own, so the bridge can ask without carrying the question client.
 */
import type { QuestionClient } from "./questions.js";

const parsingClients = new WeakSet<QuestionClient>();

export function markParsing(questions: QuestionClient): void {
  parsingClients.add(questions);
}

/** Whether every record and event `questions` hands on is a contract parse result (it is one of ours, not hand-built). */
export function parsesEveryPayload(questions: QuestionClient): boolean {
  return parsingClients.has(questions);
}
