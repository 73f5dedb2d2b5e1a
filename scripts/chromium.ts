/**
 * Debian's Chromium, which every real-browser run here uses (Playwright cannot download its own
 * browser on these machines), and the flags that work on them: without the background-networking
 * ones Chromium keeps dialling out of a closed network (/work/shared/toolchain.md).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
