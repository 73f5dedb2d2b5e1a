"use client";
import { type RefObject, useEffect, useId, useRef } from "react";
import { useAskUserContext, useIsomorphicLayoutEffect, useSelection } from "../react/index.js";
import { isOpenStatus } from "../store/index.js";
import { PanelEnd, PanelNavigator } from "./panel-gates.js";
import { AskUserCollapse, AskUserCollapseBar } from "./parts/collapse.js";
import { AskUserCountdown } from "./parts/countdown.js";
import { AskUserQuestion } from "./parts/question.js";
import { AskUserRoot, type AskUserRootProps } from "./parts/root.js";
import { entryOf, StepFocusScope, useMergedRefs } from "./parts/scope.js";
import { AskUserStepIndicator } from "./parts/step-indicator.js";
import { namedForwardRef } from "./parts/named.js";

const PANEL_NAME = "AskUserPanel";

export interface AskUserPanelProps extends AskUserRootProps {
  /** Show the countdown only in the last this-many seconds. Default 60. */
  countdownThreshold?: number;
  /** Clock for the countdown; default `Date.now`. */
  now?: () => number;
  /** Focus the panel when it opens, on each step and on re-expand. Default true. */
  autoFocus?: boolean;
}

/**
 * The ready-made question panel, composed from the public `AskUser.*` parts: one question per
 * step, Back/Skip/Next/Submit, collapse to a bar. Shows the active prompt unless `promptId` is
 * given, and only while it is open: a prompt that ends, however it ends, closes the panel (the
 * transcript keeps its summary).
 */
export const AskUserPanel = /* @__PURE__ */ namedForwardRef<HTMLElement, AskUserPanelProps>(
  PANEL_NAME,
  function AskUserPanel({ promptId, ...props }, ref) {
    const { store } = useAskUserContext(PANEL_NAME);
    const activeId = useSelection(store, (state) => state.activeId);
    return <PanelView {...props} ref={ref} promptId={promptId ?? activeId} />;
  },
);

export interface PanelViewProps extends Omit<AskUserPanelProps, "promptId"> {
  promptId: string | null;
}

export const PanelView = /* @__PURE__ */ namedForwardRef<HTMLElement, PanelViewProps>(
  "AskUserPanelView",
  function PanelView({ promptId, countdownThreshold = 60, now, autoFocus = true, id: idProp, ...rootProps }, ref) {
    const { store } = useAskUserContext(PANEL_NAME);
    const generatedId = useId();
    const rootId = idProp ?? generatedId;
    const rootRef = useRef<HTMLElement>(null);
    const mergedRef = useMergedRefs(ref, rootRef);
    const barRef = useRef<HTMLButtonElement>(null);
    const questionRef = useRef<HTMLDivElement>(null);
    const collapsed = useSelection(store, (state) => state.collapsed);
    const exists = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      return entry !== undefined && isOpenStatus(entry.status);
    });

    if (promptId === null || !exists) return null;
    return (
      <div data-slot="ask-user-panel" data-state={collapsed ? "collapsed" : "open"}>
        {/* The parts below that have nothing to show on a question's arrival mount only when they do (panel-gates.tsx). */}
        {collapsed ? <AskUserCollapseBar promptId={promptId} controls={rootId} ref={barRef} /> : null}
        <StepFocusScope.Provider value={autoFocus}>
          <AskUserRoot {...rootProps} id={rootId} promptId={promptId} hidden={collapsed || rootProps.hidden} ref={mergedRef}>
            <div data-slot="ask-user-header">
              <AskUserStepIndicator />
              <AskUserCountdown threshold={countdownThreshold} now={now} />
              <PanelNavigator promptId={promptId} />
              <AskUserCollapse />
            </div>
            <AskUserQuestion ref={questionRef} />
            {/* Stays in view next to the actions, however far the question scrolls within the panel's height. */}
            <PanelEnd promptId={promptId} />
          </AskUserRoot>
        </StepFocusScope.Provider>
        {/* Last, so the refs above are attached when its layout effect runs. */}
        <PanelFocus promptId={promptId} autoFocus={autoFocus} rootRef={rootRef} barRef={barRef} questionRef={questionRef} />
      </div>
    );
  },
);

interface PanelFocusProps {
  promptId: string;
  autoFocus: boolean;
  rootRef: RefObject<HTMLElement | null>;
  barRef: RefObject<HTMLButtonElement | null>;
  questionRef: RefObject<HTMLDivElement | null>;
}

/**
 * Focus and the step's motion, in a child that renders nothing: it is what re-renders on a step
 * change, not the panel (whose re-render re-rendered every part in it: header, messages, footer).
 */
