// The playground's words and choices without a browser: a demo that did not start becomes a
// sentence with a way forward (never the HTTP status), both languages have every note, the theme
// and language survive a reload through storage and a link, and the demo agent keeps one question
// per session while questions asked with no session are not limited.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMOS, demoTurn } from "../../playground/demos.js";
import { createDemoAgent, type DemoAgent } from "../../playground/server/demo-agent.js";
import { normalizeAskUserInput } from "../../src/contract/index.js";
import { DEFAULT_PREFERENCES, STORAGE_KEY, readPreferences, withoutPreferenceParams, writePreferences } from "../../playground/src/preferences.js";
import { noteForStartFailure } from "../../playground/src/start-failure.js";
import { type Note, type NoteKey, STRINGS, en, noteText, vi } from "../../playground/src/strings.js";
import { type ServedLocalGateway, serveLocalGateway } from "../../src/testing/node.js";

const VIEW = "agent:main:main";
const OPS = "agent:main:ops";

describe("a demo that did not start", () => {
  test.each([
    {
      name: "the session on screen is busy",
      failure: { kind: "refused", status: 409, reason: "session-busy", detail: "ask_user already has a pending question for this session" },
      sessionKey: VIEW,
      note: { note: "sessionBusy", values: { session: VIEW } },
    },
    {
      name: "another session is busy",
      failure: { kind: "refused", status: 409, reason: "session-busy", detail: "ask_user already has a pending question for this session" },
      sessionKey: OPS,
      note: { note: "otherSessionBusy", values: { session: OPS } },
    },
    {
      name: "an old server's 409 without a reason",
      failure: { kind: "refused", status: 409, reason: undefined, detail: "busy" },
      sessionKey: VIEW,
      note: { note: "sessionBusy", values: { session: VIEW } },
    },
    {
      name: "the gateway refused",
      failure: { kind: "refused", status: 502, reason: "gateway-refused", detail: "the gateway refused question.request: not connected" },
      sessionKey: VIEW,
      note: { note: "gatewayRefused", values: { demo: "single", detail: "not connected" } },
    },
    {
      name: "the server is gone",
      failure: { kind: "unreachable", detail: "Failed to fetch" },
      sessionKey: VIEW,
      note: { note: "serverUnreachable", values: { demo: "single" } },
    },
    {
      name: "the server refused the request",
      failure: { kind: "refused", status: 400, reason: "unknown-demo", detail: 'unknown demo "nope"' },
      sessionKey: VIEW,
      note: { note: "requestRefused", values: { detail: 'unknown demo "nope"' } },
    },
  ] as const)("$name", ({ failure, sessionKey, note }) => {
    expect(noteForStartFailure(failure, { demo: "single", sessionKey, viewSession: VIEW })).toEqual(note);
  });

  test("a busy session reads as a sentence naming the session, in both languages, with no HTTP in it", () => {
    const note = noteForStartFailure(
      { kind: "refused", status: 409, reason: "session-busy", detail: "x" },
      { demo: "single", sessionKey: VIEW, viewSession: VIEW },
    );
    for (const strings of [en, vi]) {
      const text = noteText(strings, note);
      expect(text).toContain(VIEW);
      expect(text).not.toMatch(/409|failed \(|POST|\/api\//);
    }
    expect(noteText(en, note)).toMatch(/already waiting/);
    expect(noteText(vi, note)).toMatch(/đang chờ/);
  });
});

describe("the page's words", () => {
  const sample: { [K in NoteKey]: Extract<Note, { note: K }>["values"] } = {
    sessionBusy: { session: VIEW },
    otherSessionBusy: { session: OPS },
    gatewayRefused: { demo: "single", detail: "closed" },
    serverUnreachable: { demo: "single" },
    requestRefused: { detail: "bad" },
    askedElsewhere: { session: OPS },
    severalAsked: { count: "3" },
    restarted: {},
    restartRefused: {},
    restartFailed: { detail: "x" },
    unknownCommand: { command: "nope", commands: "/single, /help" },
    help: { commands: "/single, /help" },
    nothingWaiting: { commands: "/single, /help" },
    replyNotUnderstood: { detail: "no option 9" },
    replyTooLate: {},
  };

  test("every note reads in English and Vietnamese, differently, with its values in it", () => {
    for (const key of Object.keys(en.notes) as NoteKey[]) {
      const note = { note: key, values: sample[key] } as Note;
      const english = noteText(en, note);
      const vietnamese = noteText(vi, note);
      expect(english.length, key).toBeGreaterThan(10);
      expect(vietnamese, key).not.toBe(english);
      for (const [name, value] of Object.entries(note.values) as [string, string][]) {
        if (name === "demo") continue; // what "Try again" runs, not part of the sentence
        expect(english, key).toContain(value);
        expect(vietnamese, key).toContain(value);
      }
    }
    expect(Object.keys(vi.notes).sort()).toEqual(Object.keys(en.notes).sort());
    expect(STRINGS.vi.demoTitles).not.toEqual(STRINGS.en.demoTitles);
  });
});

describe("theme and language", () => {
  const memory = () => {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
  };

  test("nothing stored and no parameters: the system's theme, English", () => {
    expect(readPreferences("http://127.0.0.1:1/", memory())).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toEqual({ theme: "system", language: "en" });
  });

  test("what was written is what a reload reads", () => {
    const storage = memory();
    writePreferences(storage, { theme: "dark", language: "vi" });
    expect(readPreferences("http://127.0.0.1:1/?session=ops", storage)).toEqual({ theme: "dark", language: "vi" });
  });

  test("the URL's ?theme= and ?lang= win over storage; unknown values fall back one by one", () => {
    const storage = memory();
    writePreferences(storage, { theme: "dark", language: "vi" });
    expect(readPreferences("http://127.0.0.1:1/?theme=light&lang=en", storage)).toEqual({ theme: "light", language: "en" });
    expect(readPreferences("http://127.0.0.1:1/?theme=purple", storage)).toEqual({ theme: "dark", language: "vi" });
    storage.items.set(STORAGE_KEY, "{not json");
    expect(readPreferences("http://127.0.0.1:1/?lang=vi", storage)).toEqual({ theme: "system", language: "vi" });
    expect(readPreferences("http://127.0.0.1:1/", undefined)).toEqual(DEFAULT_PREFERENCES);
  });

  test("the preference parameters leave the URL once read; the session stays", () => {
    expect(withoutPreferenceParams("http://127.0.0.1:1/?session=ops&theme=dark&lang=vi")).toBe("http://127.0.0.1:1/?session=ops");
    expect(withoutPreferenceParams("http://127.0.0.1:1/?session=ops")).toBeUndefined();
  });
});

describe("the demo agent's sessions", () => {
  let gateway: ServedLocalGateway;
  let agent: DemoAgent;

  beforeAll(async () => {
    gateway = await serveLocalGateway({ host: "127.0.0.1", port: 0, token: "playground-units" });
    agent = createDemoAgent({ url: gateway.url, token: "playground-units" });
  });

  afterAll(async () => {
    agent?.close();
    await gateway?.close();
  });

  test("a second question in a busy session is refused as session-busy; another session and no session are not", async () => {
    const first = await agent.start("single", VIEW);
    expect(first.ok).toBe(true);
    const again = await agent.start("multi", VIEW);
    expect(again).toMatchObject({ ok: false, status: 409, reason: "session-busy" });
    expect((await agent.start("single", OPS)).ok).toBe(true);

    const loose = await Promise.all([agent.start("single", null), agent.start("multi", null)]);
    for (const started of loose) {
      expect(started.ok).toBe(true);
      if (started.ok) expect(started.run.sessionKey).toBeNull();
    }
    // Asked with no session: the gateway's record has none, so every session's view docks it.
    const listed = await agent.gateway.request<{ questions?: { id: string; sessionKey?: string }[] }>("question.list", {});
    const records = listed.questions ?? [];
    for (const started of loose) if (started.ok) expect(records.find((record) => record.id === started.run.questionId)?.sessionKey).toBeUndefined();
  });

  test("with the page in Vietnamese the agent asks in Vietnamese, under the same question ids", async () => {
    for (const demo of DEMOS) {
      const english = normalizeAskUserInput(demoTurn(demo, "en").input);
      const vietnamese = normalizeAskUserInput(demoTurn(demo, "vi").input);
      expect(english.ok && vietnamese.ok, demo.name).toBe(true);
      if (!english.ok || !vietnamese.ok) continue;
      expect(vietnamese.value.questions.map((question) => question.questionId)).toEqual(
        english.value.questions.map((question) => question.questionId),
      );
      expect(vietnamese.value.timeoutSeconds).toBe(english.value.timeoutSeconds);
      expect(vietnamese.value.questions[0]?.question).not.toBe(english.value.questions[0]?.question);
    }
    const started = await agent.start("three", "agent:main:vi", "vi");
    expect(started.ok).toBe(true);
    if (started.ok) expect(started.run.questions[0]?.question).toBe("Bản phát hành này nên lên đâu trước?");
  });

  test("an unknown demo is refused with its own reason", async () => {
    expect(await agent.start("nope", VIEW)).toMatchObject({ ok: false, status: 400, reason: "unknown-demo" });
  });
});
