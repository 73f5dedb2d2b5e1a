/**
 * The interaction bench page: the kit's AskUserPanel (a three-question prompt from a store, with
 * the shipped theme) next to the baseline — the same three steps built straight on a Radix
 * RadioGroup and `useState`. bench/interaction-latency.ts drives both with real clicks.
 */
import * as RadioGroup from "@radix-ui/react-radio-group";
import { useState } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { QuestionRecord } from "../../src/contract/types.js";
import { AskUserPanel, AskUserProvider } from "../../src/index.js";
import { createAskUserStore } from "../../src/store/index.js";
import "../../src/theme/tokens.css";
import "../../src/theme/panel.css";

const PROMPT_ID = "ask_bench";
const questions = [
  {
    questionId: "target",
    header: "Target",
    question: "Where should this deploy?",
    options: [{ label: "Staging" }, { label: "Production" }, { label: "Preview" }],
  },
  {
    questionId: "region",
    header: "Region",
    question: "Which region first?",
    options: [{ label: "Europe" }, { label: "America" }, { label: "Asia" }],
  },
  {
    questionId: "notify",
    header: "Notify",
    question: "Who should hear about it?",
    options: [{ label: "Team" }, { label: "Nobody" }, { label: "Everyone" }],
  },
];
const record: QuestionRecord = {
  id: PROMPT_ID,
  questions,
  sessionKey: "main",
  runId: "run_bench",
  createdAtMs: Date.now(),
  expiresAtMs: Date.now() + 24 * 3_600_000,
  status: "pending",
};

const store = createAskUserStore({ storage: null, autoExpire: false });
store.getState().setConnection("connected");
store.getState().upsertRecord(record);

let setBaselineStep: (step: number) => void = () => {};

function Baseline() {
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<string[]>([]);
  setBaselineStep = setStep;
  const question = questions[step]!;
  return (
    <section data-bench="radix" data-step={step + 1} aria-label="Baseline">
      <p>{question.header}</p>
      <p id={`q-${step}`}>{question.question}</p>
      <RadioGroup.Root
        key={question.questionId}
        aria-labelledby={`q-${step}`}
        value={values[step] ?? ""}
        onValueChange={(value) => {
          setValues((current) => Object.assign([...current], { [step]: value }));
          if (step < questions.length - 1) setStep(step + 1);
        }}
      >
        {question.options.map((option) => (
          <RadioGroup.Item key={option.label} value={option.label}>
            <RadioGroup.Indicator>●</RadioGroup.Indicator>
            <span>{option.label}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </section>
  );
}

createRoot(document.getElementById("kit")!).render(
  <AskUserProvider store={store}>
    <AskUserPanel />
  </AskUserProvider>,
);
createRoot(document.getElementById("radix")!).render(<Baseline />);

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** After the frame has been produced: a task queued from inside requestAnimationFrame runs once it is painted. */
const afterPaint = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );

const stepShown = (side: "kit" | "radix", step: number) =>
  document.querySelector(
    side === "kit" ? `#kit [data-slot="ask-user-root"][data-step="${step}"]` : `#radix [data-bench="radix"][data-step="${step}"]`,
  ) !== null;

interface Timing {
  /** Input timestamp → first painted frame showing the next step. */
  painted: number;
  /** Input timestamp → the click's handlers and React's synchronous commit are done (before style, layout and paint). */
  committed: number;
}

let armed: Promise<Timing> | null = null;

const bench = {
  /** Both sides back on step 1, painted. */
  async reset(): Promise<void> {
    flushSync(() => setBaselineStep(0));
    store.getState().goToStep(PROMPT_ID, 0);
    await nextFrame();
    await nextFrame();
    if (!stepShown("kit", 1) || !stepShown("radix", 1)) throw new Error("reset: a side did not return to step 1");
  },
  /** Times the next click: from its input timestamp to the first painted frame that shows `step` on `side`. */
  arm(side: "kit" | "radix", step: number): void {
    armed = new Promise<Timing>((resolve, reject) => {
      addEventListener(
        "click",
        (event) => {
          const started = event.timeStamp;
          let committed = Number.NaN;
          // The window's bubble listener runs after React's (on its root); a microtask queued there
          // runs after the one React renders and commits the discrete update in.
          addEventListener("click", () => queueMicrotask(() => (committed = performance.now() - started)), { once: true });
          const poll = async (frames: number): Promise<void> => {
            const painted = await afterPaint();
            if (stepShown(side, step)) resolve({ painted: painted - started, committed });
            else if (frames > 60) reject(new Error(`${side}: step ${step} never showed after the click`));
            else await poll(frames + 1);
          };
          void poll(0);
        },
        { capture: true, once: true },
      );
    });
  },
  result(): Promise<Timing> {
    if (!armed) throw new Error("result() before arm()");
    return armed;
  },
  ready: () => stepShown("kit", 1) && stepShown("radix", 1),
};

Object.assign(window, { bench });
