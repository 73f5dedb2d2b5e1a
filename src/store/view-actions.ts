import type { ActionContext } from "./action-context.js";
import { collapseTo, dockCollapse, dockedEntries, isDocked, pickActive } from "./docking.js";
import type { AskUserActions, AskUserRuntimeInputs } from "./types.js";

type ViewActions = Pick<
  AskUserActions,
  "setActive" | "cycleActive" | "setCollapsed" | "pinCollapsed" | "setCollapseDefault" | "attachComposer" | "setViewSessionKey" | "dismissProblem"
> &
  Pick<AskUserRuntimeInputs, "setConnection" | "reportProblem">;

/** What the dock shows (active prompt, collapsed, session on screen), the connection, and problems. */
export function createViewActions(context: ActionContext): ViewActions {
  const { get, set } = context;
  return {
    setActive(promptId) {
      const state = get();
      const entry = context.openEntry(promptId);
      if (entry && isDocked(entry, state.viewSessionKey) && state.activeId !== promptId)
        set({ activeId: promptId, ...dockCollapse(state, promptId, false, context.composer) });
    },

    cycleActive(delta) {
      const state = get();
      const docked = dockedEntries(state.prompts, state.viewSessionKey);
      if (docked.length === 0) return;
      const step = delta < 0 ? -1 : 1;
      const index = docked.findIndex((entry) => entry.id === state.activeId);
      const nextIndex = index < 0 ? (step > 0 ? 0 : docked.length - 1) : (index + step + docked.length) % docked.length;
      const nextId = docked[nextIndex]!.id;
      if (nextId !== state.activeId) set({ activeId: nextId, ...dockCollapse(state, nextId, false, context.composer) });
    },

    setCollapsed(collapsed) {
      if (typeof collapsed !== "boolean") return;
      const state = get();
      const patch = collapseTo(state, collapsed, state.activeId);
      if (Object.keys(patch).length > 0) set(patch);
    },

    pinCollapsed(value) {
      const state = get();
      if (value === null) {
        if (state.collapsePinned) set({ collapsePinned: false, collapseRequest: null });
      } else if (typeof value === "boolean" && (!state.collapsePinned || value !== state.collapsed)) {
        set({ collapsePinned: true, collapsed: value });
      }
    },

    setCollapseDefault(collapsed) {
      if (typeof collapsed === "boolean" && collapsed !== get().collapseDefault) set({ collapseDefault: collapsed });
    },

    attachComposer(typing) {
      return typeof typing === "function" ? context.composer.attach(typing) : () => {};
    },

    setConnection(connection) {
      if (connection !== "connecting" && connection !== "connected" && connection !== "disconnected") return;
      if (connection === get().connection) return;
      const connectionLost = connection === "connected" ? false : connection === "disconnected" ? true : get().connectionLost;
      set({ connection, connectionLost });
    },

    setViewSessionKey(sessionKey) {
      const state = get();
      const viewSessionKey = typeof sessionKey === "string" ? sessionKey : null;
      if (viewSessionKey === state.viewSessionKey) return;
      const previousActive = state.activeId === null ? undefined : state.prompts[state.activeId];
      const activeId = pickActive(state.prompts, viewSessionKey, state.activeId, previousActive?.seq);
      set({ viewSessionKey, activeId, ...dockCollapse(state, activeId, false, context.composer) });
    },

    reportProblem(problem) {
      const valid = typeof problem === "object" && problem !== null;
      const detail =
        valid && typeof problem.detail === "string"
          ? problem.detail
          : valid && typeof problem.message === "string"
            ? problem.message
            : "A problem was reported without a 'message' string.";
      context.report(
        valid && typeof problem.kind === "string" ? problem.kind : "other",
        detail,
        valid && typeof problem.promptId === "string" ? problem.promptId : undefined,
      );
    },

    dismissProblem(index) {
      const problems = get().problems;
      if (Number.isInteger(index) && index >= 0 && index < problems.length) set({ problems: problems.filter((_, i) => i !== index) });
    },
  };
}
