/**
 * The list bench page (driven by bench/list-to-panel.ts), both sides against the same embedded
 * gateway holding 50 pending questions:
 *  - kit: the kit's gateway client (connected), a fresh store, and an AskUserDock mounted on it;
 *    the span starts when the bridge is connected (`connectQuestions` sends `question.list` at
 *    once on a connected client) and ends at the first painted frame showing the question;
 *  - raw: raw-side.tsx, the same span from sending `question.list`.
 */
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { AskUserDock, AskUserProvider, createAskUserStore } from "../../src/index.js";
import { connectQuestions } from "../../src/bridge/index.js";
import { createGatewayClient, type GatewayClient } from "../../src/client/index.js";
import type { AskUserStore } from "../../src/store/types.js";
import { openRawSide, type RawSide } from "./raw-side.js";
import "../../src/theme/tokens.css";
import "../../src/theme/panel.css";

/** After the frame has been produced: a task queued from inside requestAnimationFrame runs once it is painted. */
const afterPaint = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );

const kitElement = document.getElementById("kit")!;
const rawElement = document.getElementById("raw")!;
const shown = {
  kit: () => kitElement.querySelector('[data-slot="ask-user-dock"][data-state="open"] [data-slot="ask-user-root"] [role="radio"]') !== null,
  raw: () => rawElement.querySelector('[data-bench="raw"] [role="radio"]') !== null,
};

/** From `started` to the first painted frame in which `side` shows the question. */
async function paintedAfter(side: "kit" | "raw", started: number): Promise<number> {
  for (let frames = 0; frames < 600; frames += 1) {
    const painted = await afterPaint();
    if (shown[side]()) return painted - started;
  }
  throw new Error(`${side}: the question never showed`);
}

let client: GatewayClient | null = null;
let raw: RawSide | null = null;
let kitRoot: Root | null = null;

const bench = {
  async open(url: string): Promise<void> {
    client = createGatewayClient({ url });
    raw = await openRawSide(url, rawElement);
    for (let polls = 0; client.getStatus() !== "connected"; polls += 1) {
      if (polls > 600) throw new Error(`kit: the client did not connect (${client.getStatus()})`);
      await afterPaint();
    }
  },
  /** One timed list on `side`, then that side is cleared again (untimed). */
  async once(side: "kit" | "raw"): Promise<{ painted: number; records: number }> {
    if (!client || !raw) throw new Error("once() before open()");
    if (side === "raw") {
      const started = performance.now();
      raw.list();
      const painted = await paintedAfter("raw", started);
      const records = Number(/1 of (\d+)/.exec(rawElement.textContent ?? "")?.[1] ?? 0);
      raw.clear();
      return { painted, records };
    }
    const store: AskUserStore = createAskUserStore({ storage: null });
    kitRoot ??= createRoot(kitElement);
    flushSync(() =>
      kitRoot!.render(
        <AskUserProvider store={store}>
          <AskUserDock />
        </AskUserProvider>,
      ),
    );
    await afterPaint();
    const started = performance.now();
    const disconnect = connectQuestions(client, store);
    const painted = await paintedAfter("kit", started);
    const records = Object.keys(store.getState().prompts).length;
    disconnect();
    flushSync(() => kitRoot!.render(null));
    store.destroy();
    return { painted, records };
  },
  close(): void {
    client?.close();
    raw?.close();
  },
};

Object.assign(window, { bench });
