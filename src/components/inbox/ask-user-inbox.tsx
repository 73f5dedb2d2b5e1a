"use client";
import { type ComponentPropsWithoutRef, type MouseEvent, type RefObject, useEffect, useId, useReducer, useRef } from "react";
import type { AskUserStoreApi } from "../../react/ask-user-context.js";
import { useAskUserContext } from "../../react/ask-user-context.js";
import { useSelection } from "../../react/ask-user-hooks.js";
import { type AskUserStoreState, isOpenStatus, sameIds } from "../../store/index.js";
import { PanelEnd } from "../panel-gates.js";
import { AskUserCountdown } from "../parts/countdown.js";
import { InboxIcon } from "../parts/icons.js";
import { namedForwardRef } from "../parts/named.js";
import { AskUserProblems } from "../parts/problems.js";
import { AskUserQuestion } from "../parts/question.js";
import { AskUserRoot } from "../parts/root.js";
import { entryOf } from "../parts/scope.js";
import { sessionDisplayName } from "../parts/session-name.js";
import { AskUserStepIndicator } from "../parts/step-indicator.js";
import { formatDateTime, formatRelativeTime } from "../summary/summary-text.js";

const INBOX_NAME = "AskUserInbox";

/** "asked 3 minutes ago" moves on by itself while the inbox is on screen. */
const AGE_REFRESH_MS = 30_000;

export interface AskUserInboxProps extends ComponentPropsWithoutRef<"section"> {
  /** A session's name as the host shows it; default: read from its key (`agent:main:ops` → `ops`). */
  sessionLabel?: (sessionKey: string) => string | undefined;
  /** Where a question's "Open …" link goes. Without it and `onOpenSession` there is no link. */
  sessionHref?: (sessionKey: string) => string | undefined;
  /**
   * A plain click on that link: open the session the host's way (call `event.preventDefault()` so
   * the browser does not also follow the `href`). Modified clicks (new tab) are left to the browser.
   */
  onOpenSession?: (sessionKey: string, event: MouseEvent<HTMLAnchorElement>) => void;
  /** The heading's level; default 2. */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
  /** Show each question's countdown only in its last this-many seconds. Default 60. */
  countdownThreshold?: number;
  /** Clock for ages and countdowns; default `Date.now`. */
  now?: () => number;
}

/** Open prompts, newest first (by when they were asked, then by arrival). */
function selectInboxIds(state: AskUserStoreState): string[] {
  const open = Object.values(state.prompts).filter((entry) => isOpenStatus(entry.status));
  open.sort((a, b) => b.record.createdAtMs - a.record.createdAtMs || b.seq - a.seq);
  return open.map((entry) => entry.id);
}

/**
 * Every question waiting for an answer, across sessions and agents, newest first: each with its
 * session's name, how long ago it was asked, a link to its session, and the kit's stepper to answer
 * it in place (Other, Skip, the countdown, the keys). Live: a new question appears, one answered,
 * skipped or cancelled anywhere leaves. A record the kit cannot read shows as an error naming the
 * field (`AskUser.Problems`). Needs a provider whose store is connected to the gateway.
 */
export const AskUserInbox = /* @__PURE__ */ namedForwardRef<HTMLElement, AskUserInboxProps>(
  INBOX_NAME,
  function AskUserInbox({ sessionLabel, sessionHref, onOpenSession, headingLevel = 2, countdownThreshold = 60, now = Date.now, ...props }, ref) {
    const { store, messages } = useAskUserContext(INBOX_NAME);
    const ids = useSelection(store, selectInboxIds, sameIds);
    const hasProblems = useSelection(store, (state) => state.problems.length > 0);
    const headingId = useId();
    const [, tick] = useReducer((count: number) => count + 1, 0);
    useEffect(() => {
      if (ids.length === 0) return;
      const timer = setInterval(tick, AGE_REFRESH_MS);
      return () => clearInterval(timer);
    }, [ids.length]);
    const Heading = `h${headingLevel}` as const;
    const nowMs = now();

    return (
      <section aria-labelledby={headingId} data-slot="ask-user-inbox" data-count={ids.length} {...props} ref={ref}>
        <div data-slot="ask-user-inbox-header">
          <Heading id={headingId} data-slot="ask-user-inbox-title">
            {messages.inboxTitle}
          </Heading>
          <p role="status" data-slot="ask-user-inbox-count">
            {messages.inboxCount(ids.length)}
          </p>
        </div>
        {hasProblems ? <AskUserProblems /> : null}
        {ids.length === 0 ? (
          <p data-slot="ask-user-inbox-empty">
            <InboxIcon />
            {messages.inboxEmpty}
          </p>
        ) : (
          <ul data-slot="ask-user-inbox-list">
            {ids.map((id) => (
              <InboxItem
                key={id}
                store={store}
                promptId={id}
                nowMs={nowMs}
                countdownThreshold={countdownThreshold}
                now={now}
                sessionLabel={sessionLabel}
                sessionHref={sessionHref}
                onOpenSession={onOpenSession}
              />
            ))}
          </ul>
        )}
      </section>
    );
  },
);

