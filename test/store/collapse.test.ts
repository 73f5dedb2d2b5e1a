import { describe, expect, it } from "vitest";
import { dockCollapseChange } from "../../src/store/docking.js";
import type { AskUserStore } from "../../src/store/types.js";
import { CHAT, makeRecord, makeStore } from "./fixtures.js";

/**
 * The collapse table of src/store/README.md ("The dock's collapse"), one row per entry. Each row
 * sets up the dock, then runs its actions with the composer probe saying "not typing" and
 * "typing", with `collapseDefault` false and true, and checks `collapsed` for three docks: one
 * that leaves the value to the store, a pinned one whose host refuses (the value stays, the change
 * is asked for), and a pinned one whose host accepts every request (exactly the first).
 */

type Expected = boolean | "default" | "unchanged";

interface Row {
  when: string;
  /** Builds the situation before the action; returns the action (several ways to trigger it). */
  cases: { name: string; setup: (store: AskUserStore) => void; act: (store: AskUserStore) => void }[];
  notTyping: Expected;
  typing: Expected;
}

const dockTwo = (store: AskUserStore, collapsed: boolean) => {
  store.getState().upsertRecords([makeRecord({ id: "ask_a", sessionKey: "main" }), makeRecord({ id: "ask_b", sessionKey: "main" })]);
  store.getState().setCollapsed(collapsed);
};

const ROWS: Row[] = [
  {
    when: "a prompt docks (arrives, or comes next after the one on screen ended)",
    cases: [
      {
        name: "arrives",
        setup: (store) => dockTwo(store, true),
        act: (store) => store.getState().upsertRecord(makeRecord({ id: "ask_c", sessionKey: "main" })),
      },
      {
        name: "arrives, dock was open",
        setup: (store) => dockTwo(store, false),
        act: (store) => store.getState().upsertRecord(makeRecord({ id: "ask_c" })),
      },
      {
        name: "comes next",
        setup: (store) => dockTwo(store, true),
        act: (store) => store.getState().applyResolved({ id: "ask_b", status: "cancelled" }),
      },
      {
        name: "comes next, dock was open",
        setup: (store) => dockTwo(store, false),
        act: (store) => store.getState().markUnavailable("ask_b"),
      },
    ],
    notTyping: "default",
    typing: true,
  },
  {
    when: "the prompt on screen ends and nothing is docked",
    cases: [
      {
        name: "ends collapsed",
        setup: (store) => {
          store.getState().upsertRecord(makeRecord({ id: "ask_a", sessionKey: "main" }));
          store.getState().setCollapsed(true);
        },
        act: (store) => store.getState().applyResolved({ id: "ask_a", status: "cancelled" }),
      },
      {
        name: "ends open",
        setup: (store) => store.getState().upsertRecord(makeRecord({ id: "ask_a" })),
        act: (store) => store.getState().applyResolved({ id: "ask_a", status: "expired" }),
      },
    ],
    notTyping: "default",
    typing: "default",
  },
  {
    when: "another docked prompt is put on screen (`setActive`, `cycleActive`, a view change)",
    cases: [
      { name: "setActive, open", setup: (store) => dockTwo(store, false), act: (store) => store.getState().setActive("ask_a") },
      { name: "setActive, collapsed", setup: (store) => dockTwo(store, true), act: (store) => store.getState().setActive("ask_a") },
      { name: "cycleActive", setup: (store) => dockTwo(store, false), act: (store) => store.getState().cycleActive(1) },
      {
        name: "a view change",
        setup: (store) => {
          store
            .getState()
            .upsertRecords([makeRecord({ id: "ask_a", sessionKey: "main" }), makeRecord({ id: "ask_b", sessionKey: "agent:ops:main" })]);
        },
        act: (store) => store.getState().setViewSessionKey("agent:ops:main"),
      },
    ],
    notTyping: "unchanged",
    typing: true,
  },
  {
    when: "`setCollapsed(value)` (Collapse, the bar, Escape)",
    cases: [
      { name: "collapse", setup: (store) => dockTwo(store, false), act: (store) => store.getState().setCollapsed(true) },
      { name: "expand", setup: (store) => dockTwo(store, true), act: (store) => store.getState().setCollapsed(false) },
    ],
    notTyping: "unchanged",
    typing: "unchanged",
  },
  {
    when: "a prompt of another session arrives, or any prompt changes without leaving the dock",
    cases: [
      {
        name: "another session",
        setup: (store) => dockTwo(store, true),
        act: (store) => store.getState().upsertRecord(makeRecord({ id: "ask_x", sessionKey: "agent:ops:main" })),
      },
      { name: "a pick", setup: (store) => dockTwo(store, true), act: (store) => store.getState().pickOption("ask_b", "target", CHAT) },
      {
        name: "the other docked one ends",
        setup: (store) => dockTwo(store, false),
        act: (store) => store.getState().applyResolved({ id: "ask_a", status: "cancelled" }),
      },
    ],
    notTyping: "unchanged",
    typing: "unchanged",
  },
];

