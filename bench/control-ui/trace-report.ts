/**
 * Reads a Chromium performance trace (CDP Tracing with the V8 sampler) and prints where the
 * renderer's main thread spent each window: for real clicks, from the pointerdown to the end of
 * the first Paint after the click event; for questions shown, from the page's receipt of
 * `question.requested` to the frame with the question. Per window: input events by type, style
 * and layout forced inside script (and the script that forced them), the frame's own
 * style/layout/paint, and the sampled self and inclusive time by function. Used by
 * profile-step.ts and `npm run bench:control-ui -- --trace`.
 */
import { median } from "../stats.js";

export const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.stack",
  "disabled-by-default-v8.cpu_profiler",
  "v8.execute",
  "blink.user_timing",
];

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string; beginData?: Record<string, unknown> };
  id?: string;
}

type Window = { start: number; end: number };
type Span = { what: string; from: string; windows(events: TraceEvent[], onMain: TraceEvent[]): Window[] };

/** Prints the breakdown of `trace` (the JSON Chromium returns); `painted` are the probe's own figures for the same clicks. */
export function reportTrace(side: string, trace: Buffer, painted: number[]): void {
  report(side, parse(trace), painted, CLICKS);
}

/**
 * The same breakdown for showing a question: from the page's receipt of `question.requested` to the
 * frame the probe ended the sample in (its "bench:receipt" and "bench:end" marks, see traceMarks()
 * in probe.browser.js); `shown` are the probe's own receipt → shown figures for those questions.
 */
export function reportShownTrace(side: string, trace: Buffer, shown: number[]): void {
  report(side, parse(trace), shown, SHOWN);
}

const parse = (trace: Buffer) => (JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
const type = (event: TraceEvent) => String(event.args?.data?.type ?? "?");

/** From each pointerdown to the end of the first Paint that starts after the click's dispatch. */
const CLICKS: Span = {
  what: "real clicks",
  from: "pointerdown → end of first paint",
  windows(_events, onMain) {
    const dispatches = onMain.filter((event) => event.name === "EventDispatch");
    const windows: Window[] = [];
    for (const down of dispatches.filter((event) => type(event) === "pointerdown")) {
      const click = dispatches.find((event) => type(event) === "click" && event.ts > down.ts);
      if (!click) continue;
      const paint = onMain.find(
        (event) => (event.name === "Paint" || event.name === "PaintImage" || event.name === "Commit") && event.ts > click.ts + (click.dur ?? 0),
      );
      if (paint) windows.push({ start: down.ts, end: paint.ts + (paint.dur ?? 0) });
    }
    return windows;
  },
};

/** From each receipt mark to the first end mark after it. */
const SHOWN: Span = {
  what: "questions shown",
  from: "question.requested receipt → frame with the question",
  windows(events) {
    const marks = events.filter((event) => event.name === "bench:receipt" || event.name === "bench:end").sort((a, b) => a.ts - b.ts);
    const windows: Window[] = [];
    for (const receipt of marks.filter((event) => event.name === "bench:receipt")) {
      const end = marks.find((event) => event.name === "bench:end" && event.ts > receipt.ts);
      if (end) windows.push({ start: receipt.ts, end: end.ts });
    }
    return windows;
  },
};

function report(side: string, events: TraceEvent[], painted: number[], span: Span): void {
  const main = events.find(
    (event) =>
      event.name === "thread_name" && event.args?.name === "CrRendererMain" && events.some((e) => e.pid === event.pid && e.name === "EventDispatch"),
  );
  if (!main) throw new Error("no renderer main thread in the trace");
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === "X").sort((a, b) => a.ts - b.ts);
  const windows = span.windows(
    events.filter((event) => event.pid === main.pid),
    onMain,
  );
  const inWindow = (event: TraceEvent) => windows.some((w) => event.ts >= w.start && event.ts < w.end);
  const total = new Map<string, number>();
  const add = (key: string, us: number) => total.set(key, (total.get(key) ?? 0) + us);
  // Nesting: an event inside an EventDispatch/FunctionCall is "inside script" (a forced style or layout).
  const stack: TraceEvent[] = [];
  const forced = new Map<string, number>();
  for (const event of onMain) {
    while (stack.length > 0 && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= event.ts) stack.pop();
    if (inWindow(event)) {
      const inScript = stack.some(
        (outer) =>
          outer.name === "EventDispatch" || outer.name === "FunctionCall" || outer.name === "TimerFire" || outer.name === "FireAnimationFrame",
      );
      const dur = event.dur ?? 0;
      if (event.name === "EventDispatch" && stack.every((outer) => outer.name !== "EventDispatch")) add(`event ${type(event)}`, dur);
      else if ((event.name === "UpdateLayoutTree" || event.name === "Layout") && inScript) {
        add(`forced ${event.name === "Layout" ? "layout" : "style"} (inside script)`, dur);
        const frames = (event.args?.beginData?.stackTrace ?? event.args?.data?.stackTrace) as
          | { functionName?: string; url?: string; lineNumber?: number }[]
          | undefined;
        const where = (frames ?? [])
          .slice(0, 3)
          .map((frame) => `${frame.functionName || "(anonymous)"}@${(frame.url ?? "").split("/").pop()}:${(frame.lineNumber ?? 0) + 1}`)
          .join(" < ");
        const key = `${event.name === "Layout" ? "layout" : "style"} forced by ${where || "(no stack)"}`;
        forced.set(key, (forced.get(key) ?? 0) + dur);
      } else if (!inScript && ["UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit", "HitTest"].includes(event.name))
        add(`frame ${event.name}`, dur);
      else if (event.name === "FunctionCall" && stack.length === 0) add("other script (timers, messages, rAF)", dur);
      else if (event.name === "RunMicrotasks" && stack.length === 0) add("microtasks", dur);
    }
    stack.push(event);
  }
  const picks = windows.length;
  if (picks === 0) throw new Error(`${side}: no ${span.what} found in the trace`);
  const windowMs = median(windows.map((w) => (w.end - w.start) / 1000));
  console.log(
    `\n${side}: ${picks} ${span.what} traced; ${span.from} median ${windowMs.toFixed(1)} ms; the probe's figure for the same ones, median ${median(painted).toFixed(1)} ms`,
  );
  console.log(`  main-thread time per sample, by kind (ms, mean over samples):`);
  for (const [key, us] of [...total].sort((a, b) => b[1] - a[1])) console.log(`    ${(us / 1000 / picks).toFixed(2).padStart(7)}  ${key}`);
  console.log(`  forced style/layout by the script that forced it (ms per sample):`);
  for (const [key, us] of [...forced].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`    ${(us / 1000 / picks).toFixed(2).padStart(7)}  ${key}`);
  profileTop(side, events, main.pid, main.tid, windows, picks);
}

