import type { Preview } from "@storybook/react-vite";
import { configure } from "storybook/test";
import { withAskUser, withTheme } from "../stories/support/decorators.js";
import type { StoryKit } from "../stories/support/story-kit.js";
import "../stories/support/story.css";
import "./docs.css";

// findBy* and waitFor wait for a condition; their 1 s default deadline fails a story on a busy
// machine (the suite must hold at load 15 on 2 cores). A deadline for a hang, not a speed check.
configure({ asyncUtilTimeout: 20_000 });

const preview: Preview = {
  // The kit's theme is not imported here: `withTheme` links it per story, so a story can go without.
  decorators: [withAskUser, withTheme],
  // Whatever a story's loader built (store, embedded gateway, client) is torn down after it.
  beforeEach: (context) => () => (context.loaded.kit as StoryKit | undefined)?.dispose(),
  parameters: {
    layout: "padded",
    // "Show code" on every story's canvas too (the Code panel), not only on the docs pages; stories
    // set it to consumer code importing from "ask-user-kit" (stories/support/source.ts).
    docs: { codePanel: true, toc: true },
    options: {
      storySort: {
        order: [
          "Docs",
          [
            "Introduction",
            "Getting started",
            "Dock",
            "Panel",
            "Parts",
            "Summary",
            "Custom element for Lit hosts",
            "Theming",
            "Keyboard and accessibility",
            "The prompt runtime",
          ],
          "AskUser",
          ["Panel", "Cards", "Summary", "Parts", "Custom element"],
          "Flows",
          "*",
        ],
      },
    },
    // Every story is checked by axe in the browser run; a violation fails the test. Colour contrast
    // is named so no later config can drop it: both themes' stories are checked for WCAG AA.
    a11y: { test: "error", config: { rules: [{ id: "color-contrast", enabled: true }] } },
  },
};

export default preview;
