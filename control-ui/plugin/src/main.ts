/**
 * The browser entry of the ask-user-kit feature plugin: what the Control UI imports after the page
 * has connected, and activates with its host. It starts the kit on the host's connection, replaces
 * the `tool-result` surface (the kit's chip for `ask_user`, the Control UI's card for every other
 * tool), and adds the Questions page and its navigation entry.
 */
import "ask-user-kit/styles.css";
import "../../openclaw-tokens.css";
import "./theme.css";
import type { PluginDefinition } from "./host.js";
import { assertHostFits } from "./host-check.js";
import { startKit } from "./kit.js";
import { QUESTIONS_PAGE, questionsPage } from "./questions-page.js";
import { toolResultView } from "./tool-result-view.js";

export const PLUGIN_ID = "ask-user-kit";
export const CHIPS_REPLACEMENT = "ask-user-chips";

const plugin: PluginDefinition = {
  id: PLUGIN_ID,
  activate(host) {
    assertHostFits(host);
    const kit = startKit(host);
    const disposers = [
      host.ui.registerReplacement({ id: CHIPS_REPLACEMENT, label: "ask_user summary chips", surface: "tool-result", mount: toolResultView(kit) }),
      host.ui.registerPage({ ...QUESTIONS_PAGE, mount: questionsPage(kit) }),
      host.ui.registerNavigation({ id: QUESTIONS_PAGE.id, label: QUESTIONS_PAGE.label, page: { id: QUESTIONS_PAGE.id }, icon: "circleQuestionMark" }),
    ];
    // Published with the activation; Plugins → Customize UI can switch back to Built-in.
    host.ui.selectReplacement("tool-result", CHIPS_REPLACEMENT);
    return () => {
      for (const dispose of disposers.reverse()) dispose();
      kit.dispose();
    };
  },
};

export default plugin;
