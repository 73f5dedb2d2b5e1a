import { type FormEvent, type KeyboardEvent, type Ref, useId, useState } from "react";
import { useStrings } from "./use-strings.js";

export interface ComposerProps {
  onSend(text: string): void;
  textareaRef: Ref<HTMLTextAreaElement>;
}

/** The chat composer: a real text area with its own draft. Enter sends, Shift+Enter is a new line. */
export function Composer({ onSend, textareaRef }: ComposerProps) {
  const strings = useStrings();
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
        aria-label={strings.message}
        aria-describedby={hintId}
        rows={2}
        placeholder={strings.composerPlaceholder}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button button-primary composer-send">
        {strings.send}
      </button>
      <p id={hintId} className="composer-hint">
        {strings.composerHint}
      </p>
    </form>
  );
}
