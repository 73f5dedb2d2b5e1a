/**
 * The scripted demo agent's turns: each is the `ask_user` input a model would send, exactly as
 * the tool receives it (model-facing field names, ` (Recommended)` marker, `timeoutSeconds`). The
 * questions are the repo's shared samples (src/testing/sample-questions.ts).
 */
import { multiInput, notify, singleInput, threeStepsInput } from "../src/testing/sample-questions.js";

export interface Demo {
  /** Also the composer command (`/single`). */
  name: string;
  /** Button text and the user's side of the turn. */
  title: string;
  /** What the agent says before it calls the tool. */
  intro: string;
  input: unknown;
}

export const DEMOS: readonly Demo[] = [
  { name: "single", title: "Single-select", intro: "Before I ship the release I need one decision.", input: singleInput },
  { name: "multi", title: "Multi-select", intro: "I can run some checks before it ships.", input: multiInput },
  { name: "three", title: "Three questions", intro: "Three quick questions before the release goes out.", input: threeStepsInput },
  {
    name: "timeout",
    title: "30 s timeout",
    intro: "Quick one — I will carry on with my own judgment in 30 seconds.",
    input: { timeoutSeconds: 30, questions: [notify] },
  },
];

export function findDemo(name: string): Demo | undefined {
  return DEMOS.find((demo) => demo.name === name);
}
