import { expect, waitFor } from "storybook/test";

interface Queries {
  findByRole(role: string, options?: { name?: string | RegExp }): Promise<HTMLElement>;
}

/** Waits for running CSS animations (the panel fades in) so visibility and contrast are final. */
export async function motionDone(): Promise<void> {
  await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
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