/** Self time by function from the sampled CPU profile (ProfileChunk events), inside the windows. */
function profileTop(side: string, events: TraceEvent[], pid: number, mainTid: number, windows: Window[], picks: number): void {
  const nodes = new Map<number, { name: string; url: string; line: number; parent?: number }>();
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  // One profile per thread: sample times run on per profile id.
  const clock = new Map<string, number>();
  const mainProfile = events.find((event) => event.pid === pid && event.tid === mainTid && event.name === "Profile")?.id;
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === "Profile") clock.set(String(event.id), Number((event.args?.data as { startTime?: number })?.startTime ?? 0));
    if (event.name !== "ProfileChunk" || event.id !== mainProfile) continue;
    let time = clock.get(String(event.id)) ?? 0;
    const data = event.args?.data as {
      cpuProfile?: {
        nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? [])
      nodes.set(node.id, {
        name: node.callFrame.functionName || "(anonymous)",
        url: node.callFrame.url ?? "",
        line: node.callFrame.lineNumber ?? 0,
        ...(node.parent !== undefined ? { parent: node.parent } : {}),
      });
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i += 1) {
      time += deltas[i] ?? 0;
      if (!windows.some((w) => time >= w.start && time < w.end)) continue;
      const node = nodes.get(samples[i]!);
      if (!node || node.name === "(idle)" || node.name === "(program)") continue;
      const file = node.url.split("/").pop() ?? "";
      const key = `${node.name} ${file}:${node.line + 1}`;
      const dt = deltas[i + 1] ?? deltas[i] ?? 0;
      self.set(key, (self.get(key) ?? 0) + dt);
      // Inclusive time of the page's own named functions (components, hooks, handlers) on the sample's stack.
      const seen = new Set<string>();
      for (let at: typeof node | undefined = node; at; at = at.parent === undefined ? undefined : nodes.get(at.parent)) {
        if (!at.url.includes("/assets/") || at.name === "(anonymous)") continue;
        const name = at.name;
        if (seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
      }
    }
    clock.set(String(event.id), time);
  }
  console.log(`  sampled JS self time per sample, top functions (ms):`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 18))
    console.log(`    ${(us / 1000 / picks).toFixed(2).padStart(7)}  ${key}`);
  console.log(`  sampled inclusive time per sample of the page's named functions (ms; React internals included):`);
  for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`    ${(us / 1000 / picks).toFixed(2).padStart(7)}  ${key}`);
}
