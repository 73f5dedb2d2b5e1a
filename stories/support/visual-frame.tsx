import type { ReactNode } from "react";
import { AskUserDock } from "../../src/index.js";
import { MockComposer } from "./mock-composer.js";
import styles from "./visual-frame.module.css";

export interface VisualChatProps {
  /** What the agent's last turn shows under its message (summary chips, say). */
  turn?: ReactNode;
}

/** A full-height chat: a short conversation, the agent's turn, and the dock around the composer. */
export function VisualChat({ turn }: VisualChatProps) {
  return (
    <div className={styles.app}>
      <ul className={`story-transcript ${styles.conversation}`} aria-label="Conversation">
        <li data-from="user" dir="auto">
          The release branch is green. Can you ship it today?
        </li>
        <li data-from="agent" dir="auto">
          Yes. The build passed, the changelog is drafted and the migration is already applied on staging.
        </li>
        <li data-from="user" dir="auto">
          Ship the release when it is ready.
        </li>
        <li data-from="agent" dir="auto">
          Before I deploy I need a few decisions from you.
        </li>
        {turn ? <li className={styles.turn}>{turn}</li> : null}
      </ul>
      <AskUserDock>
        <MockComposer />
      </AskUserDock>
    </div>
  );
}

/** Chips stacked as a transcript stacks them, for chips rendered one by one. */
export function ChipStack({ children }: { children: ReactNode }) {
  return <div className={styles.chips}>{children}</div>;
}
