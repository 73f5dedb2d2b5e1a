import { normalizeAskUserInput } from "../../src/contract/index.js";
import { errorsOf, problems, secondQuestion, validInput } from "./helpers.js";

type Input = ReturnType<typeof validInput>;
const q = (input: Input, index = 0) => input.questions[index] as Record<string, unknown>;
const option = (input: Input, index: number) => (q(input).options as Record<string, unknown>[])[index] as Record<string, unknown>;

describe("normalizeAskUserInput rejects each broken rule with a pointer and a code", () => {
  const cases: [name: string, input: unknown, expected: [string, string][], mentions: string][] = [
    ["null input", null, [["", "invalid_type"]], "The input must be an object"],
    ["array input", [], [["", "invalid_type"]], "not an array"],
    ["string input", "ask", [["", "invalid_type"]], "not a string"],
    ["unknown top-level field", validInput((i) => (i.threadId = "t")), [["/threadId", "unknown_field"]], "Unknown field threadId"],
    ["unknown field with pointer escapes", validInput((i) => (i["a/b~c"] = 1)), [["/a~1b~0c", "unknown_field"]], "a/b~c"],
    ["missing questions", {}, [["/questions", "required"]], "questions is required"],
    ["questions not an array", { questions: { id: "env" } }, [["/questions", "invalid_type"]], "must be an array"],
    ["no questions", { questions: [] }, [["/questions", "too_few"]], "ask 1 to 3"],
    [
      "four questions",
      validInput((i) => i.questions.push(secondQuestion("b"), secondQuestion("c"), secondQuestion("d"))),
      [["/questions", "too_many"]],
      "at most 3",
    ],
    ["question not an object", { questions: ["Where?"] }, [["/questions/0", "invalid_type"]], "questions[0] must be an object"],
    ["unknown question field", validInput((i) => (q(i).isSecret = true)), [["/questions/0/isSecret", "unknown_field"]], "questions[0].isSecret"],
    ["missing id", validInput((i) => delete q(i).id), [["/questions/0/id", "required"]], "questions[0].id is required"],
    ["id not a string", validInput((i) => (q(i).id = 7)), [["/questions/0/id", "invalid_type"]], "not a number"],
    ["blank id", validInput((i) => (q(i).id = "  ")), [["/questions/0/id", "empty"]], "questions[0].id is blank"],
    ["id with spaces and capitals", validInput((i) => (q(i).id = "Deploy Target")), [["/questions/0/id", "invalid_format"]], "e.g. 'deploy_target'"],
    ["id starting with a digit", validInput((i) => (q(i).id = "1st")), [["/questions/0/id", "invalid_format"]], "snake_case"],
    ["id with a hyphen", validInput((i) => (q(i).id = "deploy-target")), [["/questions/0/id", "invalid_format"]], "'deploy_target'"],
    [
      "duplicate question id",
      validInput((i) => i.questions.push(secondQuestion("env"))),
      [["/questions/1/id", "duplicate"]],
      "duplicate question id 'env'",
    ],
    [
      "duplicate question id after trimming",
      validInput((i) => i.questions.push(secondQuestion(" env "))),
      [["/questions/1/id", "duplicate"]],
      "duplicate question id 'env'",
    ],
    ["missing header", validInput((i) => delete q(i).header), [["/questions/0/header", "required"]], "questions[0].header is required"],
    ["header not a string", validInput((i) => (q(i).header = null)), [["/questions/0/header", "invalid_type"]], "not null"],
    ["blank header", validInput((i) => (q(i).header = " \t ")), [["/questions/0/header", "empty"]], "questions[0].header is blank"],
    ["missing question text", validInput((i) => delete q(i).question), [["/questions/0/question", "required"]], "questions[0].question"],
    ["blank question text", validInput((i) => (q(i).question = "   ")), [["/questions/0/question", "empty"]], "one sentence"],
    ["missing options", validInput((i) => delete q(i).options), [["/questions/0/options", "required"]], "2 to 4 options"],
    ["options not an array", validInput((i) => (q(i).options = "Yes, No")), [["/questions/0/options", "invalid_type"]], "must be an array"],
    ["one option", validInput((i) => (q(i).options = [{ label: "Yes" }])), [["/questions/0/options", "too_few"]], "has 1 option"],
    [
      "five options",
      validInput((i) => (q(i).options = ["a", "b", "c", "d", "e"].map((label) => ({ label })))),
      [["/questions/0/options", "too_many"]],
      "at most 4",
    ],
    [
      "option not an object",
      validInput((i) => ((q(i).options as unknown[])[1] = "Staging")),
      [["/questions/0/options/1", "invalid_type"]],
      "questions[0].options[1]",
    ],
    [
      "unknown option field",
      validInput((i) => (option(i, 1).value = "stg")),
      [["/questions/0/options/1/value", "unknown_field"]],
      "label and description",
    ],
    ["missing label", validInput((i) => delete option(i, 1).label), [["/questions/0/options/1/label", "required"]], "options[1].label is required"],
    ["label not a string", validInput((i) => (option(i, 1).label = 2)), [["/questions/0/options/1/label", "invalid_type"]], "not a number"],
    ["blank label", validInput((i) => (option(i, 1).label = "   ")), [["/questions/0/options/1/label", "empty"]], "options[1].label is blank"],
    ["label over 64", validInput((i) => (option(i, 1).label = "x".repeat(65))), [["/questions/0/options/1/label", "too_long"]], "at most 64"],
    [
      "duplicate label ignoring case and spaces",
      validInput((i) => (q(i).options = [{ label: "Yes" }, { label: " yes" }])),
      [["/questions/0/options/1/label", "duplicate"]],
      "question 'env' has duplicate option label 'yes'",
    ],
    [
      "description not a string",
      validInput((i) => (option(i, 0).description = 5)),
      [["/questions/0/options/0/description", "invalid_type"]],
      "a string",
    ],
    ["description null", validInput((i) => (option(i, 0).description = null)), [["/questions/0/options/0/description", "invalid_type"]], "not null"],
    ["multiSelect not a boolean", validInput((i) => (q(i).multiSelect = "true")), [["/questions/0/multiSelect", "invalid_type"]], "true or false"],
    ["timeout as a string", validInput((i) => (i.timeoutSeconds = "60")), [["/timeoutSeconds", "invalid_type"]], "not a string"],
    ["timeout null", validInput((i) => (i.timeoutSeconds = null)), [["/timeoutSeconds", "invalid_type"]], "not null"],
    ["timeout BigInt", validInput((i) => (i.timeoutSeconds = 60n)), [["/timeoutSeconds", "invalid_type"]], "not a BigInt"],
    ["timeout fractional", validInput((i) => (i.timeoutSeconds = 1.5)), [["/timeoutSeconds", "not_integer"]], "not 1.5"],
    ["timeout NaN", validInput((i) => (i.timeoutSeconds = Number.NaN)), [["/timeoutSeconds", "not_integer"]], "whole number"],
    ["timeout Infinity", validInput((i) => (i.timeoutSeconds = Number.POSITIVE_INFINITY)), [["/timeoutSeconds", "not_integer"]], "whole number"],
  ];

  it.each(cases)("%s", (_name, input, expected, mentions) => {
    const result = normalizeAskUserInput(input);
    expect(problems(result)).toEqual(expected);
    expect(
      errorsOf(result)
        .map((error) => error.message)
        .join("\n"),
    ).toContain(mentions);
  });

  it("names the field and ends with a sentence in every message", () => {
    const result = normalizeAskUserInput(validInput((i) => (option(i, 1).label = "")));
    for (const error of errorsOf(result)) expect(error.message).toMatch(/^[A-Za-z].*\.$/);
  });
});

