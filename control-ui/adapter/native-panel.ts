/**
 * The app's own question panel, emptied while the kit runs. The app's question state stays alive
 * (it drives the sidebar's and Home's "Waiting for your answer" marks, and the composer takeover
 * that composer-dock.ts folds), so the chat view keeps mounting `<openclaw-chat-question-panel>`
 * for the shown chat's question, hidden by CSS: each question and each step was built twice, once
 * for nobody to see. Its `render` now returns nothing while the kit is on; its props, its state and
 * the takeover are untouched, and the panel's own code reads what it rendered through null-safe
 * queries.
 */
const NATIVE_PANEL = "openclaw-chat-question-panel";

type LitElementLike = HTMLElement & { render?: () => unknown; requestUpdate?: () => void };

export function emptyNativePanel(): void {
  void customElements.whenDefined(NATIVE_PANEL).then((panel) => {
    const prototype = panel.prototype as LitElementLike;
    const render = prototype.render;
    // Not a Lit element after all: it keeps rendering (hidden), as before.
    if (typeof render !== "function") return;
    prototype.render = function (this: LitElementLike) {
      return document.documentElement.dataset.askUserKit === "on" ? null : render.call(this);
    };
    for (const element of document.querySelectorAll<LitElementLike>(NATIVE_PANEL)) element.requestUpdate?.();
  });
}
