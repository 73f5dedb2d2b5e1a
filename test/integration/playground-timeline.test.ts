// The playground's conversation order: the person's messages, the demo turns and the chips of
// questions no demo asked, merged by time — what makes a reload put every chip back in its place.
import { describe, expect, test } from "vitest";
import type { DemoRun } from "../../playground/api-types.js";
import { buildTimeline } from "../../playground/src/timeline.js";
import type { LoggedTurn } from "../../playground/src/turn-log.js";

const user = (key: string, atMs: number, text: string): LoggedTurn => ({ kind: "user", key, atMs, text });
const run = (runId: string, createdAtMs: number) => ({ runId, createdAtMs }) as DemoRun;

describe("buildTimeline", () => {
  test("interleaves messages, turns and loose chips by time, not by source", () => {
    const timeline = buildTimeline(
      [user("a", 100, "/single"), user("b", 300, "/three")],
      [run("run-1", 110), run("run-2", 310)],
      [
        { promptId: "ask_late", createdAtMs: 400 },
        { promptId: "ask_between", createdAtMs: 200 },
      ],
    );
    expect(timeline.map((item) => item.key)).toEqual(["turn:a", "run:run-1", "question:ask_between", "turn:b", "run:run-2", "question:ask_late"]);
  });

  test("at the same instant the message comes before its turn and the turn before a chip", () => {
    const timeline = buildTimeline([user("a", 100, "/single")], [run("run-1", 100)], [{ promptId: "ask_x", createdAtMs: 100 }]);
    expect(timeline.map((item) => item.kind)).toEqual(["turn", "run", "question"]);
  });
});
