// Provider + Dock + Transcript as a chat page uses them, with the kit's theme. No gateway: an
// answered record and a pending one are put into the store, and a tiny in-page port accepts the
// answer, as a host with its own transport would.
import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { AskUserDock, AskUserProvider, AskUserTranscript } from "ask-user-kit";
import { type AskUserGatewayPort, createAskUserStore } from "ask-user-kit/store";
import "ask-user-kit/styles.css";
import "./page.css";

const port: AskUserGatewayPort = {
  resolve: async (_promptId, answers) => ({ status: "answered", answers }),
  cancel: async () => ({ status: "cancelled" }),
  get: async (promptId) => {
    throw new Error(`no record ${promptId}`);
  },
};

const target = {
  questionId: "target",
  header: "Target",
  question: "Where should this release go first?",
  options: [
    { label: "Staging (Recommended)", description: "Same data shape as production, no customers" },
    { label: "Production", description: "Customers see it within minutes" },
  ],
  isOther: true,
};

function Chat() {
  const [store] = useState(() => createAskUserStore({ storage: null, gateway: port, viewSessionKey: "main" }));
  useEffect(() => {
    const state = store.getState();
    const now = Date.now();
    state.setConnection("connected");
    state.upsertRecord({
      id: "ask_00000000000000a1",
      sessionKey: "main",
      runId: "run_earlier",
      createdAtMs: now - 60_000,
      expiresAtMs: now + 9 * 60_000,
      status: "answered",
      questions: [target],
      answers: { answers: { target: ["Staging (Recommended)"] } },
    });
    state.upsertRecord({
      id: "ask_00000000000000b2",
      sessionKey: "main",
      runId: "run_now",
      createdAtMs: now,
      expiresAtMs: now + 10 * 60_000,
      status: "pending",
      questions: [target],
    });
  }, [store]);
  return (
    <AskUserProvider store={store} viewSessionKey="main" locale="en">
      <main id="theme-scope">
        <h1>Chat</h1>
        <ol aria-label="Transcript">
          <li>
            <p>Agent: where should the last release go?</p>
            <AskUserTranscript runId="run_earlier" />
          </li>
          <li>
            <p>Agent: and this one?</p>
            <AskUserTranscript runId="run_now" />
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

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Chat />
  </StrictMode>,
);
