/** One `ask_user` call of a chat transcript, as its row holds it. Free of React's types, so the standalone elements can name it. */
export interface AskUserToolCall {
  /** The `ask_user` call's id (the transcript row's). */
  toolCallId: string;
  /** The call's input, as the history stores it (`{questions, timeoutSeconds?}`, or its JSON). */
  input: unknown;
  /**
   * Its result as the host has it: the history's tool-result message `{details?, content}`, the
   * Control UI tool-result surface's `{text, details?, isError, completed}`, the text, or the details.
   */
  result: unknown;
  /** The session the call belongs to. */
  sessionKey?: string;
  /** The agent run that made the call, when the host knows it. */
  runId?: string;
}
