import { describe, expect, it } from "vitest";
import { pickActive } from "../../src/store/docking.js";
import type { PromptEntry, PromptStatus } from "../../src/store/types.js";
import { makeRecord } from "./fixtures.js";

function entry(id: string, seq: number, status: PromptStatus, sessionKey: string | undefined): PromptEntry {
  return { id, record: makeRecord({ id, sessionKey }), status, drafts: {}, step: 0, receivedAtMs: 0, seq };
}

describe("pickActive", () => {
  it("takes the first of equal nearest arrivals and the last of equal newest ones", () => {
    const prompts = {
      a: entry("a", 2, "pending", undefined),
      b: entry("b", 2, "pending", undefined),
      c: entry("c", 1, "pending", undefined),
    };
    expect(pickActive(prompts, null, null, 1)).toBe("a");
    expect(pickActive(prompts, null, null, 5)).toBe("b");
    expect(pickActive(prompts, null, null, undefined)).toBe("b");
    expect(pickActive({}, null, null, 0)).toBeNull();
  });

  it("keeps the current prompt while it is docked, and passes over ended prompts and other sessions'", () => {
    const prompts = {
      a: entry("a", 1, "pending", "main"),
      b: entry("b", 2, "answered", undefined),
      c: entry("c", 3, "pending", "agent:ops:main"),
      d: entry("d", 4, "submitting", "agent:main:main"),
    };
    expect(pickActive(prompts, "main", "a", 1)).toBe("a");
    expect(pickActive(prompts, "main", "b", 2)).toBe("d");
    expect(pickActive(prompts, "main", "c", 0)).toBe("a");
    expect(pickActive(prompts, "main", "missing", 4)).toBe("d");
    expect(pickActive(prompts, null, "missing", 2)).toBe("c");
  });
});
