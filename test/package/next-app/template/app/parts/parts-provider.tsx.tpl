"use client";
// The parts read the provider's store: this client component owns it, and the Server Component
// page passes the parts in as children.
import { type ReactNode, useState } from "react";
import { AskUserProvider } from "ask-user-kit";
import { createAskUserStore } from "ask-user-kit/store";

/** Fixed times, so the server and the browser build the same store (nothing here ticks). */
const RECORD = {
  id: "ask_00000000000000a1",
  sessionKey: "main",
  runId: "run_parts",
  createdAtMs: Date.UTC(2026, 0, 1),
  expiresAtMs: Date.UTC(2099, 0, 1),
  status: "pending" as const,
  questions: [
    {
      questionId: "target",
      header: "Target",
      question: "Where should this deploy?",
      options: [{ label: "Staging", description: "No customers" }, { label: "Production" }],
    },
  ],
};

export function PartsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => {
    const made = createAskUserStore({ storage: null, autoExpire: false });
    made.getState().upsertRecord(RECORD);
    return made;
  });
  return (
    <AskUserProvider store={store} locale="en">
      {children}
    </AskUserProvider>
  );
}
