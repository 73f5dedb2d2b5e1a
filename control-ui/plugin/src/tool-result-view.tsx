/**
 * The `tool-result` replacement: an `ask_user` row of the transcript shows the kit's summary chip,
 * built from that row's own input and result (so a reload or a fresh profile shows the same chip,
 * with no request); every other tool, and an `ask_user` call still waiting for its result, keeps
 * the Control UI's own card (`mountDefault`).
 */
import { createRoot, type Root } from "react-dom/client";
import { AskUserProvider, AskUserToolCallSummary } from "ask-user-kit";
import type { Disposer, ToolResultProps, View, ViewContext } from "./host.js";
import type { PluginKit } from "./kit.js";

const ASK_USER = "ask_user";
const CHIP_CLASS = "ask-user-kit-plugin-chip";

/** The tool's result is in: the surface's output says `completed`. */
function completed(output: unknown): boolean {
  return typeof output === "object" && output !== null && (output as { completed?: unknown }).completed === true;
}

export function toolResultView(kit: PluginKit): View<ToolResultProps> {
  return (container, first) => {
    let defaultView: Disposer | null = null;
    let chip: { element: HTMLElement; root: Root } | null = null;

    const showDefault = (context: ViewContext<ToolResultProps>) => {
      if (chip) {
        chip.root.unmount();
        chip.element.remove();
        chip = null;
      }
      defaultView ??= context.mountDefault(container);
    };

    const showChip = ({ props }: ViewContext<ToolResultProps>) => {
      defaultView?.();
      defaultView = null;
      if (!chip) {
        const element = document.createElement("div");
        element.className = CHIP_CLASS;
        container.append(element);
        chip = { element, root: createRoot(element) };
      }
      chip.root.render(
        <AskUserProvider store={kit.store} locale={kit.messages}>
          <AskUserToolCallSummary toolCallId={props.toolCallId} input={props.input} result={props.output} sessionKey={props.sessionKey} />
        </AskUserProvider>,
      );
    };

    const show = (context: ViewContext<ToolResultProps>) => {
      if (context.props.toolName === ASK_USER && completed(context.props.output)) showChip(context);
      else showDefault(context);
    };

    show(first);
    return {
      update: show,
      dispose() {
        defaultView?.();
        chip?.root.unmount();
        chip?.element.remove();
      },
    };
  };
}