describe("normalizeAskUserInput canonicalizes what it accepts", () => {
  const normalized = (input: unknown) => {
    const result = normalizeAskUserInput(input);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result;
  };

  it.each([
    ["Deployment target", "Deployment t"],
    ["  Env  ", "Env"],
    ["Exactly12chr", "Exactly12chr"],
    // 11 units then an emoji (2 units): cutting at 12 would split it, so the whole emoji goes.
    ["12345678901😀", "12345678901"],
    // 10 units, an emoji ending exactly at 12, then more: the emoji stays whole.
    ["1234567890😀x", "1234567890😀"],
    ["😀😀😀😀😀😀😀", "😀😀😀😀😀😀"],
  ])("header %j becomes %j", (header, expected) => {
    const { value } = normalized(validInput((i) => (q(i).header = header)));
    expect(value.questions[0]?.header).toBe(expected);
  });

  it.each([
    [undefined, 900],
    [5, 30],
    [9999, 3600],
    [30, 30],
    [3600, 3600],
    [0, 30],
    [-4, 30],
    [120, 120],
    [5.0, 30],
  ])("timeoutSeconds %j becomes %j", (timeoutSeconds, expected) => {
    const input = validInput((i) => {
      if (timeoutSeconds !== undefined) i.timeoutSeconds = timeoutSeconds;
    });
    expect(normalized(input).value.timeoutSeconds).toBe(expected);
  });

  it("trims every text, drops blank descriptions, keeps multiSelect only when true and adds isOther", () => {
    const input = {
      questions: [
        {
          id: " env ",
          header: " Env ",
          question: "  Where?  ",
          options: [
            { label: " Prod ", description: "  Live  " },
            { label: "Staging", description: "   " },
          ],
          multiSelect: false,
        },
        {
          id: "extras",
          header: "Extras",
          question: "Which?",
          options: [{ label: "Tests" }, { label: "Docs", description: "" }],
          multiSelect: true,
        },
      ],
    };
    expect(normalized(input).value).toEqual({
      questions: [
        {
          questionId: "env",
          header: "Env",
          question: "Where?",
          options: [{ label: "Prod", description: "Live" }, { label: "Staging" }],
          isOther: true,
        },
        {
          questionId: "extras",
          header: "Extras",
          question: "Which?",
          options: [{ label: "Tests" }, { label: "Docs" }],
          multiSelect: true,
          isOther: true,
        },
      ],
      timeoutSeconds: 900,
    });
  });

  it("accepts a label of exactly 64 characters, counted after trimming", () => {
    const label = "x".repeat(64);
    const { value } = normalized(validInput((i) => (option(i, 1).label = ` ${label} `)));
    expect(value.questions[0]?.options[1]?.label).toBe(label);
  });

  it("keeps only wire fields in questions and options", () => {
    const { value } = normalized(validInput((i) => i.questions.push({ ...secondQuestion(), multiSelect: true })));
    for (const question of value.questions) {
      for (const key of Object.keys(question)) expect(["questionId", "header", "question", "options", "multiSelect", "isOther"]).toContain(key);
      for (const each of question.options) for (const key of Object.keys(each)) expect(["label", "description"]).toContain(key);
    }
  });

  it("flags the recommended option beside the value and keeps its exact label", () => {
    const result = normalized(
      validInput((i) => i.questions.push({ ...secondQuestion(), options: [{ label: "Fast" }, { label: "Safe  (recommended)" }] })),
    );
    expect(result.recommended).toEqual({ env: [true, false], mode: [false, true] });
    expect(result.value.questions[0]?.options[0]?.label).toBe("Production (Recommended)");
    expect(result.value.questions[1]?.options[1]?.label).toBe("Safe  (recommended)");
    expect(JSON.stringify(result.value)).not.toContain('recommended":');
  });

  it("does not alias the caller's objects", () => {
    const input = validInput();
    const { value } = normalized(input);
    (value.questions[0]?.options[0] as { label: string }).label = "changed";
    expect(option(input, 0).label).toBe("Production (Recommended)");
  });
});

