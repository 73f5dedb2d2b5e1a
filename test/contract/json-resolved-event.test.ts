import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adoptJsonResolvedEvent } from "../../src/contract/json-resolved-event.js";
import { parseResolvedEvent } from "../../src/contract/index.js";

const canonical = () => ({ id: "ask_1", status: "answered", answers: { answers: { env: ["Prod"], checks: ["Unit", "Lint"] } } });

/** JSON data as a frame carries it. */
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe("adoptJsonResolvedEvent keeps an event that is already in the parser's form", () => {
  it("returns the event itself, equal to what the parser builds", () => {
    for (const event of [json(canonical()), json({ id: "ask_2", status: "cancelled" }), json({ id: "ask_3", status: "expired", answers: { answers: {} } })]) {
      expect(adoptJsonResolvedEvent(event)).toBe(event);
      expect(parseResolvedEvent(event)).toStrictEqual({ ok: true, value: event });
    }
  });

  const refused: [string, unknown][] = [
    ["an unknown field", { ...canonical(), resolvedBy: "operator" }],
    ["the parser's fields in another order", { status: "answered", id: "ask_1" }],
    ["no status (an error)", { id: "ask_1" }],
    ["a pending status (an error)", { id: "ask_1", status: "pending" }],
    ["a blank id (an error)", { id: " ", status: "answered" }],
    ["a flat answers map (wrapped by the parser)", { id: "ask_1", status: "answered", answers: { env: ["Prod"] } }],
    ["a legacy nested answer", { id: "ask_1", status: "answered", answers: { answers: { env: { answers: ["Prod"] } } } }],
    ["a single string answer", { id: "ask_1", status: "answered", answers: { answers: { env: "Prod" } } }],
    ["a non-string value (dropped)", { id: "ask_1", status: "answered", answers: { answers: { env: ["Prod", 3] } } }],
    ["an empty question id (dropped)", { id: "ask_1", status: "answered", answers: { answers: { "": ["Prod"] } } }],
    ["another envelope field (dropped)", { id: "ask_1", status: "answered", answers: { answers: { env: ["Prod"] }, by: "x" } }],
    ["answers that are no object (dropped)", { id: "ask_1", status: "answered", answers: "Prod" }],
    ["more question ids than the parser keeps", { id: "ask_1", status: "answered", answers: { answers: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`q${i}`, ["a"]])) } }],
    ["more values than the parser keeps", { id: "ask_1", status: "answered", answers: { answers: { env: Array.from({ length: 10_001 }, () => "a") } } }],
  ];
  it.each(refused)("leaves %s to the parser", (_, event) => {
    expect(adoptJsonResolvedEvent(json(event))).toBeUndefined();
  });

  it("does not take an inherited field for the event's own", () => {
    const { status: _, ...withoutStatus } = canonical();
    const inherited = Object.assign(Object.create({ status: "answered" }) as object, json(withoutStatus));
    expect(adoptJsonResolvedEvent(inherited)).toBeUndefined();
  });

  it("adopts only what the parser would build field for field, in the same order", () => {
    const value = fc.oneof({ weight: 20, arbitrary: fc.string({ maxLength: 6 }) }, { weight: 1, arbitrary: fc.constantFrom(1, null, true, { answers: ["x"] }) });
    const answerMap = fc.dictionary(fc.oneof({ weight: 10, arbitrary: fc.string({ minLength: 1, maxLength: 4 }) }, { weight: 1, arbitrary: fc.constant("") }), fc.oneof({ weight: 10, arbitrary: fc.array(value, { maxLength: 3 }) }, { weight: 1, arbitrary: value }), { maxKeys: 4 });
    const answers = fc.oneof({ weight: 10, arbitrary: answerMap.map((map) => ({ answers: map })) }, { weight: 2, arbitrary: answerMap }, { weight: 1, arbitrary: fc.constantFrom("x", null, [], { answers: {}, extra: 1 }) });
    const event = fc
      .record(
        {
          id: fc.oneof({ weight: 10, arbitrary: fc.constantFrom("ask_1", "ask_2") }, { weight: 1, arbitrary: fc.constantFrom("", " ", 7) }),
          status: fc.constantFrom("answered", "cancelled", "expired", "pending", undefined),
          answers,
          extra: fc.constant(1),
        },
        { requiredKeys: [] },
      )
      .chain((record) =>
        fc.oneof({ weight: 3, arbitrary: fc.constant(record) }, { weight: 1, arbitrary: fc.shuffledSubarray(Object.entries(record), { minLength: Object.keys(record).length }).map((pairs) => Object.fromEntries(pairs)) }),
      );
    let adopted = 0;
    fc.assert(
      fc.property(event, (raw) => {
        const payload = json(raw);
        const kept = adoptJsonResolvedEvent(payload);
        const parsed = parseResolvedEvent(json(raw));
        if (kept) {
          adopted += 1;
          expect(parsed).toStrictEqual({ ok: true, value: kept });
          expect(JSON.stringify(kept)).toBe(JSON.stringify(parsed.ok && parsed.value));
        } else if (parsed.ok) {
          // Refused although valid: the parser must have changed something.
          expect(JSON.stringify(parsed.value)).not.toBe(JSON.stringify(payload));
        }
      }),
      { numRuns: 2_000 },
    );
    expect(adopted).toBeGreaterThan(20);
  });
});
