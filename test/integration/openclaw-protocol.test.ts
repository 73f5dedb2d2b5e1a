import { readFileSync } from "node:fs";
import { gatewayKind, useGatewayTarget } from "./support/gateway-target.js";
import { normalize, runProtocolProbe, type ProbeStep } from "./support/protocol-probe.js";

const fixture = JSON.parse(readFileSync(new URL("./fixtures/openclaw-replies.json", import.meta.url), "utf8")) as {
  gateway: string;
  steps: ProbeStep[];
};

describe("normalize", () => {
  it.each([
    ["nonce and ts", { nonce: "5b006828-d500-4754-8f10-f7f2f8d355bc", ts: 1796216732274 }, { nonce: "<nonce>", ts: "<ts>" }],
    [
      "record times",
      { createdAtMs: 1, expiresAtMs: 2, status: "pending" },
      { createdAtMs: "<createdAtMs>", expiresAtMs: "<expiresAtMs>", status: "pending" },
    ],
    [
      "connection ids",
      { server: { version: "2026.9.6", connId: "abc", bootId: "x" } },
      { server: { version: "<version>", connId: "<connId>", bootId: "<bootId>" } },
    ],
    [
      "codes and messages",
      { code: "INVALID_REQUEST", message: "question 'probe-x' was not found" },
      { code: "INVALID_REQUEST", message: "question 'probe-x' was not found" },
    ],
  ])("replaces only what changes between runs: %s", (_name, input, expected) => {
    expect(normalize(input)).toEqual(expected);
  });

  it("numbers generated ids by first appearance, in values and inside messages", () => {
    const a = `ask_${"a".repeat(32)}`;
    const b = `ask_${"b".repeat(32)}`;
    const input = [{ id: b }, { id: a, message: `question '${b}' is already answered` }, { id: b }];
    expect(normalize(input)).toEqual([
      { id: "<ask-id-1>" },
      { id: "<ask-id-2>", message: "question '<ask-id-1>' is already answered" },
      { id: "<ask-id-1>" },
    ]);
  });

  it("strips a run tag so a tagged run compares with the recorded one", () => {
    expect(normalize({ id: "probe-single-t1", sessionKey: "agent:main:probe-t1" }, "-t1")).toEqual({
      id: "probe-single",
      sessionKey: "agent:main:probe",
    });
  });

  it("is idempotent on the recorded fixture (nothing run-specific was recorded)", () => {
    expect(fixture.steps.length).toBeGreaterThan(0);
    expect(normalize(fixture.steps)).toEqual(fixture.steps);
    expect(JSON.stringify(fixture.steps)).not.toMatch(/ask_[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
  });
});

// The live comparison needs the real gateway that `npm run test:openclaw` starts.
if (gatewayKind() === "openclaw") {
  describe("real OpenClaw gateway", () => {
    it("replies exactly as recorded in fixtures/openclaw-replies.json", async () => {
      const target = await useGatewayTarget();
      const tag = `-t${Date.now().toString(36)}`;
      const steps = normalize(await runProtocolProbe({ url: target.url, token: target.token, tag }), tag);
      expect(steps.map((step) => step.step)).toEqual(fixture.steps.map((step) => step.step));
      for (const [index, step] of steps.entries()) expect(step, step.step).toEqual(fixture.steps[index]);
    }, 240_000);
  });
}
