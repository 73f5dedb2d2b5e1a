/**
 * Type test, checked by `tsc -p tsconfig.json` (never run): `<ask-user-panel>` and
 * `<ask-user-summary>` in JSX with the props ask-user-kit/element types for them, and
 * `document.createElement` typed by tag. Each `@ts-expect-error` fails the check if the wrong
 * prop is ever accepted.
 */
import { useRef } from "react";
import { type AskUserPanelElement, type AskUserSummaryElement, type AskUserSubmitDetail, defineAskUserElements } from "ask-user-kit/element";
import { createAskUserStore } from "ask-user-kit/store";

const store = createAskUserStore({ storage: null });

export function ElementsInJsx() {
  const panelRef = useRef<AskUserPanelElement>(null);
  const summaryRef = useRef<AskUserSummaryElement>(null);
  return (
    <>
      <ask-user-panel
        ref={panelRef}
        store={store}
        locale="vi"
        messages={{ skip: "Not now" }}
        viewSessionKey="agent:main:main"
        view-session-key="main"
        className="chat-panel"
        onask-user-submit={(event) => {
          const detail: AskUserSubmitDetail = event.detail;
          console.log(detail.answers);
        }}
        onask-user-collapse={(event) => console.log(event.detail.collapsed)}
      />
      <ask-user-panel viewSessionKey={null} />
      <ask-user-summary ref={summaryRef} store={store} promptId="ask_1" prompt-id="ask_1" locale="en" />

      {/* @ts-expect-error viewSessionKey is a session key string or null */}
      <ask-user-panel viewSessionKey={42} />
      {/* @ts-expect-error the locale is "en", "vi" or a catalogue */}
      <ask-user-panel locale="fr" />
      {/* @ts-expect-error store is a store from createAskUserStore */}
      <ask-user-summary store="main" />
      {/* @ts-expect-error a resolved event has no answers map on its detail's type */}
      <ask-user-panel onask-user-resolved={(event: CustomEvent<AskUserSubmitDetail>) => event.detail.answers} />
      {/* @ts-expect-error the summary has no view session */}
      <ask-user-summary viewSessionKey="main" />
    </>
  );
}

defineAskUserElements();
const panel: AskUserPanelElement = document.createElement("ask-user-panel");
const summary: AskUserSummaryElement = document.createElement("ask-user-summary");
panel.store = store;
summary.promptId = "ask_1";