// `setCollapsed(value)` sets `value`: the expected outcome is the value asked for, not the start.
const wantedBySetCollapsed = (name: string) => (name === "collapse" ? true : name === "expand" ? false : undefined);

type Dock = "store" | "pinned, host refuses" | "pinned, host accepts";

function run(row: Row, item: Row["cases"][number], typing: boolean, collapseDefault: boolean, dock: Dock) {
  const { store } = makeStore({ viewSessionKey: "main" });
  store.getState().setCollapseDefault(collapseDefault);
  item.setup(store);
  const start = store.getState().collapsed;
  store.getState().attachComposer(() => typing);
  if (dock !== "store") store.getState().pinCollapsed(start);
  if (dock === "pinned, host accepts") {
    store.subscribe((state, previous) => {
      if (state.collapseRequest !== previous.collapseRequest && state.collapseRequest) state.pinCollapsed(state.collapseRequest.collapsed);
    });
  }
  const requestBefore = store.getState().collapseRequest;
  item.act(store);
  const expected = typing ? row.typing : row.notTyping;
  const wanted = wantedBySetCollapsed(item.name) ?? (expected === "default" ? collapseDefault : expected === "unchanged" ? start : expected);
  return { state: store.getState(), start, wanted, requestBefore };
}

describe("the dock's collapse (src/store/README.md table)", () => {
  const combos = ROWS.flatMap((row) =>
    row.cases.flatMap((item) =>
      [false, true].flatMap((typing) =>
        [false, true].map(
          (collapseDefault) =>
            [
              `${row.when} (${item.name}), ${typing ? "typing" : "not typing"}, default ${collapseDefault}`,
              row,
              item,
              typing,
              collapseDefault,
            ] as const,
        ),
      ),
    ),
  );

  it.each(combos)("%s", (_name, row, item, typing, collapseDefault) => {
    const own = run(row, item, typing, collapseDefault, "store");
    expect(own.state.collapsed).toBe(own.wanted);
    expect(own.state.collapseRequest).toBeNull();

    const refused = run(row, item, typing, collapseDefault, "pinned, host refuses");
    expect(refused.state.collapsed).toBe(refused.start);
    if (refused.wanted === refused.start) expect(refused.state.collapseRequest).toBe(refused.requestBefore);
    else expect(refused.state.collapseRequest).toEqual({ collapsed: refused.wanted, promptId: refused.state.activeId });

    const accepted = run(row, item, typing, collapseDefault, "pinned, host accepts");
    expect(accepted.state.collapsed).toBe(own.state.collapsed);
  });

  it("covers every row of the README table", async () => {
    const { readFile } = await import("node:fs/promises");
    const readme = await readFile(new URL("../../src/store/README.md", import.meta.url), "utf8");
    const section = readme.slice(readme.indexOf("## The dock's collapse"), readme.indexOf("## Summaries outlive reloads"));
    const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| when"));
    const cells = rows.map((line) => line.slice(2, -2).split(" | "));
    expect(cells.map(([when]) => when)).toEqual(ROWS.map((row) => row.when));
    // The columns say what the rows check: the default, collapsed, unchanged, or the value asked for.
    const word = (expected: Expected, row: Row) =>
      row.when.startsWith("`setCollapsed")
        ? "`value`"
        : expected === "default"
          ? "`collapseDefault`"
          : expected === true
            ? "collapsed"
            : String(expected);
    for (const [i, row] of ROWS.entries()) {
      expect(cells[i]![1]!.startsWith(word(row.notTyping, row))).toBe(true);
      expect(cells[i]![2]!.startsWith(word(row.typing, row))).toBe(true);
    }
  });

  it("asks the composer probe only when a prompt comes on screen, never on a keystroke", () => {
    const { store } = makeStore();
    let probed = 0;
    store.getState().attachComposer(() => {
      probed++;
      return false;
    });
    store.getState().upsertRecord(makeRecord({ id: "ask_a" }));
    expect(probed).toBe(1);
    store.getState().setOtherText("ask_a", "target", "typed");
    store.getState().pickOption("ask_a", "target", CHAT);
    expect(probed).toBe(1);
  });
});

