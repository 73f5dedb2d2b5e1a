/**
 * The resolve round trip where users meet it: on the real OpenClaw gateway of bench:control-ui
 * (its own Node 24 process, reached over loopback). The sides are bench/resolve-sides.ts's, the
 * kit (store.submit → bridge → gateway
 * client → question.resolve → the prompt answered in the store), the kit's question client alone,
 * and a raw WebSocket client sending the frame and parsing the reply, interleaved round by round.
 * An operator connection of the bench's own asks each question (`question.request` in the bench's
 * chat session, two single-select questions); a span starts once the asker has the gateway's reply
 * and both timed clients have the `question.requested` broadcast, and a round ends once both have
 * the `question.resolved` broadcast. Run before the playground is served, so no other client of
 * the gateway lives in this process but the asker, whose frames are stamped as the timed
 * clients' are. Reported side by side with no goal: the round trip's ratio goal was retired
 * (issue 35), as no person can tell tens of µs on a reply apart.
 */
import { randomBytes } from "node:crypto";
import { measureResolveSides, type ResolveRun } from "../resolve-sides.js";
import { connectBenchClient } from "./gateway-client.js";

const QUESTIONS = [
  {
    questionId: "target",
    header: "Target",
    question: "Where should the build deploy?",
    options: [{ label: "Staging" }, { label: "Production" }, { label: "Preview" }],
  },
  {
    questionId: "region",
    header: "Region",
    question: "Which region first?",
    options: [{ label: "Europe" }, { label: "America" }, { label: "Asia" }],
  },
];
const ANSWERS = { target: ["Production"], region: ["Asia"] };

export async function measureRealResolve(
  { url, token, sessionKey }: { url: string; token: string; sessionKey: string },
  { warmup, samples }: { warmup: number; samples: number },
): Promise<ResolveRun> {
  const tag = randomBytes(3).toString("hex");
  let n = 0;
  const askerStamps: number[] = [];
  const asker = await connectBenchClient(url, token, () => {
    askerStamps.push(performance.now());
    if (askerStamps.length > 64) askerStamps.splice(0, 32);
  });
  try {
    return await measureResolveSides(
      {
        url,
        token,
        answers: ANSWERS,
        ask: () => ({
          ready: asker.request("question.request", { id: `rt_${tag}_${++n}`, sessionKey, timeoutMs: 600_000, questions: QUESTIONS }),
        }),
        otherStamps: askerStamps,
      },
      // As in `npm run bench`: the store is replaced every 25 rounds (a session of up to ~75 prompts).
      { warmup, samples, roundsPerStore: 25 },
    );
  } finally {
    asker.close();
  }
}

export function printRealResolve(run: ResolveRun, samples: number): void {
  const { kit, client, raw } = run.sides;
  const ms = (value: number) => `${value.toFixed(3)} ms`.padStart(9);
  const row = (label: string, side: typeof kit) =>
    `${label.padEnd(44)} | ${ms(side.median)} | ${ms(side.p90)} | ${side === raw ? "       —" : `${(side.median / raw.median).toFixed(3)}×`.padStart(8)} | ${`${side.crossed}`.padStart(5)}`;
  const clientRatio = client.median / raw.median;
  const kitRatio = kit.median / raw.median;
  const over = (side: typeof kit) => `${((side.median - raw.median) * 1000).toFixed(0)} µs`;
  console.log(
    `\nresolve round trip on the real gateway (${samples} samples per side, interleaved, order rotating; bench/control-ui/resolve-round-trip.ts)`,
  );
  console.log(`${"side".padEnd(44)} |    median |       p90 | / raw    | spans with another client's frame`);
  console.log(`${"-".repeat(44)}-|-----------|-----------|----------|------`);
  console.log(row("raw WebSocket: question.resolve → reply", raw));
  console.log(row("kit question client: resolve() → reply", client));
  console.log(row("kit with its store: submit() → answered", kit));
  console.log(
    `kit question client: ${clientRatio.toFixed(3)}×, ${over(client)} over raw's median; with the store: ${kitRatio.toFixed(3)}×, ${over(kit)} over raw's median; transcript ≤ ${run.largestTranscript} prompts (reported, no goal)`,
  );
}
