import { expect, waitFor } from "storybook/test";

interface Queries {
  findByRole(role: string, options?: { name?: string | RegExp }): Promise<HTMLElement>;
}

/** Waits for running CSS animations (the panel fades in) so visibility and contrast are final. */
export async function motionDone(): Promise<void> {
  // A looping animation (the Submit spinner) never finishes: only the ones with an end count.
  const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
}

/** The open panel, once it has finished appearing. */
export async function findPanel(canvas: Queries, name = "Question"): Promise<HTMLElement> {
  const panel = await canvas.findByRole("group", { name });
  await motionDone();
  return panel;
}

/** The open panel, appeared and focused (it takes focus on open, each step and re-expand). */
export async function findFocusedPanel(canvas: Queries, name = "Question"): Promise<HTMLElement> {
  const panel = await findPanel(canvas, name);
  await waitFor(() => expect(panel).toHaveFocus());
  return panel;
}
