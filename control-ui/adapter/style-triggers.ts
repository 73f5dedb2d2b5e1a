/**
 * "Call me when an element starts matching this selector" — inserted, shown, or changed so that it
 * matches (a class, an attribute, a child it lost) — with no MutationObserver. Each selector gets a
 * one-frame CSS animation of its own, and the browser's style engine, which matches selectors on
 * every change anyway, reports the start with `animationstart`. So a streamed token, which changes
 * no watched element, costs the kit nothing, and an element off screen in a `content-visibility`
 * row reports when it comes into view.
 * The animation is on the element itself: every selector here names an element of the Control UI
 * that has no animation of its own (openclaw 2026.9.6). Its keyframes set an unused custom
 * property, so nothing moves.
 */

const PREFIX = "ask-user-kit-match-";
const callbacks = new Map<string, (element: Element) => void>();
let sheet: HTMLStyleElement | undefined;

function styleSheet(): HTMLStyleElement {
  if (sheet) return sheet;
  document.addEventListener(
    "animationstart",
    (event) => {
      const callback = callbacks.get(event.animationName);
      if (!callback) return;
      // The app never sees the kit's own animations.
      event.stopPropagation();
      callback(event.target as Element);
    },
    true,
  );
  return (sheet = document.head.appendChild(document.createElement("style")));
}

/** Adds CSS rules to the kit's one style element. */
export function addStyles(css: string): void {
  styleSheet().append(css);
}

/** Calls `callback` with each element that starts matching `selector`, now and later. */
export function onMatch(selector: string, callback: (element: Element) => void): void {
  const name = `${PREFIX}${callbacks.size}`;
  callbacks.set(name, callback);
  addStyles(`@keyframes ${name}{to{--${name}:1}}${selector}{animation:${name} 1ms}`);
}
