"use client";
import type { ComponentPropsWithoutRef } from "react";
import { useSelection } from "../../react/index.js";
import { usePromptScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const CONNECTION_NAME = "AskUser.Connection";

export interface AskUserConnectionProps extends ComponentPropsWithoutRef<"p"> {
  promptId?: string;
}

/**
 * Says the gateway connection was lost while a prompt is on screen (`connectionLost`): the client
 * reconnects by itself and what is typed stays, so the person knows to wait rather than retype.
 * Nothing while connected, and nothing before the first connection.
 */
export const AskUserConnection = /* @__PURE__ */ namedForwardRef<HTMLParagraphElement, AskUserConnectionProps>(
  CONNECTION_NAME,
  function AskUserConnection({ promptId: promptIdProp, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(CONNECTION_NAME, promptIdProp);
    const lost = useSelection(store, (state) => state.connectionLost);
    if (!lost || promptId === null) return null;
    return (
      <p role="status" data-slot="ask-user-connection" {...props} ref={ref}>
        {children ?? messages.connectionLost}
      </p>
    );
  },
);
