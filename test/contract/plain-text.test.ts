import fc from "fast-check";
import { type Question, formatPromptText, parseTextReply, validateAnswers } from "../../src/contract/index.js";
import { questionSet } from "./arbitraries.js";
import { errorsOf, valueOf } from "./helpers.js";

const env: Question = {
  questionId: "env",
  header: "Environment",
  question: "Where should it go?",
  options: [{ label: "Prod", description: "Live traffic" }, { label: "Staging" }],
  isOther: true,
};
const extras: Question = {
  questionId: "extras",
  header: "Extras",
  question: "Which extras?",
  options: [{ label: "Tests" }, { label: "Docs" }, { label: "Red, Blue" }],
  multiSelect: true,
  isOther: true,
};
const strict: Question = {
  questionId: "strict",
  header: "Strict",
  question: "Yes or no?",
  options: [{ label: "Yes" }, { label: "No" }],
  isOther: false,
};
const free: Question = { questionId: "free", header: "Notes", question: "Anything else?", options: [], isOther: true };

describe("formatPromptText", () => {
  it("renders one question with its reply hint", () => {
    expect(formatPromptText([env])).toBe(
      [
        "Agent needs input:",
        "",
        "Environment",
        "Where should it go?",
        "1. Prod - Live traffic",
        "2. Staging",
        "Other: reply with your own answer.",
        "",
        "Reply with the number, the option text, or your own answer.",
      ].join("\n"),
    );
  });

  it("numbers headers when there are several questions", () => {
    expect(formatPromptText([env, strict], { intro: "The agent asks:" })).toBe(
      [
        "The agent asks:",
        "",
        "1. Environment",
        "Where should it go?",
        "1. Prod - Live traffic",
        "2. Staging",
        "Other: reply with your own answer.",
        "",
        "2. Strict",
        "Yes or no?",
        "1. Yes",
        "2. No",
        "",
        "Reply by number or question id. Use a declared option where choices are fixed.",
      ].join("\n"),
    );
  });

  it.each([
    [extras, "Reply with comma-separated option numbers or text, or your own answer."],
    [strict, "Reply with the number or option text."],
    [free, "Reply with your answer."],
  ])("picks the hint for %o", (question, hint) => {
    expect(formatPromptText([question]).split("\n").at(-1)).toBe(hint);
  });
});

describe("parseTextReply", () => {
  it.each([
    ["a number", [env], "2", { env: ["Staging"] }],
    ["a label in any case", [env], "  pRoD ", { env: ["Prod"] }],
    ["free text", [env], "  the moon  ", { env: ["the moon"] }],
    ["an out-of-range number as free text", [env], "7", { env: ["7"] }],
    ["a zero as free text", [env], "0", { env: ["0"] }],
    ["a label containing a comma, whole", [extras], "red, blue", { extras: ["Red, Blue"] }],
    ["a comma list", [extras], "1, docs, mine", { extras: ["Tests", "Docs", "mine"] }],
    ["semicolons and newlines, repeats dropped", [extras], "2;1\n2\n\n", { extras: ["Docs", "Tests"] }],
    [
      "keyed lines by id, header, text and number",
      [env, extras, free],
      "extras: 1, 2\nenvironment = 2\n3 - ship it",
      { env: ["Staging"], extras: ["Tests", "Docs"], free: ["ship it"] },
    ],
    ["keyed by question text", [env, strict], "Where should it go?: Prod\nyes or no? = no", { env: ["Prod"], strict: ["No"] }],
    ["one answer per line", [env, strict], "Staging\n1", { env: ["Staging"], strict: ["Yes"] }],
    ["a keyed line mixed with a positional one", [env, strict], "Prod\nstrict: 2", { env: ["Prod"], strict: ["No"] }],
  ])("reads %s", (_name, questions, reply, expected) => {
    expect(valueOf(parseTextReply(questions, reply))).toEqual(expected);
  });

  it.each([
    ["an empty reply", [env], "   ", ["/env"], "No answer for 'Environment'"],
    ["free text where only options count", [strict], "maybe", ["/strict"], "one of the listed labels"],
    ["a missing second line", [env, strict], "Prod", ["/strict"], "No answer for question 2 ('Strict')"],
    ["nothing recognisable for several", [env, free], "\n\n", ["/env", "/free"], "'free: …'"],
  ])("names the unanswered question on %s", (_name, questions, reply, paths, mention) => {
    const errors = errorsOf(parseTextReply(questions, reply));
    expect(errors.map((error) => error.path)).toEqual(paths);
    expect(errors.every((error) => error.code === "unanswered")).toBe(true);
    expect(errors.map((error) => error.message).join("\n")).toContain(mention);
  });

  it("refuses a reply that is not text", () => {
    expect(errorsOf(parseTextReply([env], 5 as unknown as string))).toEqual([
      { path: "", code: "invalid_type", message: "The reply must be text, not a number." },
    ]);
  });

  it("stays linear on a long line of spaces without a separator", () => {
    const reply = `${" ".repeat(200_000)}x`;
    expect(valueOf(parseTextReply([env, strict], `${reply}\n1`))).toEqual({ env: ["x"], strict: ["Yes"] });
  });
});

/** `k. label` lines of the rendered prompt, grouped per question: what a person reads. */
function shownOptions(text: string, questions: readonly Question[]): Map<number, string>[] {
  const blocks = text.split("\n\n").slice(1, 1 + questions.length);
  return blocks.map((block, index) => {
    const optionLines = block.split("\n").slice(2, 2 + (questions[index]?.options.length ?? 0));
    return new Map(
      optionLines.map((line) => {
        const match = /^(\d+)\. (.*)$/.exec(line);
        if (!match) throw new Error(`not an option line: ${line}`);
        return [Number(match[1]), match[2] ?? ""];
      }),
    );
  });
}

describe("plain-text round trip", () => {
  it("a reply of the numbers shown in the prompt picks exactly those options", () => {
    fc.assert(
      fc.property(
        questionSet,
        fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        (questions, rawPicks, keyed) => {
          const text = formatPromptText(questions);
          const shown = shownOptions(text, questions);
          const picks = questions.map((question, index) => {
            const numbers = (rawPicks[index] ?? [0]).map((pick) => (pick % question.options.length) + 1);
            return question.multiSelect ? [...new Set(numbers)] : numbers.slice(0, 1);
          });
          const reply =
            questions.length === 1
              ? (picks[0] ?? []).join(", ")
              : questions.map((question, index) => `${keyed ? `${question.questionId}: ` : ""}${(picks[index] ?? []).join(", ")}`).join("\n");
          const parsed = valueOf(parseTextReply(questions, reply));
          questions.forEach((question, index) => {
            expect(parsed[question.questionId]).toEqual((picks[index] ?? []).map((number) => shown[index]?.get(number)));
          });
          expect(validateAnswers(questions, parsed).ok).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
