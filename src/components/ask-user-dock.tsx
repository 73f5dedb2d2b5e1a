"use client";
import { type ComponentPropsWithoutRef, type ReactNode, type RefObject, useEffect, useMemo, useRef } from "react";
import { type AskUserStoreApi, useAskUserContext, useIsomorphicLayoutEffect, useSelection } from "../react/index.js";
import { dockCollapseChange, type OtherSessionPending } from "../store/index.js";
import { PanelView } from "./ask-user-panel.js";
import { DockNotices } from "./panel-gates.js";
import { AskUserLiveRegion } from "./parts/live-region.js";
import { namedForwardRef } from "./parts/named.js";

const DOCK_NAME = "AskUserDock";

export interface AskUserDockProps extends ComponentPropsWithoutRef<"div"> {
  /** The host's composer. It stays mounted; the open panel only hides it. */
  children?: ReactNode;
  /** What to focus when the panel collapses or closes. Default: the composer's first text field. */
  composerRef?: RefObject<HTMLElement | null>;
  /** Show the countdown only in the last this-many seconds. Default 60. */
  countdownThreshold?: number;
  /** Clock for the countdown; default `Date.now`. */
  now?: () => number;
  /** Focus the panel when it opens, on each step and on re-expand. Default true. */
  autoFocus?: boolean;
  /** Take the person to prompts of other sessions; see `AskUser.OtherSessions`. */
  onShowOtherSessions?: (pending: OtherSessionPending) => void;
  /**
   * Controlled collapse: the panel is folded to its bar exactly when this is true. The store's
   * dock rules and the person's Collapse and bar presses then only ask, through
   * `onCollapsedChange`; pass the new value back to accept it.
   */
  collapsed?: boolean;
  /**
   * Uncontrolled: how each question docks (the one on screen when the dock mounts, every one that
   * arrives or comes next). Default false: questions open, folded only while the composer is typed in.
   */
  defaultCollapsed?: boolean;
  /** Controlled: the change the dock asks for. Uncontrolled: the change it made. */
  onCollapsedChange?: (collapsed: boolean) => void;
}

const COMPOSER_FIELD = 'textarea, input:not([type="hidden"]), [contenteditable=""], [contenteditable="true"]';

/**
 * Docks the question panel directly above the host's composer. Open, the panel takes the
 * composer's place — the composer is only hidden (`hidden`), so its draft and IME state survive.
 * Collapsed, a slim bar sits on top of the visible composer. A question that arrives (or comes
 * next after one ends) while the person is typing in the composer (focus in it and a draft in
 * it) docks collapsed and is announced, never stealing focus; a focused but empty composer is
 * not being typed in, so the question opens. When the prompt on screen ends the panel closes;
 * the composer comes back, and gets focus only if focus was in the panel.
 */