interface InboxItemProps extends Pick<AskUserInboxProps, "sessionLabel" | "sessionHref" | "onOpenSession" | "now"> {
  store: AskUserStoreApi;
  promptId: string;
  nowMs: number;
  countdownThreshold: number;
}

function InboxItem({ store, promptId, nowMs, countdownThreshold, now, sessionLabel, sessionHref, onOpenSession }: InboxItemProps) {
  const { messages } = useAskUserContext(INBOX_NAME);
  const sessionKey = useSelection(store, (state) => entryOf(state, promptId)?.record.sessionKey);
  const createdAtMs = useSelection(store, (state) => entryOf(state, promptId)?.record.createdAtMs ?? 0);
  const header = useSelection(store, (state) => entryOf(state, promptId)?.record.questions[0]?.header ?? "");
  const rootRef = useRef<HTMLElement>(null);
  useFocusOnStep(store, promptId, rootRef);

  const session = sessionKey === undefined ? "" : (sessionLabel?.(sessionKey) ?? sessionDisplayName(sessionKey));
  const href = sessionKey === undefined ? undefined : sessionHref?.(sessionKey);
  const linked = sessionKey !== undefined && (href !== undefined || onOpenSession !== undefined);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window is the browser's to open.
    if (!onOpenSession || sessionKey === undefined || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    onOpenSession(sessionKey, event);
  };

  return (
    <li data-slot="ask-user-inbox-item" data-prompt-id={promptId} data-session-key={sessionKey}>
      <div data-slot="ask-user-inbox-item-header">
        {session ? <span data-slot="ask-user-inbox-session">{session}</span> : null}
        <time data-slot="ask-user-inbox-age" dateTime={new Date(createdAtMs).toISOString()} title={formatDateTime(createdAtMs, messages.locale)}>
          {messages.askedAgo(formatRelativeTime(createdAtMs, Math.max(nowMs, createdAtMs), messages.locale))}
        </time>
        {linked ? (
          <a data-slot="ask-user-inbox-open" href={href ?? "#"} onClick={open}>
            {messages.openSession(session)}
          </a>
        ) : null}
      </div>
      <AskUserRoot promptId={promptId} aria-label={messages.inboxItem(session, header)} ref={rootRef}>
        <div data-slot="ask-user-header">
          <AskUserStepIndicator />
          <AskUserCountdown threshold={countdownThreshold} now={now} />
        </div>
        <AskUserQuestion />
        <PanelEnd promptId={promptId} />
      </AskUserRoot>
    </li>
  );
}

/**
 * A step change moves focus to the question when the person is working in this item (focus inside
 * it, or dropped to the page as the previous step's option left): never pulled in from elsewhere.
 */
function useFocusOnStep(store: AskUserStoreApi, promptId: string, rootRef: RefObject<HTMLElement | null>) {
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        const entry = entryOf(state, promptId);
        const before = entryOf(previous, promptId);
        const root = rootRef.current;
        if (!entry || !before || entry.step === before.step || !root) return;
        const active = root.ownerDocument.activeElement;
        if (active === root || (active !== null && active !== root.ownerDocument.body && !root.contains(active))) return;
        root.focus({ preventScroll: true });
      }),
    [store, promptId, rootRef],
  );
}
