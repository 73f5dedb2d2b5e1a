/**
 * The render bench page (driven by bench/panel-renders.ts): an open three-question AskUserPanel to
 * type into; a mount-and-unmount pair (the kit's panel vs the same step built straight on a Radix
 * RadioGroup); and the transcripts of chips.tsx, settled over and over.
 */
import { counter } from "./counter-setup.js";
import * as RadioGroup from "@radix-ui/react-radio-group";
import type { ReactNode } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import type { Question, QuestionRecord } from "../../src/contract/types.js";
import { AskUserPanel, AskUserProvider } from "../../src/index.js";
import { createAskUserStore } from "../../src/store/index.js";
import type { AskUserStore } from "../../src/store/types.js";
import { resolveOnce, setupChips } from "./chips.js";
import type { RenderedComponent } from "./render-counter.js";
import "../../src/theme/tokens.css";
import "../../src/theme/panel.css";
import "../../src/theme/summary.css";

const questions: Question[] = [
  {
    questionId: "target",
    header: "Target",
    question: "Where should this deploy?",
    options: [{ label: "Staging" }, { label: "Production" }, { label: "Preview" }],
    isOther: true,
  },
  {
    questionId: "region",
    header: "Region",
    question: "Which region first?",
    options: [{ label: "Europe" }, { label: "America" }, { label: "Asia" }],
    isOther: true,
  },
  {
    questionId: "notify",
    header: "Notify",
    question: "Who should hear about it?",
    options: [{ label: "Team" }, { label: "Nobody" }, { label: "Everyone" }],
    isOther: true,
  },
];

function record(id: string, overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    id,
    questions,
    sessionKey: "main",
    runId: "run_bench",
    createdAtMs: Date.now(),
    expiresAtMs: Date.now() + 24 * 3_600_000,
    status: "pending",
    ...overrides,
  };
}

function storeWith(records: readonly QuestionRecord[]): AskUserStore {
  const store = createAskUserStore({ storage: null, autoExpire: false });
  store.getState().setConnection("connected");
  store.getState().upsertRecords(records);
  return store;
}

const rootOf = (id: string): Root => createRoot(document.getElementById(id)!);

// ── typing in Other ────────────────────────────────────────────────────────────────────────────
const typingStore = storeWith([record("ask_typing")]);
flushSync(() =>
  rootOf("panel").render(
    <AskUserProvider store={typingStore}>
      <AskUserPanel autoFocus={false} />
    </AskUserProvider>,
  ),
);

// ── mount ──────────────────────────────────────────────────────────────────────────────────────
const mountStore = storeWith([record("ask_mount")]);
const first = questions[0]!;

/** The same first step as the panel shows, built straight on Radix with no store: the baseline. */
function BaselineStep(): ReactNode {
  return (
    <section data-bench="radix" role="group" aria-label="Question">
      <p>Question</p>
      <p>1 of {questions.length}</p>
      <p>{first.header}</p>
      <p id="baseline-question">{first.question}</p>
      <RadioGroup.Root aria-labelledby="baseline-question" orientation="vertical" loop>
        {first.options.map((option, index) => (
          <RadioGroup.Item key={option.label} value={option.label}>
            <RadioGroup.Indicator>●</RadioGroup.Indicator>
            <span>{option.label}</span>
            <kbd aria-hidden="true">{index + 1}</kbd>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <textarea aria-label={`Your own answer for ${first.header}`} rows={1} />
      <button type="button">Skip</button>
      <button type="button" disabled>
        Next
      </button>
    </section>
  );
}

const mountSides = {
  kit: {
    root: rootOf("mount-kit"),
    element: document.getElementById("mount-kit")!,
    ui: (
      <AskUserProvider store={mountStore}>
        <AskUserPanel autoFocus={false} />
      </AskUserProvider>
    ),
  },
  radix: { root: rootOf("mount-radix"), element: document.getElementById("mount-radix")!, ui: <BaselineStep /> },
};

/** One mount, flushed: render + commit, then style and layout forced; then unmounted (untimed). */
function mountOnce(side: "kit" | "radix"): { commit: number; layout: number } {
  const { root, element, ui } = mountSides[side];
  const started = performance.now();
  flushSync(() => root.render(ui));
  const committed = performance.now();
  element.getBoundingClientRect();
  const laidOut = performance.now();
  if (element.querySelector("[role=radio]") === null) throw new Error(`${side}: nothing mounted`);
  flushSync(() => root.render(null));
  return { commit: committed - started, layout: laidOut - started };
}

const bench = {
  counterAttached: () => counter.attached,

  /** Before a keystroke: forget earlier renders. */
  startCounting(): void {
    counter.enabled = true;
    counter.reset();
  },
  /** After a keystroke: two frames later, every render it caused has been committed. */
  async counted(): Promise<{ rendered: RenderedComponent[]; commits: number }> {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return { rendered: [...counter.rendered], commits: counter.commits };
  },

  /** `rounds` interleaved mounts per side (ABBA), after `warmup` untimed ones; the counter is off. */
  async mounts(rounds: number, warmup: number): Promise<Record<"kit" | "radix", { commit: number[]; layout: number[] }>> {
    counter.enabled = false;
    const samples = { kit: { commit: [] as number[], layout: [] as number[] }, radix: { commit: [] as number[], layout: [] as number[] } };
    for (let round = 0; round < warmup + rounds; round += 1) {
      const order = round % 2 === 0 ? (["kit", "radix"] as const) : (["radix", "kit"] as const);
      for (const side of order) {
        const { commit, layout } = mountOnce(side);
        if (round >= warmup) {
          samples[side].commit.push(commit);
          samples[side].layout.push(layout);
        }
      }
      // A frame between rounds: paint, timers and GC happen outside the timed regions.
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return samples;
  },

  setupChips,
  resolveOnce,
};

Object.assign(window, { bench });
