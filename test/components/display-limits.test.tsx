import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MAX_RECORD_HEADER_LENGTH, MAX_SHOWN_LABEL_LENGTH } from "../../src/contract/index.js";
import { AskUserPanel, AskUserTranscript } from "../../src/index.js";
import { selectPrompt } from "../../src/store/selectors.js";
import { record, renderWith } from "./support.js";

// Any operator client can `question.request` texts of any length (src/contract/limits.ts).
const hugeLabel = `Huge ${"x".repeat(100_000)}`;
const oversized = record({
  questions: [
    {
      questionId: "pick",
      header: "H".repeat(5_000),
      question: "Which one?",
      options: [{ label: hugeLabel }, { label: "Small" }],
      isOther: true,
    },
  ],
});

it("shows an oversized record clipped while the answer it sends keeps the exact label", async () => {
  const user = userEvent.setup();
  const { store, container } = renderWith(
    <>
      <AskUserPanel />
      <AskUserTranscript />
    </>,
  );
  act(() => store.getState().upsertRecord(oversized));

  const shown = container.querySelector('[data-slot="ask-user-option-label"]')!.textContent!;
  expect(shown).toHaveLength(MAX_SHOWN_LABEL_LENGTH);
  expect(shown.endsWith("…")).toBe(true);
  expect(screen.getByText(/^H+…$/).textContent).toHaveLength(MAX_RECORD_HEADER_LENGTH);

  await user.click(screen.getByRole("radio", { name: /^Huge x+…$/ }));
  await user.click(screen.getByRole("button", { name: "Submit" }));
  expect(selectPrompt(store.getState(), "ask_1")?.submittedAnswers).toEqual({ pick: [hugeLabel] });

  act(() => store.getState().resolveSucceeded("ask_1", { status: "answered", answers: { pick: [hugeLabel] } }));
  const chip = container.querySelector('[data-slot="ask-user-summary-line"]')!.textContent!;
  expect(chip.length).toBeLessThan(MAX_RECORD_HEADER_LENGTH + MAX_SHOWN_LABEL_LENGTH + 10);
});
