"use client";
import { useCallback, useRef, useState } from "react";

export type CopyState =
  | { status: "idle" }
  | { status: "copied" }
  /** No clipboard, or it refused (permissions, insecure context): the text is handed back to show. */
  | { status: "unavailable"; text: string };

const IDLE: CopyState = { status: "idle" };

/**
 * Copies text with `navigator.clipboard` when there is one. Every failure becomes the
 * `unavailable` state — never a rejected promise in the host's console.
 */
export function useCopyText(): [CopyState, (text: string) => void] {
  const [state, setState] = useState<CopyState>(IDLE);
  // Only the latest press may set the state: an older write settling late must not overwrite it.
  const attempt = useRef(0);
  const copy = useCallback((text: string) => {
    const current = ++attempt.current;
    const settle = (next: CopyState) => {
      if (attempt.current === current) setState(next);
    };
    let write: Promise<void> | null = null;
    try {
      const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
      if (clipboard && typeof clipboard.writeText === "function") write = clipboard.writeText(text);
    } catch {
      write = null;
    }
    if (!write) {
      settle({ status: "unavailable", text });
      return;
    }
    Promise.resolve(write).then(
      () => settle({ status: "copied" }),
      () => settle({ status: "unavailable", text }),
    );
  }, []);
  return [state, copy];
}
