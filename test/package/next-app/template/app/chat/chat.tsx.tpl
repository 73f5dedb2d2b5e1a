"use client";
// Provider + Dock + Transcript as a chat page uses them. No gateway: a pending record is put into
// the store after mount, and a tiny in-page port accepts the answer, as a host with its own
// transport would.
import { useEffect, useState } from "react";
import { AskUserDock, AskUserProvider, AskUserTranscript } from "ask-user-kit";
import { type AskUserGatewayPort, createAskUserStore } from "ask-user-kit/store";
import "ask-user-kit/styles.css";

const port: AskUserGatewayPort = {
  resolve: async (_promptId, answers) => ({ status: "answered", answers }),
  cancel: async () => ({ status: "cancelled" }),
  get: async (promptId) => {
    throw new Error(`no record ${promptId}`);
  },
};

export function Chat() {
  const [store] = useState(() => createAskUserStore({ storage: null, gateway: port, viewSessionKey: "main" }));
  useEffect(() => {
    const state = store.getState();
    state.setConnection("connected");
    state.upsertRecord({
      id: "ask_00000000000000c1",
      sessionKey: "main",
      runId: "run_chat",
      createdAtMs: Date.now(),
      expiresAtMs: Date.now() + 10 * 60_000,
      status: "pending",
      questions: [
        {
          questionId: "target",
          header: "Target",
          question: "Where should this deploy?",
          options: [{ label: "Staging", description: "No customers" }, { label: "Production" }],
          isOther: true,
        },
      ],
    });
  }, [store]);
  return (
    <AskUserProvider store={store} viewSessionKey="main" locale="en">
      <main>
        <h1>Chat</h1>
        <ol aria-label="Transcript">
          <li>
            <p>Agent: where should this deploy?</p>
            <AskUserTranscript runId="run_chat" />
          </li>
        </ol>
        <AskUserDock>
          <form aria-label="Composer" onSubmit={(event) => event.preventDefault()}>
            <textarea aria-label="Message" rows={2} />
            <button type="submit">Send</button>
          </form>
        </AskUserDock>
      </main>
    </AskUserProvider>
  );
}
