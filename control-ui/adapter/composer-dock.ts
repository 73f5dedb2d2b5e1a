/**
 * Docks the kit's panel in the Control UI's composer shell, directly above the text area, and
 * gives the Lit app's composer the kit's dock rules (what `AskUserDock` does for a React host):
 *   - open, the panel takes the composer's place: the shell gets `data-ask-user-dock="open"` and
 *     theme.css hides the text area (still mounted, so its draft and IME state survive);
 *   - a question that arrives while the person is typing in the composer docks collapsed;
 *   - collapsing, or the prompt ending while focus was in the panel, puts focus in the composer.
 * The app's own question state stays alive (it drives the sidebar's "Waiting for your answer"
 * marks), and with it the native dock's takeover: a new question expands the hidden native panel,
 * and the app then removes its text area. The kit folds the native panel at once (through the
 * panel's own `onCollapsedChange`), so the app renders its text area again, with its draft.
 * Which shell, and when: a style trigger on "the shown chat's shell without the kit's dock, or
 * without its text area" — switching sessions, a re-rendered shell and a takeover all make it match.
 * The container carries the app's own `data-chat-autotype-exempt`: otherwise the chat page sends
 * every printable key pressed outside a text field to its composer (and stops it there), so the
 * panel's digit keys never reached it.
 */
import type { AskUserStoreApi } from "ask-user-kit/element/standalone";
import type { AppGateway } from "./app-context.js";
import { paneSessionKey } from "./panes.js";
import { onMatch } from "./style-triggers.js";

const SHELL = ".agent-chat__composer-shell";
const SHOWN_SHELL = `.chat-pane-cache__pane--visible ${SHELL}`;
const INPUT = ".agent-chat__input";
/** The app's own selector for its composer's text field. */
const FIELD = ".agent-chat__composer-combobox > textarea";
const CONTEXT = ".chat-footer__context";
const DOCK = "ask-user-control-ui-dock";
const NATIVE_PANEL = "openclaw-chat-question-panel";
const ROOT = '[data-slot="ask-user-root"]';

interface NativePanel extends HTMLElement {
  props?: { model?: { collapsed?: boolean }; onCollapsedChange?: (collapsed: boolean) => void };
}

/**
 * Returns the element the panel template renders into; `onSession` hears the session of the chat
 * the dock sits in, each time it moves (its questions are the ones the panel shows).
 */
export function dockInComposer(store: AskUserStoreApi, gateway: AppGateway, onSession: (sessionKey: string | null) => void): HTMLElement {
  const container = document.createElement("div");
  container.className = DOCK;
  container.dataset.askUserControlUi = "dock";
  container.dataset.chatAutotypeExempt = "";

  const shell = () => container.parentElement?.closest<HTMLElement>(SHELL) ?? null;
  const composerField = () => shell()?.querySelector<HTMLTextAreaElement>(FIELD) ?? null;
  /** The dock put focus in the composer and the person has not pressed a key or the pointer since. */
  let focusIsOurs = false;
  let focusLastInPanel = false;
  /** Whether the person was typing in the composer when the last question arrived. */
  let typingAtArrival = false;

  const open = () => {
    const state = store.getState();
    return state.activeId !== null && !state.collapsed;
  };
  const paint = () => {
    const target = shell();
    if (target) target.dataset.askUserDock = open() ? "open" : store.getState().activeId === null ? "idle" : "collapsed";
  };

  const place = (target: HTMLElement) => {
    if (container.parentElement !== target) {
      // The chat left behind shows its own composer again.
      const previous = shell();
      if (previous) delete previous.dataset.askUserDock;
      // After the shell's first static child, outside the app's rendered parts, so the app's
      // re-renders of the text area never take the dock with them.
      const context = target.querySelector<HTMLElement>(`:scope > ${CONTEXT}`);
      target.insertBefore(container, context ? context.nextSibling : target.firstChild);
      onSession(paneSessionKey(target));
      paint();
      // A move takes the panel out of the document for a moment, and focus in it drops to <body>
      // (the app re-rendered the shell, or its pane came back): an open panel takes it again.
      const active = document.activeElement;
      if (open() && (active === null || active === document.body)) container.querySelector<HTMLElement>(ROOT)?.focus({ preventScroll: true });
    }
    // The app took the composer over for its own (hidden) question panel: fold that panel.
    const native = target.querySelector<NativePanel>(NATIVE_PANEL);
    if (!target.querySelector(`:scope > ${INPUT}`) && native?.props?.model?.collapsed === false) native.props.onCollapsedChange?.(true);
  };
  onMatch(`${SHOWN_SHELL}:not(:has(> .${DOCK})),${SHOWN_SHELL}:not(:has(> ${INPUT}))`, (element) => place(element as HTMLElement));

  const composerInUse = () => {
    const field = composerField();
    return field !== null && document.activeElement === field && !focusIsOurs && field.value.trim() !== "";
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

  // Read as the event arrives: the app's takeover may remove the text area before the kit's
  // store docks the question.
  gateway.subscribeEvents((frame) => {
    if (frame.event === "question.requested") typingAtArrival = composerInUse();
  });
  // Asked inside the update that docks a question, before anything renders it.
  store.getState().attachComposer(() => (composerField() ? composerInUse() : typingAtArrival));

  let wasInPanel = false;
  store.subscribe((state, previous) => {
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

  return container;
}
