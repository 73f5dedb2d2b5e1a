import type { ReactNode } from "react";
import { AskUserDock, type AskUserDockProps } from "../../src/index.js";
import { MockComposer } from "./mock-composer.js";

export interface ChatFrameProps {
  /** Extra transcript content under the two sample messages (a summary chip, say). */
  transcript?: ReactNode;
  onSend?: (text: string) => void;
  /** Props for the dock (a story's args: `countdownThreshold`, `autoFocus`, …). */
  dock?: Omit<AskUserDockProps, "children">;
}

/** A chat column as a host would build it: transcript on top, the dock around the composer below. */
export function ChatFrame({ transcript, onSend, dock }: ChatFrameProps) {
  return (
    <div className="story-chat">
      <ul className="story-transcript" aria-label="Conversation">
        <li data-from="user">Ship the release when it is ready.</li>
        <li data-from="agent">The build is green. Before I deploy I need a decision from you.</li>
        {transcript}
      </ul>
      <AskUserDock {...dock}>
        <MockComposer onSend={onSend} />
      </AskUserDock>
    </div>
  );
}
