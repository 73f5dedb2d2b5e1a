import { type FormEvent, type KeyboardEvent, type Ref, useId, useState } from "react";

export interface ComposerProps {
  onSend(text: string): void;
  textareaRef: Ref<HTMLTextAreaElement>;
}

/** The chat composer: a real text area with its own draft. Enter sends, Shift+Enter is a new line. */
export function Composer({ onSend, textareaRef }: ComposerProps) {
  const [draft, setDraft] = useState("");
  const hintId = useId();

  const send = () => {
    const text = draft.trim();
    if (text === "") return;
    onSend(text);
    setDraft("");
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form className="composer" onSubmit={onSubmit}>
      <textarea
        ref={textareaRef}
        className="composer-input"
        aria-label="Message"
        aria-describedby={hintId}
        rows={2}
        placeholder="Reply to a question, or type /help"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button button-primary composer-send">
        Send
      </button>
      <p id={hintId} className="composer-hint">
        Enter sends · Shift+Enter new line · /help lists the commands
      </p>
    </form>
  );
}
