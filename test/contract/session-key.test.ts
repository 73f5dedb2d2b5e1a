import fc from "fast-check";
import { canonicalSessionKey, sameSessionKey } from "../../src/contract/index.js";

describe("canonicalSessionKey (the gateway's stored form, default config)", () => {
  it.each([
    ["main", "agent:main:main"],
    [" MAIN ", "agent:main:main"],
    ["agent:main:main", "agent:main:main"],
    ["probe", "agent:main:probe"],
    ["Probe", "agent:main:probe"],
    ["agent:main:probe", "agent:main:probe"],
    [" agent:Main:Probe ", "agent:main:probe"],
    ["agent:ops:main", "agent:ops:main"],
    ["agent:ops:telegram:direct:123", "agent:ops:telegram:direct:123"],
    ["telegram:group:-100", "agent:main:telegram:group:-100"],
    ["global", "global"],
    ["Unknown", "unknown"],
    // Malformed agent keys are kept, never prefixed a second time.
    ["agent:ops", "agent:ops"],
    ["Agent:", "agent:"],
    ["", ""],
    ["   ", ""],
    // Opaque ids keep their case, as the gateway keeps them.
    ["agent:main:signal:group:AbC=", "agent:main:signal:group:AbC="],
    ["Signal:Group:AbC=", "agent:main:signal:group:AbC="],
    ["agent:main:Matrix:Channel:!RoomX:Example.org", "agent:main:matrix:channel:!RoomX:Example.org"],
    ["matrix:group:!RoomX:srv:THREAD:$EvT", "agent:main:matrix:group:!RoomX:srv:thread:$EvT"],
  ])("%j → %j", (key, expected) => {
    expect(canonicalSessionKey(key)).toBe(expected);
  });

  it.each([
    [{ defaultAgentId: "Ops" }, "main", "agent:ops:main"],
    [{ defaultAgentId: "Ops" }, "probe", "agent:ops:probe"],
    [{ defaultAgentId: "my agent!" }, "probe", "agent:my-agent:probe"],
    [{ defaultAgentId: "  " }, "probe", "agent:main:probe"],
    [{ mainKey: "Work" }, "main", "agent:main:work"],
    [{ mainKey: "work" }, "work", "agent:main:work"],
    [{ mainKey: "work" }, "agent:main:main", "agent:main:work"],
    [{ mainKey: "work" }, "agent:ops:main", "agent:ops:work"],
  ])("with %j: %j → %j", (options, key, expected) => {
    expect(canonicalSessionKey(key, options)).toBe(expected);
  });

  it("treats a value that is not a string as no session", () => {
    expect(canonicalSessionKey(42 as unknown as string)).toBe("");
  });
});

describe("sameSessionKey", () => {
  it.each([
    ["main", "agent:main:main", true],
    ["probe", "agent:main:probe", true],
    ["Probe", " agent:main:PROBE", true],
    ["probe", "agent:ops:probe", false],
    ["main", "agent:ops:main", false],
    ["global", "agent:main:global", false],
    ["matrix:channel:!Abc", "matrix:channel:!abc", false],
    ["", "", false],
    ["  ", "", false],
    [null, null, false],
    [undefined, "main", false],
  ])("%j vs %j → %j", (a, b, expected) => {
    expect(sameSessionKey(a, b)).toBe(expected);
    expect(sameSessionKey(b, a)).toBe(expected);
  });

  it("uses the gateway's default agent when given", () => {
    expect(sameSessionKey("main", "agent:ops:main", { defaultAgentId: "ops" })).toBe(true);
  });
});

describe("session key properties", () => {
  const keyPart = fc.oneof(
    fc.constantFrom(
      "agent",
      "Agent",
      "main",
      "MAIN",
      "global",
      "unknown",
      "signal",
      "group",
      "matrix",
      "channel",
      "thread",
      "THREAD",
      "",
      " ",
      "ops",
      "AbC",
    ),
    fc.string({ maxLength: 6 }),
  );
  const sessionKey = fc.oneof(
    fc.array(keyPart, { maxLength: 6 }).map((parts) => parts.join(":")),
    fc.string(),
  );
  const options = fc.record({
    defaultAgentId: fc.option(fc.constantFrom("main", "ops", "My Agent"), { nil: undefined }),
    mainKey: fc.option(fc.constantFrom("main", "work"), { nil: undefined }),
  });

  it("canonical is idempotent and blank only for blank keys", () => {
    fc.assert(
      fc.property(sessionKey, options, (key, opts) => {
        const canonical = canonicalSessionKey(key, opts);
        expect(canonicalSessionKey(canonical, opts)).toBe(canonical);
        expect(canonical === "").toBe(key.trim() === "");
      }),
      { numRuns: 2000 },
    );
  });

  it("sameSessionKey is symmetric, and reflexive exactly for keys that name a session", () => {
    fc.assert(
      fc.property(sessionKey, sessionKey, options, (a, b, opts) => {
        expect(sameSessionKey(a, b, opts)).toBe(sameSessionKey(b, a, opts));
        expect(sameSessionKey(a, a, opts)).toBe(a.trim() !== "");
        expect(sameSessionKey(a, canonicalSessionKey(a, opts), opts)).toBe(a.trim() !== "");
      }),
      { numRuns: 2000 },
    );
  });
});
