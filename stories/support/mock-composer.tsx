import { type FormEvent, type KeyboardEvent, useState } from "react";
import styles from "./mock-composer.module.css";

export interface MockComposerProps {
  /** Called with each message sent (Enter or the Send button). */
  onSend?: (text: string) => void;
}

/**
 * A stand-in for a chat host's composer: a labelled text area and a Send button. Enter sends
 * (Shift+Enter adds a line, and nothing is sent mid-IME-composition), as chat composers do.
 */
export function MockComposer({ onSend }: MockComposerProps) {
  const [text, setText] = useState("");
  const [sent, setSent] = useState<string[]>([]);
  const send = () => {
    const message = text.trim();
    if (message === "") return;
    setSent((previous) => [...previous, message]);
    setText("");
    onSend?.(message);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };
  return (
    <form className={styles.composer} onSubmit={onSubmit} aria-label="Chat composer">
      {sent.length > 0 ? (
        <ul className={styles.sent} aria-label="Sent messages">
          {sent.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      ) : null}
      <div className={styles.row}>
        <textarea
          className={styles.field}
          aria-label="Message"
          placeholder="Message the agent…"
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button className={styles.send} type="submit">
          Send
        </button>
      </div>
    </form>
  );
}