export const AskUserDock = /* @__PURE__ */ namedForwardRef<HTMLDivElement, AskUserDockProps>(
  DOCK_NAME,
  function AskUserDock(
    {
      children,
      composerRef,
      countdownThreshold,
      now,
      autoFocus = true,
      onShowOtherSessions,
      collapsed: collapsedProp,
      defaultCollapsed,
      onCollapsedChange,
      ...props
    },
    ref,
  ) {
    const { store } = useAskUserContext(DOCK_NAME);
    useControlledCollapse(store, collapsedProp, defaultCollapsed, onCollapsedChange);
    const promptId = useSelection(store, (state) => state.activeId);
    const collapsed = useSelection(store, (state) => state.collapsed);
    const composerBox = useRef<HTMLDivElement>(null);
    const panelBox = useRef<HTMLDivElement>(null);
    /** Whether focus was in the panel when the prompt on screen changed (read before React re-renders). */
    const focusWasInPanel = useRef(false);
    /**
     * The dock itself put focus in the composer (on collapse or close) and the person has not
     * pressed a key or the pointer since: that composer is not being typed in, so the next prompt
     * may open expanded.
     */
    const composerFocusIsOurs = useRef(false);
    /**
     * Where focus last landed. A button that disables itself or unmounts under the pointer (Skip,
     * Submit) drops focus to `<body>`; that focus was still the panel's.
     */
    const focusLastInPanel = useRef(false);
    const open = promptId !== null && !collapsed;

    const latestComposerRef = useRef(composerRef);
    latestComposerRef.current = composerRef;
    /** The composer field the person is typing in: focused and holding a draft. */
    const composerInUse = () => {
      const active = typeof document === "undefined" ? null : document.activeElement;
      if (active === null) return false;
      const inComposer = composerBox.current?.contains(active) === true || latestComposerRef.current?.current?.contains(active) === true;
      if (!inComposer) return false;
      const draft = active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement ? active.value : active.textContent;
      return (draft ?? "").trim() !== "";
    };
    const focusInPanel = () => {
      const active = document.activeElement;
      if (panelBox.current?.contains(active) === true) return true;
      return (active === null || active === document.body) && focusLastInPanel.current;
    };

    // The store asks inside the update that docks a question, before React renders it, so the
    // composer the person is typing in is never hidden, not even for one frame.
    useEffect(() => store.getState().attachComposer(() => composerInUse() && !composerFocusIsOurs.current), [store]);
    // Where focus was, read while the ended panel is still in the document.
    useEffect(
      () =>
        store.subscribe((state, previous) => {
          if (state.activeId !== previous.activeId) focusWasInPanel.current = typeof document !== "undefined" && focusInPanel();
        }),
      [store],
    );

    useEffect(() => {
      const personActed = () => {
        composerFocusIsOurs.current = false;
      };
      const focusMoved = (event: FocusEvent) => {
        focusLastInPanel.current = event.target instanceof Node && panelBox.current?.contains(event.target) === true;
      };
      document.addEventListener("keydown", personActed, true);
      document.addEventListener("pointerdown", personActed, true);
      document.addEventListener("focusin", focusMoved, true);
      return () => {
        document.removeEventListener("keydown", personActed, true);
        document.removeEventListener("pointerdown", personActed, true);
        document.removeEventListener("focusin", focusMoved, true);
      };
    }, []);

    const previous = useRef({ promptId, collapsed });
    useIsomorphicLayoutEffect(() => {
      const before = previous.current;
      previous.current = { promptId, collapsed };
      const folded = promptId !== null && promptId === before.promptId && collapsed && !before.collapsed;
      const closed = before.promptId !== null && promptId === null;
      if (folded) {
        const active = document.activeElement;
        if (active !== null && active !== document.body && !panelBox.current?.contains(active)) return;
      } else if (!closed || !focusWasInPanel.current) {
        return;
      }
      const target = composerRef?.current ?? composerBox.current?.querySelector<HTMLElement>(COMPOSER_FIELD);
      if (!target) return;
      target.focus();
      composerFocusIsOurs.current = true;
    }, [promptId, collapsed, composerRef]);

    // Kept across the dock's renders (each arrival, close and collapse is one), so React skips them:
    // neither changes with the dock's state.
    const notices = useMemo(() => <DockNotices onShowOtherSessions={onShowOtherSessions} />, [onShowOtherSessions]);
    const liveRegion = useMemo(() => <AskUserLiveRegion />, []);

    return (
      <div data-slot="ask-user-dock" data-state={promptId === null ? "idle" : collapsed ? "collapsed" : "open"} {...props} ref={ref}>
        {notices}
        <div data-slot="ask-user-dock-panel" ref={panelBox}>
          <PanelView promptId={promptId} countdownThreshold={countdownThreshold} now={now} autoFocus={autoFocus} />
        </div>
        <div data-slot="ask-user-composer" hidden={open} ref={composerBox}>
          {children}
        </div>
        {liveRegion}
      </div>
    );
  },
);

/**
 * Radix's controllable state over the store's value: a given `collapsed` pins it in the store
 * (the store's rules still run, and their changes arrive as requests); `defaultCollapsed` sets
 * how questions dock. `onCollapsedChange` hears requests while pinned, changes otherwise.
 */
function useControlledCollapse(
  store: AskUserStoreApi,
  collapsed: boolean | undefined,
  defaultCollapsed: boolean | undefined,
  onCollapsedChange: ((collapsed: boolean) => void) | undefined,
) {
  const controlled = collapsed !== undefined;
  useIsomorphicLayoutEffect(() => {
    if (collapsed !== undefined) store.getState().pinCollapsed(collapsed);
  }, [store, collapsed]);
  useIsomorphicLayoutEffect(() => {
    if (controlled) return () => store.getState().pinCollapsed(null);
  }, [store, controlled]);

  // Like Radix, the default is read once, when the dock mounts.
  const initialDefault = useRef(defaultCollapsed);
  useIsomorphicLayoutEffect(() => {
    const initial = initialDefault.current;
    if (initial === undefined) return;
    const state = store.getState();
    state.setCollapseDefault(initial);
    if (!state.collapsePinned && state.activeId !== null) state.setCollapsed(initial);
    return () => store.getState().setCollapseDefault(false);
  }, [store]);

  const latest = useRef(onCollapsedChange);
  useIsomorphicLayoutEffect(() => {
    latest.current = onCollapsedChange;
  });
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        const change = dockCollapseChange(state, previous);
        if (change !== undefined) latest.current?.(change);
      }),
    [store],
  );
}
