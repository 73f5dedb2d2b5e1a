// A React 18 app's types (@types/react 18): the React entry and the JSX types of the two tags,
// typechecked with skipLibCheck off. React 18 passes custom-element props as strings, so the
// README tells such hosts to use the attributes; the types still accept what React 19 takes.
import { useRef } from "react";
import { AskUserDock, AskUserProvider, AskUserTranscript } from "ask-user-kit";
import type { AskUserPanelElement, AskUserSubmitDetail } from "ask-user-kit/element";
import { createAskUserStore } from "ask-user-kit/store";

const store = createAskUserStore({ storage: null });

export function App() {
  const panelRef = useRef<AskUserPanelElement>(null);
  return (
    <AskUserProvider store={store} viewSessionKey="main" onSubmit={(detail: AskUserSubmitDetail) => console.log(detail.answers)}>
      <AskUserTranscript />
      <AskUserDock />
      <ask-user-panel ref={panelRef} locale="vi" view-session-key="main" className="chat-panel" />
      <ask-user-summary prompt-id="ask_1" locale="en" />
      {/* @ts-expect-error the locale is "en", "vi" or a catalogue */}
      <ask-user-panel locale="fr" />
      {/* @ts-expect-error the summary has no view session */}
      <ask-user-summary viewSessionKey="main" />
    </AskUserProvider>
  );
}