describe("normalizeAskUserInput reports all problems in one call", () => {
  it("lists every broken field, in input order", () => {
    const input = {
      questions: [
        { id: "Deploy Target", header: "  ", question: "Where?", options: [{ label: "Yes" }, { label: " yes" }], isSecret: true },
        { id: "mode", header: "Mode", question: "", options: [{ label: "x".repeat(70) }] },
        { id: "mode", header: "Mode", question: "Again?", options: [{ label: "A" }, { label: "B", extra: 1 }], multiSelect: 1 },
      ],
      timeoutSeconds: 2.5,
      threadId: "t",
    };
    expect(problems(normalizeAskUserInput(input))).toEqual([
      ["/threadId", "unknown_field"],
      ["/questions/0/isSecret", "unknown_field"],
      ["/questions/0/id", "invalid_format"],
      ["/questions/0/header", "empty"],
      ["/questions/0/options/1/label", "duplicate"],
      ["/questions/1/question", "empty"],
      ["/questions/1/options", "too_few"],
      ["/questions/1/options/0/label", "too_long"],
      ["/questions/2/options/1/extra", "unknown_field"],
      ["/questions/2/multiSelect", "invalid_type"],
      ["/questions/2/id", "duplicate"],
      ["/timeoutSeconds", "not_integer"],
    ]);
  });

  it("still inspects the first questions of an over-long list", () => {
    const input = validInput((i) => {
      i.questions.push(secondQuestion("b"), secondQuestion("c"), { ...secondQuestion("d"), header: "" });
    });
    expect(problems(normalizeAskUserInput(input))).toEqual([
      ["/questions", "too_many"],
      ["/questions/3/header", "empty"],
    ]);
  });

  it("summarises a flood of unknown fields instead of listing thousands", () => {
    const input: Record<string, unknown> = validInput();
    for (let index = 0; index < 5000; index += 1) input[`extra${index}`] = index;
    const errors = errorsOf(normalizeAskUserInput(input));
    expect(errors).toHaveLength(11);
    expect(errors.at(-1)).toMatchObject({ path: "", code: "unknown_field" });
    expect(errors.at(-1)?.message).toContain("4990 more unknown fields");
  });
});

