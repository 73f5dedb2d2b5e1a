export { connectQuestions } from "./connect-questions.js";
export type { ConnectQuestionsOptions } from "./connect-questions.js";
