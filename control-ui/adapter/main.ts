/**
 * What the Control UI page loads for the kit at startup, by one module script before the app's own
 * (kept under a kilobyte gzip: `npx tsx bench/control-ui-size.ts`). It decides whether the kit runs,
 * hides the native question panel when it does, and loads the rest of the kit (kit.ts, a chunk of
 * its own) only when a question or a chip needs it:
 *   - a `question.*` event on the app's connection;
 *   - a question waiting when the page opens: the app's own question state (which the kit keeps
 *     alive) shows its hidden dock in the shown chat, and its "Waiting for your answer" mark in
 *     the sidebar for any other;
 *   - a chat on screen whose summaries the kit kept (localStorage), or an `ask_user` card in it.
 * Elements are found as style-triggers.ts finds them: a CSS animation only they run.
 * The page coupling (the app's context, class names, the native panel's props) was written for one
 * OpenClaw release: on any other the page stays as OpenClaw ships it, and the console says why once.
 * `?ask-user-kit=off` leaves the page as shipped too (the bench compares the two on one gateway).
 */
import { requestAppContext, type AppContext, type AppEventFrame } from "./app-context.js";

/**
 * The Control UI release this coupling was written for. The page's own release comes in this
 * file's URL (`?openclaw=`, stamped from the Control UI's build id by scripts/openclaw/control-ui-root.mjs).
 */
const BUILT_FOR = "2026.9.6";
/** localSummaries()'s key for one session's summaries (src/store/summary-persistence.ts, layout v2). */
const SUMMARIES_KEY = "ask-user-kit:summaries:v2:";
const NEEDED = "ask-user-kit-needed";
/**
 * While <html> has `data-ask-user-kit`, the native question dock and transcript summaries (rows
 * keyed `question:<id>`, tool calls' questions too) are hidden; until the kit runs (and sets it to
 * "on"), what says the kit is needed runs its animation, and so does each chat pane as it shows.
 */
const STARTUP_STYLES = `@keyframes ${NEEDED}{to{--${NEEDED}:1}}html[data-ask-user-kit]{:is(.agent-chat__question-dock,[data-virtual-row-key^='question:']){display:none!important}&[data-ask-user-kit=""] :is([data-message-id$=':ask_user'],.agent-chat__composer-shell:has(.agent-chat__question-dock),.sidebar-session-attention__icon--question,.chat-pane-cache__pane--visible){animation:${NEEDED} 1ms}}`;

const html = document.documentElement;
const say = (text: string) => console.warn(`[ask-user-kit] ${text}: native panel kept`);

/** The native panel comes back (its state never stopped), and the console says why, once. */
const handBack = (why: string) => {
  delete html.dataset.askUserKit;
  say(why);
};

/**
 * Whether the kit is needed for `element`: anything but a chat pane, or a pane whose session (its
 * own `sessionKey`) has summaries kept.
 */
function needed(element: EventTarget | null): boolean {
  const { sessionKey } = element as { sessionKey?: unknown };
  try {
    return sessionKey === undefined || localStorage.getItem(SUMMARIES_KEY + JSON.stringify(sessionKey)) !== null;
  } catch {
    // No storage (privacy mode): no summaries kept either.
    return false;
  }
}

function attach(app: AppContext): void {
  const early: AppEventFrame[] = [];
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= import("./kit.js")
      .then(({ startKit }) => {
        stopKeeping();
        startKit({ app, early });
      })
      // Its code did not load, or did not start: the page keeps what it has.
      .catch((error: unknown) => handBack(`not started (${error})`)));
  const stopKeeping = app.gateway.subscribeEvents((frame) => {
    if (!frame.event.startsWith("question.")) return;
    // Replayed to the kit: a question may end while its code loads.
    early.push(frame);
    load();
  });
  addEventListener("animationstart", ({ animationName, target }) => {
    if (animationName === NEEDED && needed(target)) load();
  });
}

const release = new URL(import.meta.url).searchParams.get("openclaw");
if (/[?&]ask-user-kit=off\b/.test(location.search)) {
  // The page as OpenClaw ships it.
} else if (release !== BUILT_FOR) {
  say(`kit off: made for OpenClaw ${BUILT_FOR}, this is ${release}`);
} else {
  html.dataset.askUserKit = "";
  document.head.appendChild(document.createElement("style")).textContent = STARTUP_STYLES;
  // The app fires this once it has rendered, with its context provider in place.
  addEventListener(
    "openclaw-control-ui-rendered",
    () => {
      const inside = document.querySelector("openclaw-app")?.firstElementChild;
      const app = inside && requestAppContext(inside);
      if (app) attach(app);
      else handBack("no app context");
    },
    { once: true },
  );
}
