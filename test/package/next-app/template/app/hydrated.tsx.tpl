"use client";
// Marks the page hydrated (its effects run only after React took over the server HTML), so the
// test waits for that instead of a fixed time before it clicks or counts console errors.
import { useEffect } from "react";

export function HydratedMark() {
  useEffect(() => {
    document.body.dataset.hydrated = "true";
  }, []);
  return null;
}
