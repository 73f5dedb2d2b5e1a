/**
 * A hand-edited chat history, as a person (or a broken export) leaves it: every history reply a
 * browser context receives has the results of the `ask_user` calls `pick` chooses rewritten —
 * their `details` dropped and their text replaced by `text`. Used by the harness's and the plugin's
 * browser suites to prove such a row renders a chip that says the outcome is unknown.
 */
import type { BrowserContext } from "playwright-core";

/** One `ask_user` call in an assistant message: the message's own fields and the call's input. */
export interface AskUserCallRow {
  message: Record<string, unknown>;
  input: unknown;
}

export async function editAskUserResults(context: BrowserContext, pick: (call: AskUserCallRow) => boolean, text: string): Promise<void> {
  await context.routeWebSocket(/./, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (typeof message !== "string" || !message.includes('"toolName":"ask_user"')) return socket.send(message);
      const frame = JSON.parse(message) as { payload?: { messages?: Record<string, unknown>[] } };
      const messages = frame.payload?.messages ?? [];
      // A result is the message that names its call's id.
      const calls = new Set<unknown>();
      for (const entry of messages) {
        if (entry.role !== "assistant" || !Array.isArray(entry.content)) continue;
        for (const part of entry.content as { type?: string; name?: string; id?: string; arguments?: unknown }[]) {
          if (part.type !== "toolCall" || part.name !== "ask_user") continue;
          const input = typeof part.arguments === "string" ? (JSON.parse(part.arguments) as unknown) : part.arguments;
          if (pick({ message: entry, input })) calls.add(part.id);
        }
      }
      for (const entry of messages) {
        if (entry.role !== "toolResult" || !calls.has(entry.toolCallId)) continue;
        delete entry.details;
        entry.content = [{ type: "text", text }];
      }
      socket.send(JSON.stringify(frame));
    });
  });
}
