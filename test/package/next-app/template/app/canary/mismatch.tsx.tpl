"use client";
// Different text on the server and in the browser: React reports a hydration mismatch.
export function Mismatch() {
  return <p id="rendered-in">{typeof window === "undefined" ? "server" : "browser"}</p>;
}
