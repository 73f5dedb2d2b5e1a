/**
 * Docks the kit's panel in the Control UI's composer shell, directly above the text area, and
 * gives the Lit app's composer the kit's dock rules (what `AskUserDock` does for a React host):
 *   - open, the panel takes the composer's place: the shell gets `data-ask-user-dock="open"` and
 *     theme.css hides the text area (still mounted, so its draft and IME state survive);
 *   - a question that arrives while the person is typing in the composer docks collapsed;
 *   - collapsing, or the prompt ending while focus was in the panel, puts focus in the composer.
 * The app re-renders and replaces the shell (switching views, sessions); a MutationObserver and
 * each route change put the same container back, so the panel is never rendered twice.
 */
import type { AskUserStoreApi } from "ask-user-kit/element/standalone";

const SHELL = ".agent-chat__composer-shell";
const SHOWN_PANE = ".chat-pane-cache__pane--visible";
const INPUT = ".agent-chat__input";
const FIELD = "textarea";

export interface ComposerDock {
  /** The element the panel template renders into. */
  container: HTMLElement;
  /** Moves the dock to the chat on screen (after a route change). */
  place(): void;
  stop(): void;
}

/**
 * The shell of the chat on screen. The app keeps recent sessions' chats mounted in a pane cache
 * and marks the one shown with a class; without a cache there is one shell.
 */
function currentShell(): HTMLElement | null {
  return document.querySelector<HTMLElement>(`${SHOWN_PANE} ${SHELL}`) ?? document.querySelector<HTMLElement>(SHELL);
}

export function dockInComposer(store: AskUserStoreApi): ComposerDock {
  const container = document.createElement("div");
  container.className = "ask-user-control-ui-dock";
  container.dataset.askUserControlUi = "dock";

  const shell = () => container.parentElement?.closest<HTMLElement>(SHELL) ?? null;
  const composerField = () => shell()?.querySelector<HTMLElement>(`${INPUT} ${FIELD}`) ?? null;
  /** The dock put focus in the composer and the person has not pressed a key or the pointer since. */
  let focusIsOurs = false;
  let focusLastInPanel = false;

  const place = () => {
    const target = currentShell();
    if (!target) return;
    const input = target.querySelector<HTMLElement>(`:scope > ${INPUT}`);
    if (container.parentElement === target && (!input || container.nextElementSibling === input)) return;
    // The chat left behind shows its own composer again.
    const previous = shell();
    if (previous && previous !== target) delete previous.dataset.askUserDock;
    target.insertBefore(container, input);
    paint();
  };

  const open = () => {
    const state = store.getState();
    return state.activeId !== null && !state.collapsed;
  };
  const paint = () => {
    const target = shell();
    if (target) target.dataset.askUserDock = open() ? "open" : store.getState().activeId === null ? "idle" : "collapsed";
  };

  const focusInPanel = () => {
    const active = document.activeElement;
    if (active && container.contains(active)) return true;
    return (active === null || active === document.body) && focusLastInPanel;
  };
  const focusComposer = () => {
    const field = composerField();
    if (!field) return;
    field.focus();
    focusIsOurs = true;
  };

  // Asked inside the update that docks a question, before anything renders it.
  const detachComposer = store.getState().attachComposer(() => {
    const active = document.activeElement;
    const field = composerField();
    if (!field || active !== field || focusIsOurs) return false;
    return (field instanceof HTMLTextAreaElement ? field.value : (field.textContent ?? "")).trim() !== "";
  });

  let wasInPanel = false;
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.activeId !== previous.activeId) wasInPanel = focusInPanel();
    if (state.activeId === previous.activeId && state.collapsed === previous.collapsed) return;
    const folded = state.activeId !== null && state.activeId === previous.activeId && state.collapsed && !previous.collapsed;
    const closed = previous.activeId !== null && state.activeId === null;
    // Before the composer shows again, so the focus move happens on the paint that reveals it.
    queueMicrotask(() => {
      paint();
      if ((folded && focusInPanel()) || (closed && wasInPanel)) focusComposer();
    });
  });

  const personActed = () => {
    focusIsOurs = false;
  };
  const focusMoved = (event: FocusEvent) => {
    focusLastInPanel = event.target instanceof Node && container.contains(event.target);
  };
  document.addEventListener("keydown", personActed, true);
  document.addEventListener("pointerdown", personActed, true);
  document.addEventListener("focusin", focusMoved, true);

  const observer = new MutationObserver(place);
  // Class changes too: switching to a cached session only moves the pane cache's "visible" class.
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  place();

  return {
    container,
    place,
    stop() {
      observer.disconnect();
      unsubscribe();
      detachComposer();
      document.removeEventListener("keydown", personActed, true);
      document.removeEventListener("pointerdown", personActed, true);
      document.removeEventListener("focusin", focusMoved, true);
      const target = shell();
      if (target) delete target.dataset.askUserDock;
      container.remove();
    },
  };
}
