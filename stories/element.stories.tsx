import type { Meta, StoryObj } from "@storybook/react-vite";
import { useEffect, useRef, useState } from "react";
import { expect, waitFor } from "storybook/test";
import { defineAskUserElements } from "ask-user-kit/element";
import type { AskUserStore } from "ask-user-kit/store";
import { findPanel } from "./support/play.js";
import { recordOf, threeSteps } from "./support/questions.js";
import { consumerSource } from "./support/source.js";
import { fixtures, kitOf } from "./support/story-kit.js";

/** What a non-React host does: make the element, set properties, listen to its events. */
function PlainDomHost({ store }: { store: AskUserStore }) {
  const slot = useRef<HTMLDivElement>(null);
  const [events, setEvents] = useState<string[]>([]);
  useEffect(() => {
    defineAskUserElements();
    const panel = document.createElement("ask-user-panel");
    panel.store = store;
    const log = (event: Event) => {
      const { detail } = event as CustomEvent<Record<string, unknown>>;
      setEvents((seen) => [...seen, `${event.type} ${JSON.stringify({ ...detail, record: undefined })}`]);
    };
    for (const name of ["ask-user-submit", "ask-user-skip", "ask-user-collapse", "ask-user-resolved"]) panel.addEventListener(name, log);
    slot.current?.append(panel);
    return () => panel.remove();
  }, [store]);
  return (
    <div>
      <div ref={slot} />
      <section aria-label="Events the host heard" className="story-event-log">
        <p>Events the host heard:</p>
        <ol>
          {events.length === 0 ? <li>none yet — collapse, skip or answer the question</li> : events.map((text, index) => <li key={index}>{text}</li>)}
        </ol>
      </section>
    </div>
  );
}

/**
 * `<ask-user-panel>` from `ask-user-kit/element`, created and wired with plain DOM calls, as a Lit
 * host (the OpenClaw Control UI) would: properties in, `ask-user-*` events out. React renders
 * inside the element, in the light DOM, so the kit's stylesheet styles it like the React panel.
 */
const meta = {
  title: "AskUser/Custom element",
  parameters: {
    docs: {
      source: consumerSource(
        () => `import { createAskUserStore } from "ask-user-kit/store";
import { localSummaries } from "ask-user-kit/summaries";
import { defineAskUserElements } from "ask-user-kit/element";
import "ask-user-kit/styles.css";

defineAskUserElements(); // once; safe to call again

const store = createAskUserStore({ summaries: localSummaries() }); // chips kept across reloads
const panel = document.createElement("ask-user-panel");
panel.store = store;
panel.client = client; // createGatewayClient(...) from "ask-user-kit/client"
panel.addEventListener("ask-user-resolved", (event) => console.log(event.detail.status));
document.querySelector("#composer-area")!.prepend(panel);`,
      ),
    },
  },
  render: (_args, context) => <PlainDomHost store={kitOf(context).store} />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Panel: Story = {
  name: "<ask-user-panel> in a plain DOM host",
  loaders: [fixtures({ records: () => [recordOf(threeSteps)] })],
  play: async ({ canvas, canvasElement }) => {
    const root = await findPanel(canvas);
    // The kit's panel, rendered inside the custom element (light DOM).
    await expect(root.closest("ask-user-panel")).not.toBeNull();
    await expect(canvas.getByRole("img", { name: "Step 1 of 3" })).toBeVisible();
    await expect(canvasElement.querySelector("ask-user-panel")?.shadowRoot).toBeNull();
  },
};

/** A flow: what the host hears when the person collapses, expands and skips. */
export const Events: Story = {
  name: "Flow: the events a host hears (collapse, expand, Skip)",
  loaders: [fixtures({ records: () => [recordOf(threeSteps)] })],
  play: async ({ canvas, userEvent }) => {
    await findPanel(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Collapse question" }));
    await userEvent.click(await canvas.findByRole("button", { name: /Question · Target/ }));
    await findPanel(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Skip" }));
    const log = canvas.getByRole("region", { name: "Events the host heard" });
    await waitFor(() => expect(log).toHaveTextContent("ask-user-skip"));
    const lines = [...log.querySelectorAll("li")].map((line) => line.textContent?.split(" ")[0]);
    await expect(lines).toEqual(["ask-user-collapse", "ask-user-collapse", "ask-user-skip"]);
  },
};
