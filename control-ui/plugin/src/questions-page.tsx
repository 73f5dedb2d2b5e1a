/**
 * The "Questions" page: the kit's inbox of every question waiting across sessions and agents,
 * answered in place. Session names come from the Control UI's own rows (re-read when the host's
 * snapshot changes); a question's link opens its session with the host's own navigation.
 */
import { createRoot } from "react-dom/client";
import { AskUserInbox, AskUserProvider } from "ask-user-kit";
import type { View } from "./host.js";
import type { PluginKit } from "./kit.js";
import { openSession, sessionHref, sessionLabel } from "./sessions.js";

export const QUESTIONS_PAGE = { id: "questions", label: "Questions" } as const;
const PAGE_CLASS = "ask-user-kit-plugin-page";

export function questionsPage(kit: PluginKit): View<Readonly<Record<string, string>>> {
  return (container, context) => {
    const { host } = context;
    const element = document.createElement("div");
    element.className = PAGE_CLASS;
    container.append(element);
    const root = createRoot(element);
    const render = () =>
      root.render(
        <AskUserProvider store={kit.store} locale={kit.messages}>
          <AskUserInbox
            headingLevel={1}
            sessionLabel={(key) => sessionLabel(host, key)}
            sessionHref={(key) => sessionHref(host, key)}
            onOpenSession={(key, event) => {
              event.preventDefault();
              openSession(host, key);
            }}
          />
        </AskUserProvider>,
      );
    render();
    const unsubscribe = host.subscribe(render);
    return {
      dispose() {
        unsubscribe();
        root.unmount();
        element.remove();
      },
    };
  };
}
