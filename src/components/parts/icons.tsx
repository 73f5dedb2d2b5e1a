/** Decorative chevrons; sized by attributes so they stay small without any stylesheet. */
export function ChevronIcon({ direction }: { direction: "up" | "down" | "left" | "right" }) {
  const paths = { up: "M4 10l4-4 4 4", down: "M4 6l4 4 4-4", left: "M10 4L6 8l4 4", right: "M6 4l4 4-4 4" };
  return (
    <svg data-slot="ask-user-icon" data-direction={direction} aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
      <path d={paths[direction]} />
    </svg>
  );
}