describe("pinning", () => {
  it("sets the value, keeps it through the rules, and asks again on each request", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ id: "ask_a" }));
    state().pinCollapsed(true);
    expect(state()).toMatchObject({ collapsed: true, collapsePinned: true, collapseRequest: null });
    state().setCollapsed(false);
    const first = state().collapseRequest;
    expect(first).toEqual({ collapsed: false, promptId: "ask_a" });
    state().setCollapsed(false);
    expect(state().collapseRequest).not.toBe(first);
    expect(state().collapsed).toBe(true);
    state().pinCollapsed(false);
    expect(state().collapsed).toBe(false);
  });

  it("unpins with null: the value stays and the rules apply it again", () => {
    const { state } = makeStore();
    state().upsertRecord(makeRecord({ id: "ask_a" }));
    state().pinCollapsed(true);
    state().setCollapsed(false);
    state().pinCollapsed(null);
    expect(state()).toMatchObject({ collapsed: true, collapsePinned: false, collapseRequest: null });
    state().upsertRecord(makeRecord({ id: "ask_b" }));
    expect(state().collapsed).toBe(false);
  });

  it("ignores bad input and repeats without writing", () => {
    const { state } = makeStore();
    state().pinCollapsed(false);
    const before = state();
    state().pinCollapsed(false);
    state().pinCollapsed("yes" as never);
    state().setCollapseDefault(1 as never);
    state().attachComposer("probe" as never)();
    expect(state()).toBe(before);
  });

  it("a detached probe no longer folds arrivals; detaching an older probe leaves the newer one", () => {
    const { state } = makeStore();
    const detachOld = state().attachComposer(() => false);
    const detachNew = state().attachComposer(() => true);
    detachOld();
    state().upsertRecord(makeRecord({ id: "ask_a" }));
    expect(state().collapsed).toBe(true);
    detachNew();
    state().upsertRecord(makeRecord({ id: "ask_b" }));
    expect(state().collapsed).toBe(false);
  });
});

describe("dockCollapseChange (what a dock's onCollapsedChange reports)", () => {
  it("reports changes while unpinned and requests while pinned, nothing else", () => {
    const { store, state } = makeStore();
    const reported: boolean[] = [];
    store.subscribe((next, previous) => {
      const change = dockCollapseChange(next, previous);
      if (change !== undefined) reported.push(change);
    });
    state().upsertRecord(makeRecord({ id: "ask_a" }));
    state().setCollapsed(true);
    state().pinCollapsed(true);
    state().setCollapsed(false);
    state().setCollapsed(false);
    state().pinCollapsed(false);
    state().pinCollapsed(null);
    state().setCollapsed(true);
    expect(reported).toEqual([true, false, false, true]);
  });
});