describe("normalizeAskUserInput survives hostile values", () => {
  const throwing = () => {
    throw new Error("trap");
  };
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const cyclic: Record<string, unknown> = { questions: [] };
  (cyclic.questions as unknown[]).push(cyclic, cyclic.questions);

  const hostile: [string, unknown, [string, string][]][] = [
    [
      "a Proxy whose every trap throws",
      new Proxy({}, { get: throwing, ownKeys: throwing, has: throwing, getOwnPropertyDescriptor: throwing }),
      [
        ["", "unreadable"],
        ["/questions", "unreadable"],
        ["/timeoutSeconds", "unreadable"],
      ],
    ],
    ["a revoked Proxy", revoked, [["", "unreadable"]]],
    ["a revoked Proxy as a question", { questions: [revoked] }, [["/questions/0", "unreadable"]]],
    [
      "a throwing getter",
      {
        get questions() {
          return throwing();
        },
      },
      [["/questions", "unreadable"]],
    ],
    [
      "a throwing label getter",
      validInput((i) => Object.defineProperty(option(i, 1), "label", { get: throwing, enumerable: true })),
      [["/questions/0/options/1/label", "unreadable"]],
    ],
    [
      "a cyclic structure",
      cyclic,
      [
        ["/questions/0/questions", "unknown_field"],
        ["/questions/0/id", "required"],
        ["/questions/0/header", "required"],
        ["/questions/0/question", "required"],
        ["/questions/0/options", "required"],
        ["/questions/1", "invalid_type"],
      ],
    ],
    [
      "an array claiming 2^32-1 elements",
      { questions: new Array(2 ** 32 - 1) },
      [["/questions", "too_many"], ...Array.from({ length: 8 }, (_, index): [string, string] => [`/questions/${index}`, "invalid_type"])],
    ],
    [
      "a Proxy array with an absurd length",
      { questions: new Proxy([], { get: (_t, key) => (key === "length" ? 2 ** 53 : undefined) }) },
      [["/questions", "unreadable"]],
    ],
    ["a symbol", Symbol("x"), [["", "invalid_type"]]],
    ["a BigInt", 10n, [["", "invalid_type"]]],
    ["a function", () => validInput(), [["", "invalid_type"]]],
    ["a boxed string id", validInput((i) => (q(i).id = new String("env"))), [["/questions/0/id", "invalid_type"]]],
    ["a symbol label", validInput((i) => (option(i, 1).label = Symbol("label"))), [["/questions/0/options/1/label", "invalid_type"]]],
  ];

  it.each(hostile)("%s", (_name, input, expected) => {
    expect(problems(normalizeAskUserInput(input))).toEqual(expected);
  });

  it("reads each field once, so a getter that changes its answer cannot slip past validation", () => {
    let reads = 0;
    const input = validInput((i) =>
      Object.defineProperty(q(i), "header", {
        enumerable: true,
        get: () => (reads++ === 0 ? "Env" : 42),
      }),
    );
    const result = normalizeAskUserInput(input);
    expect(result.ok && result.value.questions[0]?.header).toBe("Env");
    expect(reads).toBe(1);
  });

  it("accepts transparent proxies, frozen objects and null-prototype objects holding valid data", () => {
    const base = validInput();
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, base);
    for (const input of [new Proxy(base, {}), Object.freeze(validInput()), bare]) expect(normalizeAskUserInput(input).ok).toBe(true);
  });

  it("ignores inherited properties", () => {
    const input = Object.create({ questions: validInput().questions }) as object;
    expect(problems(normalizeAskUserInput(input))).toEqual([["/questions", "required"]]);
  });

  it("handles megabyte strings without echoing them", () => {
    const huge = "X".repeat(2_000_000);
    const errors = errorsOf(normalizeAskUserInput(validInput((i) => (q(i).id = huge))));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message.length).toBeLessThan(400);
  });
});
