/**
 * The element tests on the standalone build's aliases (vite.element-standalone.config.ts): before
 * any runs, prove that `react` and `react-dom/client` here are Preact's compat layer, so a passing
 * run cannot have rendered with React.
 */
import { beforeAll } from "vitest";

beforeAll(async () => {
  const [react, client, jsx, compat, compatClient] = await Promise.all([
    import("react"),
    import("react-dom/client"),
    import("react/jsx-runtime"),
    import("preact/compat"),
    import("preact/compat/client"),
  ]);
  const { Fragment } = await import("preact");
  if (react.createElement !== compat.createElement || client.createRoot !== compatClient.createRoot || jsx.Fragment !== Fragment) {
    throw new Error("element-preact: react, react-dom/client or react/jsx-runtime is not preact/compat; check preactCompatAliases.");
  }
});
