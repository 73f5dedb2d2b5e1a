/**
 * Screenshot tests of the visual stories (stories/visual.stories.tsx): every state the kit draws, in
 * light and dark, at a phone's width and a desktop's, compared with the PNGs committed under
 * __screenshots__/. Chromium runs with `prefers-reduced-motion: reduce` (vite.config.ts), so no
 * entrance is caught mid-way — each test checks that nothing animates at all; each shot waits for
 * the story's own readiness (its `play`) and the fonts. `npm run test:visual -- --update` rewrites
 * the baselines.
 */
import { composeStories } from "@storybook/react-vite";
import { afterEach, beforeAll, expect, test } from "vitest";
import { page } from "vitest/browser";
import preview from "../../.storybook/preview.js";
import * as visual from "../../stories/visual.stories.js";

const stories = composeStories(visual, preview);

/** A phone held upright and a laptop: the widths the issue names, each with a usual height. */
const SCREENS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

let canvas: HTMLElement | undefined;

beforeAll(() => {
  // Tests share one page: the story frame starts at the top-left corner like a fresh one.
  document.body.style.margin = "0";
});

afterEach(() => {
  canvas?.remove();
  canvas = undefined;
});

for (const [exportName, Story] of Object.entries(stories)) {
  for (const screen of SCREENS) {
    test(`${Story.storyName} at ${screen.width} px`, async () => {
      await page.viewport(screen.width, screen.height);
      canvas = document.body.appendChild(document.createElement("div"));
      canvas.id = "storybook-root";
      await Story.run({ canvasElement: canvas });
      await document.fonts.ready;
      // Reduced motion is honoured: nothing of the kit animates (no fade, rise or spinner), so
      // nothing needs waiting for either.
      expect(document.getAnimations()).toEqual([]);
      await expect.element(page.elementLocator(canvas)).toMatchScreenshot(`${exportName}-${screen.width}`);
    });
  }
}
