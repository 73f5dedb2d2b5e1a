export { connectQuestions } from "./connect-questions.js";
export type { ConnectQuestionsOptions } from "./connect-questions.js";
export { createQuestionClient } from "./question-client.js";
export type { ListResult, QuestionClient, QuestionClientOptions, QuestionProblem, ResolveOptions } from "./question-client.js";
export type { AskUserTransport } from "../contract/transport.js";