function PanelFocus({ promptId, autoFocus, rootRef, barRef, questionRef }: PanelFocusProps) {
  const { store } = useAskUserContext(PANEL_NAME);
  const collapsed = useSelection(store, (state) => state.collapsed);
  const step = useSelection(store, (state) => entryOf(state, promptId)?.step ?? 0);

  // Focus follows the question: on open, on every step and on re-expand (never while collapsed,
  // so a question that docks collapsed does not pull focus out of the composer).
  // A step change moves focus as the store takes the new step, before React commits it: the DOM
  // is still the painted one, so focus() restyles little and lays out nothing new, and the option
  // that had focus is no longer focused when the old step's options are removed. Done in the
  // commit instead (a layout effect), focus() forced style and layout of the whole new step on
  // every pick (helper profiles: ~5 ms of the click's main thread). A pick by pointer that moves
  // on leaves focus on the panel to begin with (AskUser.Option), so then there is nothing to move.
  useEffect(() => {
    if (!autoFocus) return;
    return store.subscribe((state, previousState) => {
      const entry = entryOf(state, promptId);
      const before = entryOf(previousState, promptId);
      if (!entry || !before || entry.step === before.step || state.collapsed) return;
      focusRoot(rootRef.current);
    });
  }, [store, autoFocus, promptId, rootRef]);

  const previous = useRef<{ promptId: string; step: number; collapsed: boolean } | null>(null);
  useIsomorphicLayoutEffect(() => {
    const before = previous.current;
    previous.current = { promptId, step, collapsed };
    if (collapsed) {
      // Keep focus out of the hidden panel; a dock then hands it on to the composer.
      if (before && !before.collapsed && rootRef.current?.contains(document.activeElement)) barRef.current?.focus();
      return;
    }
    const opened = !before || before.promptId !== promptId || before.collapsed;
    const changed = opened || before.step !== step;
    if (changed) restartStepMotion(questionRef.current, before?.step, step);
    if (!autoFocus || !changed) return;
    // On a step change the subscription above has focused the root already.
    if (opened) focusAfterFirstFrame(rootRef.current);
    else focusRoot(rootRef.current);
  }, [autoFocus, promptId, step, collapsed]);
  return null;
}

/**
 * Focuses a panel that has just opened in the frame after the one that first shows it. Focused in
 * the commit, focus() forced style and layout of the whole new panel before it could be painted
 * (playground trace, `npm run bench:control-ui -- --trace`: ~8.7 ms of the ~25 ms from a
 * question's arrival to its first frame). The focus ring shows from the second frame either way:
 * focused from that frame's requestAnimationFrame, the focus change is styled in the frame's own
 * style pass, where a task right after the first frame forced a style pass of its own. Not
 * cancelled by the effect's cleanup (StrictMode's rehearsal unmount would cancel it for good, the
 * effect's second run seeing nothing new): what it checks when it runs is enough. Skipped if the
 * panel is gone or hidden meanwhile, or focus moved to another element (the person clicked
 * somewhere else).
 */
function focusAfterFirstFrame(root: HTMLElement | null): void {
  const view = root?.ownerDocument.defaultView;
  if (!root || !view?.requestAnimationFrame) {
    focusRoot(root);
    return;
  }
  const focusedBefore = root.ownerDocument.activeElement;
  // A callback requested from inside a frame's callbacks runs in the next frame, before it is styled.
  view.requestAnimationFrame(() => {
    view.requestAnimationFrame(() => {
      const active = root.ownerDocument.activeElement;
      // <body> does not count as a move: a focused composer the dock hides is blurred to it.
      const focusStayed = active === focusedBefore || active === null || active === root.ownerDocument.body;
      if (focusStayed && root.isConnected) focusRoot(root);
    });
  });
}

/** Focuses the panel unless it has focus already (then focus() would only cost a style recalc). */
function focusRoot(root: HTMLElement | null): void {
  if (root && !root.hidden && root.ownerDocument.activeElement !== root) root.focus({ preventScroll: true });
}

/**
 * The question element stays mounted from step to step (remounting it cost the DOM removal and
 * creation of the whole step); the theme animates each step's arrival by the animation name that
 * `data-motion` selects, and a changed name restarts a CSS animation. Written straight to the DOM
 * (React never renders this attribute), so it costs no extra render. Written on each part that
 * moves (not the title), not on the question: a selector through the question's attribute made
 * Chromium restyle the question's whole subtree on every step (playground traces, real clicks:
 * the step frame's style 1.34 -> 1.09 ms median). A part mounted by this step has none yet and
 * gets "again", so it moves with the others.
 */
function restartStepMotion(question: HTMLElement | null, before: number | undefined, step: number): void {
  if (!question || before === undefined || before === step) return;
  for (const part of Array.from(question.children)) {
    if (!(part instanceof HTMLElement) || part.dataset.slot === "ask-user-title") continue;
    part.dataset.motion = part.dataset.motion === "again" ? "" : "again";
  }
}
