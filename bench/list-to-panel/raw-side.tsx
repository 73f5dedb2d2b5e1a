/**
 * The baseline of the list bench: a bare browser WebSocket that has done the handshake, sends
 * `question.list`, `JSON.parse`s the reply and renders the first pending question with React, a
 * Radix RadioGroup and "1 of N", flushed. No validation, no store: the least a page can do to
 * show the same thing.
 */
import * as RadioGroup from "@radix-ui/react-radio-group";
import type { ReactNode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";

interface RawQuestion {
  header: string;
  question: string;
  options: { label: string }[];
}

interface RawRecord {
  id: string;
  status: string;
  questions: RawQuestion[];
}

function Step({ question, count }: { question: RawQuestion; count: number }): ReactNode {
  return (
    <section data-bench="raw" aria-label="Question">
      <p>1 of {count}</p>
      <p>{question.header}</p>
      <p id="raw-question">{question.question}</p>
      <RadioGroup.Root aria-labelledby="raw-question" orientation="vertical" loop>
        {question.options.map((option) => (
          <RadioGroup.Item key={option.label} value={option.label}>
            <RadioGroup.Indicator>●</RadioGroup.Indicator>
            <span>{option.label}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <textarea aria-label={`Your own answer for ${question.header}`} rows={1} />
      <button type="button">Skip</button>
    </section>
  );
}

export interface RawSide {
  /** Sends `question.list`; the reply is rendered as soon as it arrives. */
  list(): void;
  /** Back to nothing shown (untimed). */
  clear(): void;
  close(): void;
}

/** Opens the socket and does the handshake the gateway asks for; resolves once it is admitted. */
export function openRawSide(url: string, element: HTMLElement): Promise<RawSide> {
  const root = createRoot(element);
  const socket = new WebSocket(url);
  let next = 0;
  const waiting = new Map<string, (payload: unknown) => void>();
  const request = (method: string, params: unknown, onReply: (payload: unknown) => void) => {
    const id = `raw_${(next += 1)}`;
    waiting.set(id, onReply);
    socket.send(JSON.stringify({ type: "req", id, method, params }));
  };
  return new Promise((resolve, reject) => {
    socket.onerror = () => reject(new Error(`raw side: the socket to ${url} failed`));
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data)) as {
        type: string;
        id?: string;
        ok?: boolean;
        event?: string;
        payload?: unknown;
        error?: unknown;
      };
      if (frame.type === "event" && frame.event === "connect.challenge") {
        const client = { id: "gateway-client", version: "0.1.0", platform: "web", mode: "backend" };
        request("connect", { minProtocol: 4, maxProtocol: 4, client, role: "operator", scopes: ["operator.questions"], caps: [] }, () =>
          resolve({
            list: () =>
              request("question.list", {}, (payload) => {
                const records = (payload as { questions: RawRecord[] }).questions;
                const first = records.find((record) => record.status === "pending");
                if (first) flushSync(() => root.render(<Step question={first.questions[0]!} count={records.length} />));
              }),
            clear: () => flushSync(() => root.render(null)),
            close: () => {
              root.unmount();
              socket.close();
            },
          }),
        );
      } else if (frame.type === "res" && frame.id !== undefined) {
        const onReply = waiting.get(frame.id);
        waiting.delete(frame.id);
        if (frame.ok) onReply?.(frame.payload);
        else reject(new Error(`raw side: ${JSON.stringify(frame.error)}`));
      }
    };
  });
}
