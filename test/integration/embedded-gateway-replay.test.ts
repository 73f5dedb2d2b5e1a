// Replays the recorded walk through a real OpenClaw 2026.9.6 gateway (fixtures/openclaw-replies.json)
// against the embedded gateway: after normalizing ids, nonces, times and versions, every reply,
// error, event and close must be identical. The probe uses real timers (a 1 s expiry, 300 ms waits).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveLocalGateway, type ServedLocalGateway } from "../../src/testing/node.js";
import { normalize, runProtocolProbe, type ProbeStep } from "./support/protocol-probe.js";

const fixture = JSON.parse(readFileSync(new URL("./fixtures/openclaw-replies.json", import.meta.url), "utf8")) as {
  gateway: string;
  steps: ProbeStep[];
};

describe(`embedded gateway replays ${fixture.gateway}`, () => {
  let served: ServedLocalGateway;
  let steps: ProbeStep[];

  beforeAll(async () => {
    served = await serveLocalGateway({ port: 0, token: "replay-token" });
    steps = normalize(await runProtocolProbe({ url: served.url, token: "replay-token" }));
    // Generous: a probe step the gateway fails to answer should fail with the probe's own message.
  }, 150_000);

  afterAll(() => served.close());

  it("walks the same steps", () => {
    expect(steps.map((step) => step.step)).toEqual(fixture.steps.map((step) => step.step));
  });

  it.each(fixture.steps.map((step, index) => [step.step, index] as const))("%s", (_name, index) => {
    expect(steps[index]).toEqual(fixture.steps[index]);
  });
});
