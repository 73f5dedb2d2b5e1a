import type { ReactNode } from "react";
import type { SummaryOutcome } from "../../contract/summary.js";

/**
 * Decorative icons (`aria-hidden`: the text next to each one says the same). Sized by attributes
 * so they stay small without any stylesheet; drawn with `currentColor`, so the theme colours them.
 */
function Icon({ name, direction, children }: { name: string; direction?: string; children: ReactNode }) {
  return (
    <svg
      data-slot="ask-user-icon"
      data-icon={name}
      data-direction={direction}
      aria-hidden="true"
      focusable="false"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function ChevronIcon({ direction }: { direction: "up" | "down" | "left" | "right" }) {
  const paths = { up: "M4 10l4-4 4 4", down: "M4 6l4 4 4-4", left: "M10 4L6 8l4 4", right: "M6 4l4 4-4 4" };
  return (
    <Icon name="chevron" direction={direction}>
      <path d={paths[direction]} />
    </Icon>
  );
}

/** A speech bubble with a question mark: "the agent is asking". */
export function QuestionIcon() {
  return (
    <Icon name="question">
      <path d="M2.75 3.75a1.5 1.5 0 0 1 1.5-1.5h7.5a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5H7l-3 2.5v-2.5h.25a1.5 1.5 0 0 1-1.5-1.5zM6.6 5.4a1.45 1.45 0 1 1 2 1.33c-.4.18-.6.45-.6.87v.15M8 9.35v.05" />
    </Icon>
  );
}

/** A full circle as a path, so each icon stays one element (a transcript can hold hundreds of chips). */
const RING = "M8 1.75a6.25 6.25 0 1 1 0 12.5a6.25 6.25 0 1 1 0-12.5z";
/** A browser tab, the mark of "elsewhere" outcomes; what happened there is drawn inside it. */
const TAB =
  "M3.5 2.75h9a1.75 1.75 0 0 1 1.75 1.75v7a1.75 1.75 0 0 1-1.75 1.75h-9a1.75 1.75 0 0 1-1.75-1.75v-7a1.75 1.75 0 0 1 1.75-1.75zM1.75 5.5h12.5";

/** A circle with an exclamation mark: an error to read. */
export function AlertIcon() {
  return (
    <Icon name="alert">
      <path d={`${RING}M8 4.75v3.75M8 11.1v.05`} />
    </Icon>
  );
}

/** Two arrows chasing each other: a read of the prompt is being retried. */
export function SyncIcon() {
  return (
    <Icon name="sync">
      <path d="M13.25 8a5.25 5.25 0 0 1-9.4 3.2M2.75 8a5.25 5.25 0 0 1 9.4-3.2M12.4 2.3v2.7H9.7M3.6 13.7V11h2.7" />
    </Icon>
  );
}

/** A tray: questions waiting somewhere else. */
export function InboxIcon() {
  return (
    <Icon name="inbox">
      <path d="M2.25 9.25 4 3.75h8l1.75 5.5v3a1 1 0 0 1-1 1H3.25a1 1 0 0 1-1-1zM2.25 9.25h3.25l.75 1.5h3.5l.75-1.5h3.25" />
    </Icon>
  );
}

const OUTCOME_PATHS: Record<SummaryOutcome, string> = {
  answered: `${RING}m-2.6 6.45 1.8 1.8 3.5-3.7`,
  "answered-elsewhere": `${TAB}M5.6 9.3l1.6 1.5 3.2-3.3`,
  skipped: "M3.5 4.25 8 8l-4.5 3.75zM8.5 4.25 13 8l-4.5 3.75z",
  "skipped-elsewhere": `${TAB}M5.5 7.6l2 1.65-2 1.65M8.5 7.6l2 1.65-2 1.65`,
  expired: `${RING}M8 4.75V8l2.25 1.5`,
  "run-ended": `${RING}M6.25 5.75h3.5a.5.5 0 0 1 .5.5v3.5a.5.5 0 0 1-.5.5h-3.5a.5.5 0 0 1-.5-.5v-3.5a.5.5 0 0 1 .5-.5z`,
  unavailable: `${RING}M3.6 12.4l8.8-8.8`,
  "no-answer": `${RING}M5.5 8h5`,
};

/** One icon per way a prompt can end (the summary chip's leading mark). */
export function OutcomeIcon({ outcome }: { outcome: SummaryOutcome }) {
  return (
    <Icon name={`outcome-${outcome}`}>
      <path d={OUTCOME_PATHS[outcome]} />
    </Icon>
  );
}
