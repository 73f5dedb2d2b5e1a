/**
 * The memory soak (run by `npm run soak` under `node --expose-gc`): nothing the kit holds grows
 * without bound. 30,000 questions arrive and settle through the bridge into one store (heap read
 * at 2,000, 10,000 and 30,000), then 500 reconnect cycles of a kit against the embedded gateway
 * over loopback, then 30,000 settles beside a mounted AskUserTranscript in Chromium. Growth checks, not speed goals: it reads heap, counts and handles, never times,
 * so a busy machine cannot fail it. Prints a table and exits 1 when something grows.
 */
import { soakArrivals } from "./arrivals.js";
import { soakChips } from "./chips.js";
import { requireGc } from "./measure.js";
import { soakReconnectCycles } from "./reconnect-cycles.js";

requireGc();
const rows: [measure: string, value: string, bound: string, ok: boolean][] = [];
const check = (measure: string, value: number, bound: number, unit: string, digits = 2) =>
  rows.push([measure, `${value.toFixed(digits)}${unit}`, `≤ ${bound}${unit}`, value <= bound]);

const CHECKPOINTS = [2_000, 10_000, 30_000];
/** The most settled prompts the store keeps per session (src/store/transcript-bound.ts). */
const KEPT = 200;
const arrivals = await soakArrivals(CHECKPOINTS);
const [first, , last] = arrivals.readings;
if (!first || !last) throw new Error("soak: the arrivals returned no readings");
// By 2,000 settles the transcript is at its cap, so the heap is at its plateau. Measured +0.35 MB
// alone and +1.75 MB beside other work over the next 28,000; one settled prompt kept per settle
// (~2.5 KB) would add ~70 MB. 4 MB (150 bytes a settle) tells the two apart.
check(
  `heap growth, ${first.arrivals.toLocaleString("en")} → ${last.arrivals.toLocaleString("en")} arrivals + settles (after GC)`,
  (last.heapBytes - first.heapBytes) / 1048576,
  4,
  " MB",
);
for (const reading of arrivals.readings) {
  const label = reading.arrivals.toLocaleString("en");
  check(`settled prompts kept after ${label}`, reading.settledPrompts, KEPT, "", 0);
  check(`open prompts left after ${label}`, reading.openPrompts, 0, "", 0);
}
// The persisted summaries are capped like the transcript: the same bytes at every checkpoint.
check(
  `persisted bytes, ${last.arrivals.toLocaleString("en")} ÷ ${first.arrivals.toLocaleString("en")}`,
  last.storedBytes / first.storedBytes,
  1.05,
  "×",
);
check("transport listeners left after disconnect", arrivals.listenersAfterDisconnect, 0, "", 0);
rows.push([
  "timers after disconnect and destroy",
  `${arrivals.timersBefore} → ${arrivals.timersAfter}`,
  "no more",
  arrivals.timersAfter <= arrivals.timersBefore,
]);

const [early, late] = await soakReconnectCycles(500, [50, 500]);
if (!early || !late) throw new Error("soak: the reconnect cycles returned no readings");
const cycles = late.cycle - early.cycle;
// Measured ~4 KB a cycle: the cycle's answered prompt, kept in the transcript by design (~2.5 KB),
// plus JIT code still being compiled (heap snapshots at cycles 100 and 400 show nothing else
// growing). 12 KB is three times that: room for GC noise, while one host listener left behind per
// cycle (each holds ~16 KB of view state, reconnect-cycles.ts) measured 37 KB a cycle.
check(`heap growth per reconnect cycle (${early.cycle} → ${late.cycle}, after GC)`, (late.heapBytes - early.heapBytes) / cycles / 1024, 12, " KB");
// Work per cycle must not grow: a bridge or client listener left behind by a reconnect would send
// another hydration or write the store again on every later one.
check("kit → gateway frames per cycle, late ÷ early", late.framesPerCycle / early.framesPerCycle, 1.25, "×");
check("store notifications per cycle, late ÷ early", late.storeWritesPerCycle / early.storeWritesPerCycle, 1.25, "×");
// Sockets, servers and timers in use must be the same: one live connection's worth at both points.
for (const kind of new Set([...Object.keys(early.resources), ...Object.keys(late.resources)])) {
  const before = early.resources[kind] ?? 0;
  const after = late.resources[kind] ?? 0;
  rows.push([`live ${kind} after cycle ${early.cycle} → ${late.cycle}`, `${before} → ${after}`, "no more", after <= before]);
}

const chips = await soakChips(CHECKPOINTS);
const [chipsFirst, , chipsLast] = chips;
if (!chipsFirst || !chipsLast) throw new Error("soak: the chips soak returned no readings");
for (const reading of chips) check(`chips on screen after ${reading.settled.toLocaleString("en")} settles (Chromium)`, reading.chips, KEPT, "", 0);
rows.push([
  `DOM elements, ${chipsFirst.settled.toLocaleString("en")} → ${chipsLast.settled.toLocaleString("en")} settles`,
  `${chipsFirst.nodes} → ${chipsLast.nodes}`,
  "no more",
  chipsLast.nodes <= chipsFirst.nodes,
]);
// Measured +0.17 MB over 28,000 settles; a chip or its fiber kept per settle would add tens of MB.
check(
  `page JS heap growth, ${chipsFirst.settled.toLocaleString("en")} → ${chipsLast.settled.toLocaleString("en")} settles (after GC)`,
  (chipsLast.heapBytes - chipsFirst.heapBytes) / 1048576,
  2,
  " MB",
);

console.log("\n[memory soak]");
console.log(
  `raw: heap ${arrivals.readings.map((reading) => `${(reading.heapBytes / 1048576).toFixed(1)} MB at ${reading.arrivals.toLocaleString("en")}`).join(", ")}; persisted ${arrivals.readings.map((reading) => `${(reading.storedBytes / 1024).toFixed(0)} KB`).join(" → ")}`,
);
console.log(
  `raw: page heap ${chips.map((reading) => `${(reading.heapBytes / 1048576).toFixed(1)} MB at ${reading.settled.toLocaleString("en")}`).join(", ")}`,
);
console.log(
  `raw: frames per cycle ${early.framesPerCycle.toFixed(2)} → ${late.framesPerCycle.toFixed(2)}, store notifications per cycle ${early.storeWritesPerCycle.toFixed(2)} → ${late.storeWritesPerCycle.toFixed(2)}, heap ${(early.heapBytes / 1048576).toFixed(1)} → ${(late.heapBytes / 1048576).toFixed(1)} MB`,
);
const width = Math.max(...rows.map(([measure]) => measure.length));
console.log(`${"measure".padEnd(width)} | value      | bound   | result`);
for (const [measure, value, bound, ok] of rows)
  console.log(`${measure.padEnd(width)} | ${value.padEnd(10)} | ${bound.padEnd(7)} | ${ok ? "ok" : "LEAK"}`);
const failed = rows.filter(([, , , ok]) => !ok).length;
console.log(failed === 0 ? "[memory soak] 0 violations" : `[memory soak] ${failed} violation(s)`);
process.exit(failed === 0 ? 0 : 1);
