import { screen, within } from "@testing-library/react";
import { AskUserToolCallSummary } from "../../src/index.js";
import { formatToolResultText } from "../../src/contract/tool-result.js";
import { vi as vietnamese } from "../../src/messages/vi.js";
import { expectNoAxeViolations, makeStore, renderWith } from "./support.js";

const input = {
  questions: [{ id: "region", header: "Region", question: "Which region hosts it?", options: [{ label: "eu-west" }, { label: "us-east" }] }],
};
const questions = [
  { questionId: "region", header: "Region", question: "Which region hosts it?", options: [{ label: "eu-west" }, { label: "us-east" }] },
];
/** The Control UI tool-result surface's output, as the 2026.9.6 page hands it to a replacement. */
const output = (text: string) => ({ text, isError: false, completed: true });
const answeredText = formatToolResultText(questions, { status: "answered", answers: { answers: { region: ["us-east"] } } });

const lines = () =>
  within(screen.getByRole("group", { name: "Question outcome" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("AskUserToolCallSummary", () => {
  it.each([
    ["answered", output(answeredText), ["Region: us-east"], "answered"],
    [
      "cancelled (the history cannot say who: the Control UI's word)",
      output(formatToolResultText(questions, { status: "no_answer" }, { noAnswerStatus: "cancelled" })),
      ["Region: Skipped"],
      "skipped",
    ],
    ["expired", output(formatToolResultText(questions, { status: "no_answer" }, { noAnswerStatus: "expired" })), ["Region: Expired"], "expired"],
    ["a history message", { role: "toolResult", content: [{ type: "text", text: answeredText }] }, ["Region: us-east"], "answered"],
  ])("%s: the chip from the row's own input and result", async (_name, result, expected, outcome) => {
    const { container } = renderWith(<AskUserToolCallSummary toolCallId="call_1" input={input} result={result} sessionKey="agent:main:main" />);
    expect(lines()).toEqual(expected);
    expect(container.querySelector('[data-slot="ask-user-summary"]')?.getAttribute("data-outcome")).toBe(outcome);
    await expectNoAxeViolations(container);
  });

  it("gives two calls with the same tool call id (a model reuses ids across turns) their own chips", () => {
    const store = makeStore();
    const skipped = output(formatToolResultText(questions, { status: "no_answer" }, { noAnswerStatus: "cancelled" }));
    renderWith(
      <>
        <AskUserToolCallSummary toolCallId="call_fake1" input={input} result={output(answeredText)} />
        <AskUserToolCallSummary toolCallId="call_fake1" input={input} result={skipped} />
      </>,
      { store },
    );
    expect(screen.getAllByRole("group", { name: "Question outcome" }).map((chip) => chip.textContent)).toEqual([
      expect.stringContaining("Region: us-east"),
      expect.stringContaining("Region: Skipped"),
    ]);
    expect(Object.keys(store.getState().settled)).toHaveLength(2);
  });

  it.each([
    ["a hand-edited status", output('Region: us-east\n\n{"status": "maybe"}'), "/result/status", 'Region: us-east\n\n{"status": "maybe"}'],
    ["no status at all", output("The tool crashed before it could answer."), "/result", "The tool crashed before it could answer."],
    ["an error result with no text", { isError: true, completed: true }, "/result", '"isError": true'],
  ])("%s: the outcome is unknown, the field is named, the tool's own text is shown", async (_name, result, field, text) => {
    const { container } = renderWith(<AskUserToolCallSummary toolCallId="call_2" input={input} result={result} />);
    const chip = screen.getByRole("group", { name: "Question outcome" });
    expect(chip.getAttribute("data-outcome")).toBe("unknown");
    expect(within(chip).getByText("Outcome unknown")).toBeTruthy();
    expect(within(chip).getByText(`The stored result could not be read (${field}). The tool's own text:`)).toBeTruthy();
    expect(within(chip).getByRole("region", { name: "The tool's own text" }).textContent).toContain(text);
    await expectNoAxeViolations(container);
  });

  it("an unreadable input is named too, and a cyclic result cannot throw", () => {
    const cyclic: Record<string, unknown> = { completed: true };
    cyclic.self = cyclic;
    renderWith(<AskUserToolCallSummary toolCallId="call_3" input={{ questions: "many" }} result={cyclic} />);
    const chip = screen.getByRole("group", { name: "Question outcome" });
    expect(within(chip).getByText(/could not be read \(\/input\/questions, \/result\)/)).toBeTruthy();
    expect(within(chip).getByRole("region", { name: "The tool's own text" }).textContent).toBe("[object Object]");
  });

  it("speaks the provider's language", () => {
    renderWith(<AskUserToolCallSummary toolCallId="call_4" input={input} result={output("?")} />, { locale: vietnamese });
    expect(screen.getByText("Không rõ kết quả")).toBeTruthy();
  });
});
