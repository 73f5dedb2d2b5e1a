import { useEffect, useLayoutEffect } from "react";

/** `useLayoutEffect` in the browser; `useEffect` on the server, where a layout effect only warns. */
export const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
