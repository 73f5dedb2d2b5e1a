/**
 * The scripted demo agent's turns: each is the `ask_user` input a model would send, exactly as
 * the tool receives it (model-facing field names, ` (Recommended)` marker, `timeoutSeconds`).
 */

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
  {
    name: "single",
    title: "Single-select",
    intro: "Before I deploy the preview build I need one decision.",
    input: {
      questions: [
        {
          id: "deploy_target",
          header: "Deploy to",
          question: "Where should I deploy the preview build?",
          options: [
            { label: "Staging (Recommended)", description: "Mirrors production; nobody outside the team sees it." },
            { label: "Production", description: "Live users get it right away." },
            { label: "Local only", description: "Nothing leaves this machine." },
          ],
        },
      ],
    },
  },
  {
    name: "multi",
    title: "Multi-select",
    intro: "I can run some checks before opening the pull request.",
    input: {
      questions: [
        {
          id: "checks",
          header: "Checks",
          question: "Which checks should run before I open the pull request?",
          multiSelect: true,
          options: [
            { label: "Unit tests (Recommended)" },
            { label: "Type check" },
            { label: "Lint" },
            { label: "End-to-end tests", description: "Slow: about ten minutes." },
          ],
        },
      ],
    },
  },
  {
    name: "three",
    title: "Three questions",
    intro: "Let me set up the new project; three quick questions.",
    input: {
      questions: [
        {
          id: "framework",
          header: "Framework",
          question: "Which UI framework should the project use?",
          options: [{ label: "React (Recommended)" }, { label: "Vue" }, { label: "Svelte" }],
        },
        {
          id: "features",
          header: "Features",
          question: "Which features should I scaffold?",
          multiSelect: true,
          options: [{ label: "Sign-in" }, { label: "Payments" }, { label: "Analytics" }],
        },
        {
          id: "package_manager",
          header: "Packages",
          question: "Which package manager should the scripts use?",
          options: [{ label: "npm (Recommended)" }, { label: "pnpm" }, { label: "yarn" }],
        },
      ],
    },
  },
  {
    name: "timeout",
    title: "30 s timeout",
    intro: "Quick one — I will carry on with my own judgment in 30 seconds.",
    input: {
      timeoutSeconds: 30,
      questions: [
        {
          id: "log_level",
          header: "Log level",
          question: "Which log level should the nightly job use?",
          options: [{ label: "info (Recommended)" }, { label: "debug" }, { label: "warn" }],
        },
      ],
    },
  },
];

export function findDemo(name: string): Demo | undefined {
  return DEMOS.find((demo) => demo.name === name);
}
