import { describe, expect, it } from "vitest";
import type { AnswerMap, QuestionRecord } from "../../src/contract/types.js";
import { localSummaries } from "../../src/store/local-summaries.js";
import { selectPrompt } from "../../src/store/selectors.js";
import { summaryOutcome } from "../../src/store/summaries.js";
import type { AskUserGatewayPort, AskUserStore, PromptEntry } from "../../src/store/types.js";
import { CHAT, createMemoryStorage, makeRecord, makeStore } from "./fixtures.js";

/**
 * The prompt life table of src/store/README.md, one row per `it`. Every row starts from two
 * pending prompts in the session on screen: `ask_old`, and `ask_new`, which is shown (the newest
 * is active). The row drives `ask_new` and checks its state, who ended it, what the chip says, and
 * — whenever it ended — that the dock handed over to `ask_old`, expanded.
 */

const OLD = "ask_old";
const NEW = "ask_new";

interface Port extends AskUserGatewayPort {
  settle(outcome: { ok: true; value: unknown } | { ok: false; error: unknown }): Promise<void>;
  records: Map<string, QuestionRecord>;
}

/** A port whose one pending request the row settles by hand; `get` reads `records`. */
function createPort(): Port {
  let pending: { resolve: (value: never) => void; reject: (error: unknown) => void } | null = null;
  const records = new Map<string, QuestionRecord>();
  const request = <T>() =>
    new Promise<T>((resolve, reject) => {
      pending = { resolve: resolve as (value: never) => void, reject };
    });
  return {
    records,
    resolve: () => request(),
    cancel: () => request(),
    get: async (id) => {
      const record = records.get(id);
      if (!record) throw { message: "not found", reason: "QUESTION_NOT_FOUND" };
      return record;
    },
    async settle(outcome) {
      if (!pending) throw new Error("no request is in flight");
      if (outcome.ok) pending.resolve(outcome.value as never);
      else pending.reject(outcome.error);
      pending = null;
      // Let the store's promise handlers (and a follow-up `get`) run.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

function start() {
  const port = createPort();
  const storage = createMemoryStorage();
  const kit = makeStore({ gateway: port, storage, summaries: localSummaries({ storage }) });
  const { state } = kit;
  state().upsertRecord(makeRecord({ id: OLD, createdAtMs: 1_000 }));
  state().upsertRecord(makeRecord({ id: NEW, createdAtMs: 2_000, expiresAtMs: 50_000 }));
  expect(state().activeId).toBe(NEW);
  return { ...kit, port, storage, entry: () => selectPrompt(state(), NEW) as PromptEntry };
}

const answerBoth = (store: AskUserStore) => {
  store.getState().pickOption(NEW, "target", CHAT);
  store.getState().toggleOption(NEW, "extras", "Docs");
};
const OUR_ANSWERS: AnswerMap = { target: [CHAT], extras: ["Docs"] };
const typeOther = (store: AskUserStore) => store.getState().setOtherText(NEW, "target", "my own words");

type Row = {
  state: string;
  event: string;
  run: (kit: ReturnType<typeof start>) => Promise<void> | void;
  status: PromptEntry["status"];
  source?: PromptEntry["outcomeSource"];
  /** What the chip says; null while the prompt is still open. */
  chip: ReturnType<typeof summaryOutcome>;
  unsent?: AnswerMap;
  check?: (kit: ReturnType<typeof start>) => void;
};

const ROWS: Row[] = [
  {
    state: "pending",
    event: "pick, type, step",
    run: ({ store }) => {
      answerBoth(store);
      store.getState().nextStep(NEW);
    },
    status: "pending",
    chip: null,
    check: ({ entry, storage }) => {
      expect(entry().step).toBe(1);
      const reloaded = makeStore({ storage });
      reloaded.state().upsertRecord(makeRecord({ id: NEW }));
      expect(selectPrompt(reloaded.state(), NEW)).toMatchObject({ step: 1, drafts: { target: { selected: [CHAT] } } });
    },
  },
  {
    state: "pending",
    event: "submit (valid, connected, no hold)",
    run: ({ store }) => {
      answerBoth(store);
      expect(store.getState().submit(NEW)).toEqual({ ok: true, intent: "answer", answers: OUR_ANSWERS });
    },
    status: "submitting",
    chip: null,
    check: ({ entry }) => expect(entry()).toMatchObject({ intent: "answer", lastIntent: "answer", submittedAnswers: OUR_ANSWERS }),
  },
  {
    state: "pending",
    event: "skip with nothing typed",
    run: ({ store }) => void expect(store.getState().skip(NEW)).toEqual({ ok: true, intent: "skip" }),
    status: "submitting",
    chip: null,
    check: ({ entry }) => expect(entry().intent).toBe("skip"),
  },
  {
    state: "pending",
    event: "skip with a typed answer",
    run: ({ store }) => {
      typeOther(store);
      expect(store.getState().skip(NEW)).toMatchObject({ ok: false, reason: "CONFIRM_SKIP" });
    },
    status: "pending",
    chip: null,
    check: ({ entry }) => expect(entry().confirmingSkip).toBe(true),
  },
  {
    state: "pending (confirmingSkip)",
    event: "confirmSkip",
    run: ({ store }) => {
      typeOther(store);
      store.getState().skip(NEW);
      expect(store.getState().confirmSkip(NEW)).toEqual({ ok: true, intent: "skip" });
    },
    status: "submitting",
    chip: null,
  },
  {
    state: "submitting",
    event: "port resolves (answered)",
    run: async ({ store, port }) => {
      answerBoth(store);
      store.getState().submit(NEW);
      await port.settle({ ok: true, value: { status: "answered", answers: OUR_ANSWERS } });
    },
    status: "answered",
    source: "local",
    chip: "answered",
  },
  {
    state: "submitting",
    event: "port resolves (cancelled)",
    run: async ({ store, port }) => {
      store.getState().skip(NEW);
      await port.settle({ ok: true, value: { status: "cancelled" } });
    },
    status: "cancelled",
    source: "local",
    chip: "skipped",
  },
  {
    state: "submitting",
    event: "port rejects QUESTION_ALREADY_TERMINAL",
    run: async ({ store, port }) => {
      answerBoth(store);
      store.getState().submit(NEW);
      port.records.set(NEW, makeRecord({ id: NEW, status: "answered", answers: { answers: { target: ["Email"], extras: ["Tests"] } } }));
      await port.settle({ ok: false, error: { message: "already answered", reason: "QUESTION_ALREADY_TERMINAL" } });
    },
    status: "answered",
    source: "elsewhere",
    chip: "answered-elsewhere",
    unsent: OUR_ANSWERS,
  },
  {
    state: "submitting",
    event: "port rejects NOT_CONNECTED",
    run: async ({ store, port }) => {
      answerBoth(store);
      store.getState().submit(NEW);
      await port.settle({ ok: false, error: { message: "socket closed", reason: "NOT_CONNECTED" } });
    },
    status: "pending",
    chip: null,
    check: ({ entry }) => expect(entry().error?.reason).toBe("NOT_CONNECTED"),
  },
  {
    state: "submitting",
    event: "port rejects QUESTION_NOT_FOUND",
    run: async ({ store, port }) => {
      answerBoth(store);
      store.getState().submit(NEW);
      await port.settle({ ok: false, error: { message: "gone", reason: "QUESTION_NOT_FOUND" } });
    },
    status: "unavailable",
    chip: "unavailable",
    unsent: OUR_ANSWERS,
  },
  {
    state: "submitting",
    event: "port rejects otherwise (the record, read again, is still pending)",
    run: async ({ store, port }) => {
      answerBoth(store);
      store.getState().submit(NEW);
      port.records.set(NEW, makeRecord({ id: NEW, createdAtMs: 2_000, expiresAtMs: 50_000 }));
      await port.settle({ ok: false, error: { message: "busy", code: "UNAVAILABLE" } });
    },
    status: "pending",
    chip: null,
    check: ({ entry }) => {
      expect(entry()).toMatchObject({ error: { message: "busy", code: "UNAVAILABLE" }, lastIntent: "answer" });
      expect(entry().drafts.target?.selected).toEqual([CHAT]);
    },
  },
  {
    state: "open",
    event: "question.resolved answered, our answers",
    run: ({ store }) => {
      answerBoth(store);
      store.getState().submit(NEW);
      store.getState().applyResolved({ id: NEW, status: "answered", answers: { answers: OUR_ANSWERS } });
    },
    status: "answered",
    source: "local",
    chip: "answered",
  },
  {
    state: "open",
    event: "question.resolved answered, other answers",
    run: ({ store }) => {
      typeOther(store);
      store.getState().applyResolved({ id: NEW, status: "answered", answers: { answers: { target: ["Email"], extras: ["Tests"] } } });
    },
    status: "answered",
    source: "elsewhere",
    chip: "answered-elsewhere",
    unsent: { target: ["my own words"] },
    check: ({ store }) => expect(store.getState().settled[NEW]?.answers).toEqual({ target: ["Email"], extras: ["Tests"] }),
  },
  {
    state: "open",
    event: "question.resolved cancelled, our Skip in flight",
    run: ({ store }) => {
      store.getState().skip(NEW);
      store.getState().applyResolved({ id: NEW, status: "cancelled" });
    },
    status: "cancelled",
    source: "local",
    chip: "skipped",
  },
  {
    state: "open",
    event: "question.resolved cancelled by another client",
    run: ({ store }) => {
      typeOther(store);
      store.getState().applyResolved({ id: NEW, status: "cancelled" });
    },
    status: "cancelled",
    source: "elsewhere",
    chip: "skipped-elsewhere",
    unsent: { target: ["my own words"] },
  },
  {
    state: "open",
    event: "record with resolvedBy of a run",
    run: ({ store }) => {
      typeOther(store);
      store.getState().upsertRecord(makeRecord({ id: NEW, createdAtMs: 2_000, status: "cancelled", resolvedBy: "requester-inactive" }));
    },
    status: "cancelled",
    source: "run-ended",
    chip: "run-ended",
    unsent: { target: ["my own words"] },
  },
  {
    state: "open",
    event: "expiresAtMs passed (local timer)",
    run: ({ store, clock }) => {
      typeOther(store);
      clock.ms = 50_000;
      store.getState().expireDue(50_000);
    },
    status: "expired",
    chip: "expired",
    unsent: { target: ["my own words"] },
    check: ({ entry }) => expect(entry().locallyExpired).toBe(true),
  },
  {
    state: "expired (local)",
    event: "gateway confirms",
    run: ({ store, clock }) => {
      clock.ms = 50_000;
      store.getState().expireDue(50_000);
      store.getState().applyResolved({ id: NEW, status: "expired" });
    },
    status: "expired",
    chip: "expired",
  },
  {
    state: "expired (local)",
    event: "gateway still has it pending",
    run: ({ store, clock }) => {
      typeOther(store);
      clock.ms = 50_000;
      store.getState().expireDue(50_000);
      store.getState().upsertRecord(makeRecord({ id: NEW, createdAtMs: 2_000, expiresAtMs: 80_000 }));
    },
    status: "pending",
    chip: null,
    check: ({ entry }) => expect(entry().drafts.target?.otherText).toBe("my own words"),
  },
  {
    state: "pending",
    event: "a recovery read failed after a reconnect",
    run: ({ store }) => {
      answerBoth(store);
      store.getState().markChecking(NEW);
    },
    status: "pending",
    chip: null,
    check: ({ entry, state }) => {
      expect(entry().checking).toBe(true);
      expect(state().submit(NEW)).toMatchObject({ ok: false, reason: "CHECKING" });
      expect(state().skip(NEW)).toMatchObject({ ok: false, reason: "CHECKING" });
      expect(entry()).toMatchObject({ status: "pending", drafts: { target: { selected: [CHAT] } } });
    },
  },
  {
    state: "pending (checking)",
    event: "a read finds it still pending",
    run: ({ store }) => {
      answerBoth(store);
      store.getState().markChecking(NEW);
      store.getState().upsertRecord(makeRecord({ id: NEW, createdAtMs: 2_000, expiresAtMs: 50_000 }));
    },
    status: "pending",
    chip: null,
    check: ({ entry, state }) => {
      expect(entry().checking).toBeUndefined();
      expect(state().submit(NEW)).toMatchObject({ ok: true });
    },
  },
  {
    state: "pending (checking)",
    event: "a read or event says it ended",
    run: ({ store }) => {
      typeOther(store);
      store.getState().markChecking(NEW);
      store.getState().applyResolved({ id: NEW, status: "cancelled" });
    },
    status: "cancelled",
    source: "elsewhere",
    chip: "skipped-elsewhere",
    unsent: { target: ["my own words"] },
    check: ({ entry }) => expect(entry().checking).toBeUndefined(),
  },
  {
    state: "open",
    event: "gone after a reconnect (not found)",
    run: ({ store }) => {
      typeOther(store);
      store.getState().markUnavailable(NEW);
    },
    status: "unavailable",
    chip: "unavailable",
    unsent: { target: ["my own words"] },
  },
  {
    state: "unavailable",
    event: "a terminal record turns up",
    run: ({ store }) => {
      store.getState().markUnavailable(NEW);
      store.getState().upsertRecord(makeRecord({ id: NEW, createdAtMs: 2_000, status: "expired" }));
    },
    status: "expired",
    chip: "expired",
  },
];

describe("a prompt's life (src/store/README.md table)", () => {
  it.each(ROWS.map((row) => [`${row.state} + ${row.event} → ${row.status}`, row] as const))("%s", async (_name, row) => {
    const kit = start();
    await row.run(kit);
    const entry = kit.entry();
    expect(entry.status).toBe(row.status);
    if (row.source !== undefined) expect(entry.outcomeSource).toBe(row.source);
    expect(summaryOutcome(entry)).toBe(row.chip);
    if (row.chip !== null) {
      expect(entry.unsent).toEqual(row.unsent);
      // The dock hands over to the next waiting prompt, expanded.
      expect(kit.state().activeId).toBe(OLD);
      expect(kit.state().collapsed).toBe(false);
    } else {
      expect(kit.state().activeId).toBe(NEW);
    }
    row.check?.(kit);
  });

  it("covers every row of the README table", async () => {
    const { readFile } = await import("node:fs/promises");
    const readme = await readFile(new URL("../../src/store/README.md", import.meta.url), "utf8");
    const table = readme.slice(readme.indexOf("## A prompt's life"), readme.indexOf("Outcome words"));
    const rows = table.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| state") && !line.startsWith("|---"));
    // Rows without a prompt to drive (arrival, reload) are proven in records.test.ts and summary-persistence.test.ts.
    const drivable = rows.filter((line) => !line.startsWith("| — |"));
    expect(drivable).toHaveLength(ROWS.length);
  });
});

describe("arrival and reload rows", () => {
  it("a pending record docks expanded; a terminal one (or a held resolution) only leaves a chip", () => {
    const { state } = makeStore();
    state().setCollapsed(true);
    state().upsertRecord(makeRecord({ id: "ask_1" }));
    expect(state()).toMatchObject({ activeId: "ask_1", collapsed: false });
    state().upsertRecord(makeRecord({ id: "ask_2", status: "expired" }));
    state().applyResolved({ id: "ask_3", status: "cancelled" });
    state().upsertRecord(makeRecord({ id: "ask_3" }));
    expect(state().activeId).toBe("ask_1");
    expect(summaryOutcome(state().settled.ask_2!)).toBe("expired");
    expect(state().settled.ask_3?.status).toBe("cancelled");
  });

  it("a reload restores the settled summaries", () => {
    const storage = createMemoryStorage();
    const first = makeStore({ summaries: localSummaries({ storage }) });
    first.state().upsertRecord(makeRecord({ id: "ask_1", sessionKey: "agent:main:main" }));
    first.state().setOtherText("ask_1", "target", "kept");
    first.state().applyResolved({ id: "ask_1", status: "expired" });
    const reloaded = makeStore({ summaries: localSummaries({ storage }) });
    expect(reloaded.state().settled.ask_1).toMatchObject({ status: "expired", unsent: { target: ["kept"] } });
    expect(reloaded.state().activeId).toBeNull();
  });
});
