/**
 * The memory soak of issue 12 (run by `npm run soak` under `node --expose-gc`): 10,000 prompts
 * settled through one store, then 500 reconnect cycles of a kit against the embedded gateway over
 * loopback. Prints a table and exits 1 on a clear leak. Costs are compared as ratios of the same
 * operation early and late in the run, never against fixed times, so a busy machine cannot fail it.
 */
import { soakReconnectCycles } from "./reconnect-cycles.js";
import { soakSettledPrompts } from "./settled-prompts.js";
import { requireGc } from "./measure.js";

requireGc();
const rows: [measure: string, value: string, bound: string, ok: boolean][] = [];
const check = (measure: string, value: number, bound: number, unit: string, digits = 2) =>
  rows.push([measure, `${value.toFixed(digits)}${unit}`, `≤ ${bound}${unit}`, value <= bound]);

const settled = await soakSettledPrompts(10_000);
// The transcript keeps 200 of the 10,000 settled prompts; the heap left after the run, per prompt
// kept, measured 5–7 KB (the prompts, their saved summaries, compiled code). 16 KB would mean the
// run keeps something of the prompts that left (a copied map, a listener, a whole draft set).
check(`heap per settled prompt (${settled.prompts} prompts, after GC)`, settled.heapBytesPerPrompt / 1024, 16, " KB");
// Settling and typing are meant to be flat in the transcript size. The summary document grows from
// 100 summaries to its 200 cap between the two readings, which alone can double a settle; a cost
// that scaled with the transcript would be ~100× (10,000 / 100). 4× separates the two clearly.
check("settle cost at 10,000 ÷ at 100 settled (median of 200)", settled.settleMsAtAll / settled.settleMsAt100, 4, "×");
check("keystroke cost at 10,000 ÷ at 100 settled (median of 200)", settled.keystrokeMsAtAll / settled.keystrokeMsAt100, 4, "×");

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

console.log("\n[memory soak]");
console.log(`raw: settle ${settled.settleMsAt100.toFixed(3)} → ${settled.settleMsAtAll.toFixed(3)} ms, keystroke ${settled.keystrokeMsAt100.toFixed(3)} → ${settled.keystrokeMsAtAll.toFixed(3)} ms (machine-dependent; only the ratios are checked)`);
console.log(`raw: frames per cycle ${early.framesPerCycle.toFixed(2)} → ${late.framesPerCycle.toFixed(2)}, store notifications per cycle ${early.storeWritesPerCycle.toFixed(2)} → ${late.storeWritesPerCycle.toFixed(2)}, heap ${(early.heapBytes / 1048576).toFixed(1)} → ${(late.heapBytes / 1048576).toFixed(1)} MB`);
const width = Math.max(...rows.map(([measure]) => measure.length));
console.log(`${"measure".padEnd(width)} | value      | bound   | result`);
for (const [measure, value, bound, ok] of rows) console.log(`${measure.padEnd(width)} | ${value.padEnd(10)} | ${bound.padEnd(7)} | ${ok ? "ok" : "LEAK"}`);
const failed = rows.filter(([, , , ok]) => !ok).length;
console.log(failed === 0 ? "[memory soak] 0 violations" : `[memory soak] ${failed} violation(s)`);
process.exit(failed === 0 ? 0 : 1);
