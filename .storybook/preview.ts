import type { Preview } from "@storybook/react-vite";
import "../src/theme/tokens.css";
import "../src/theme/panel.css";
import "../src/theme/summary.css";
import "../src/theme/cards.css";

const preview: Preview = {
  parameters: {
    layout: "padded",
    // Every story is checked by axe in the browser run; a violation fails the test.
    a11y: { test: "error" },
  },
};

export default preview;
