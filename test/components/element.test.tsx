import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createGatewayClient } from "../../src/client/index.js";
import { diffStoreEvents } from "../../src/store/store-events.js";
import {
  ASK_USER_ELEMENT_NAMES,
  ASK_USER_EVENTS,
  AskUserInboxElement,
  AskUserPanelElement,
  AskUserSummaryElement,
  defineAskUserElements,
  type AskUserEventDetails,
} from "../../src/element/index.js";
import type { AskUserStore } from "../../src/store/types.js";
import { createInMemoryWebSocket, createLocalGateway } from "../../src/testing/index.js";
import { expectNoAxeViolations, makeStore, record } from "./support.js";

defineAskUserElements();

afterEach(async () => {
  await act(async () => document.body.replaceChildren());
});

/** Appends inside `act` so React's first render has happened when this resolves. */
async function mount<T extends Element>(element: T): Promise<T> {
  await act(async () => document.body.append(element));
  return element;
}

function panelWith(store: AskUserStore) {
  const panel = document.createElement("ask-user-panel");
  panel.store = store;
  return panel;
}

/** Every kit event that reaches `document`, in order. */
function recordEvents() {
  const seen: { type: string; detail: unknown; composed: boolean; target: EventTarget | null }[] = [];
  const listener = (event: Event) =>
    seen.push({ type: event.type, detail: (event as CustomEvent).detail, composed: event.composed, target: event.target });
  for (const type of Object.values(ASK_USER_EVENTS)) document.addEventListener(type, listener);
  return { seen, types: () => seen.map((event) => event.type) };
}

const option = (name: string) => screen.getByRole("radio", { name });
const button = (name: string) => screen.getByRole("button", { name });

describe("defineAskUserElements", () => {
  it("defines the three tags once; a second call is a no-op", () => {
    expect(customElements.get(ASK_USER_ELEMENT_NAMES.panel)).toBe(AskUserPanelElement);
    expect(customElements.get(ASK_USER_ELEMENT_NAMES.summary)).toBe(AskUserSummaryElement);
    expect(customElements.get(ASK_USER_ELEMENT_NAMES.inbox)).toBe(AskUserInboxElement);
    expect(() => defineAskUserElements()).not.toThrow();
    expect(document.createElement("ask-user-panel")).toBeInstanceOf(AskUserPanelElement);
  });

  it("leaves a name another copy of the kit already defined", () => {
    const define = vi.fn();
    const foreign = class extends HTMLElement {};
    defineAskUserElements({ get: (name: string) => (name === "ask-user-panel" ? foreign : undefined), define } as unknown as CustomElementRegistry);
    expect(define.mock.calls.map(([name]) => name)).toEqual(["ask-user-summary", "ask-user-inbox"]);
  });

  it("reports a registry that refuses a definition instead of throwing into the host", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const registry = {
      get: () => undefined,
      define: () => {
        throw new DOMException("constructor already used", "NotSupportedError");
      },
    } as unknown as CustomElementRegistry;
    expect(() => defineAskUserElements(registry)).not.toThrow();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/could not define <ask-user-panel> \(constructor already used\)/));
    error.mockRestore();
  });

  it("does nothing without a registry (a server)", () => {
    expect(() => defineAskUserElements(undefined)).not.toThrow();
  });
});

describe("<ask-user-panel>", () => {
  it("renders the store's active prompt into its light DOM, accessible and unstyled by the element", async () => {
    const store = makeStore();
    store.getState().upsertRecord(record());
    const panel = await mount(panelWith(store));
    expect(panel.shadowRoot).toBeNull();
    expect(panel.querySelector('[data-slot="ask-user-panel"]')).not.toBeNull();
    expect(within(panel).getByRole("radiogroup", { name: "Where should this deploy?" })).toBeInTheDocument();
    expect(panel.getAttribute("style")).toBeNull();
    await expectNoAxeViolations(panel);
  });

  it("renders nothing until a prompt arrives, then shows it", async () => {
    const store = makeStore();
    const panel = await mount(panelWith(store));
    expect(panel.childElementCount).toBe(0);
    await act(async () => store.getState().upsertRecord(record()));
    expect(within(panel).getByRole("group", { name: "Question" })).toBeInTheDocument();
  });

  it("fires ask-user-submit with the answers, then ask-user-resolved once the gateway confirms; bubbling and composed", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.getState().upsertRecord(record());
    const panel = await mount(panelWith(store));
    const events = recordEvents();
    await user.click(option("Production"));
    await user.click(screen.getByRole("checkbox", { name: "Tests" }));
    await user.click(button("Next"));
    await user.click(option("Team"));
    await user.click(button("Submit"));
    const answers = { deploy_target: ["Production"], extras: ["Tests"], notify: ["Team"] };
    expect(events.seen).toEqual([
      {
        type: "ask-user-submit",
        detail: { promptId: "ask_1", answers, record: store.getState().prompts.ask_1!.record },
        composed: true,
        target: panel,
      },
    ]);
    await act(async () => store.getState().resolveSucceeded("ask_1", { status: "answered", answers }));
    expect(events.types()).toEqual(["ask-user-submit", "ask-user-resolved"]);
    expect(events.seen[1]!.detail).toMatchObject({ promptId: "ask_1", status: "answered", outcomeSource: "local", answers });
  });

  it("fires ask-user-skip when the person skips, and ask-user-resolved with the cancel", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.getState().upsertRecord(record());
    await mount(panelWith(store));
    const events = recordEvents();
    await user.click(button("Skip"));
    expect(events.seen.map(({ type, detail }) => [type, (detail as { promptId: string }).promptId])).toEqual([["ask-user-skip", "ask_1"]]);
    await act(async () => store.getState().resolveSucceeded("ask_1", { status: "cancelled" }));
    expect(events.seen[1]).toMatchObject({
      type: "ask-user-resolved",
      detail: { promptId: "ask_1", status: "cancelled", outcomeSource: "local" },
    });
  });

  it("fires ask-user-collapse on collapse and on expand, with the docked prompt", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.getState().upsertRecord(record());
    await mount(panelWith(store));
    const events = recordEvents();
    await user.click(button("Collapse question"));
    await user.click(screen.getByRole("button", { name: /Question · Target/ }));
    expect(events.seen.map(({ type, detail }) => [type, detail])).toEqual([
      ["ask-user-collapse", { collapsed: true, promptId: "ask_1" }],
      ["ask-user-collapse", { collapsed: false, promptId: "ask_1" }],
    ]);
  });

  it("derives events from the store, so a change made by host code is reported like a click", async () => {
    const store = makeStore();
    store.getState().upsertRecord(record());
    await mount(panelWith(store));
    const events = recordEvents();
    await act(async () => {
      store.getState().skip("ask_1");
      store.getState().resolveFailed("ask_1", { message: "boom" });
      store.getState().skip("ask_1");
      store.getState().applyResolved({ id: "ask_1", status: "answered", answers: { answers: { deploy_target: ["Preview"] } } });
    });
    expect(events.types()).toEqual(["ask-user-skip", "ask-user-skip", "ask-user-resolved"]);
    expect(events.seen[2]!.detail).toMatchObject({
      status: "answered",
      outcomeSource: "elsewhere",
      answers: { deploy_target: ["Preview"] },
    });
  });

  it("stops firing once removed from the document", async () => {
    const store = makeStore();
    store.getState().upsertRecord(record());
    const panel = await mount(panelWith(store));
    const events = recordEvents();
    await act(async () => panel.remove());
    const removed: string[] = [];
    panel.addEventListener("ask-user-skip", (event) => removed.push(event.detail.promptId));
    store.getState().skip("ask_1");
    expect(events.types()).toEqual([]);
    expect(removed).toEqual([]);
  });

  it("keeps its React tree (step and focus target) when moved within the document", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.getState().upsertRecord(record());
    const panel = await mount(panelWith(store));
    await user.click(option("Production"));
    const root = panel.querySelector('[data-slot="ask-user-root"]');
    const elsewhere = document.createElement("div");
    await act(async () => {
      document.body.append(elsewhere);
      elsewhere.append(panel);
    });
    expect(panel.querySelector('[data-slot="ask-user-root"]')).toBe(root);
    expect(root).toHaveAttribute("data-step", "2");
  });

  it("takes properties set before the tag was defined", async () => {
    class LatePanel extends AskUserPanelElement {}
    const store = makeStore();
    store.getState().upsertRecord(record());
    const early = document.createElement("ask-user-panel-late") as AskUserPanelElement;
    early.store = store;
    early.locale = "vi";
    document.body.append(early);
    await act(async () => customElements.define("ask-user-panel-late", LatePanel));
    expect(early).toBeInstanceOf(LatePanel);
    expect(early.store).toBe(store);
    expect(within(early).getByRole("group", { name: "Câu hỏi" })).toBeInTheDocument();
  });

  it.each([
    ["the locale attribute", (panel: AskUserPanelElement) => panel.setAttribute("locale", "vi"), "Bỏ qua"],
    ["the locale property", (panel: AskUserPanelElement) => (panel.locale = "vi"), "Bỏ qua"],
    ["a messages override", (panel: AskUserPanelElement) => (panel.messages = { skip: "Not now" }), "Not now"],
    ["an unknown locale tag (English)", (panel: AskUserPanelElement) => panel.setAttribute("locale", "xx"), "Skip"],
  ])("takes its strings from %s", async (_name, configure, skip) => {
    const store = makeStore();
    store.getState().upsertRecord(record());
    const panel = await mount(panelWith(store));
    await act(async () => configure(panel));
    expect(within(panel).getByRole("button", { name: skip })).toBeInTheDocument();
  });

  it.each([
    ["viewSessionKey property", (panel: AskUserPanelElement) => (panel.viewSessionKey = "other")],
    ["view-session-key attribute", (panel: AskUserPanelElement) => panel.setAttribute("view-session-key", "other")],
  ])("docks only the session on screen (%s)", async (_name, configure) => {
    const store = makeStore();
    store.getState().upsertRecord(record({ sessionKey: "main" }));
    const panel = await mount(panelWith(store));
    await act(async () => configure(panel));
    expect(store.getState().viewSessionKey).toBe("other");
    expect(within(panel).queryByRole("group", { name: "Question" })).toBeNull();
    await act(async () => (panel.viewSessionKey = null));
    expect(within(panel).getByRole("group", { name: "Question" })).toBeInTheDocument();
  });

  it("makes its own store when given none, and a fresh one after it left the document", async () => {
    const panel = await mount(document.createElement("ask-user-panel"));
    const own = panel.store;
    expect(typeof own.getState().upsertRecord).toBe("function");
    await act(async () => {
      own.getState().setConnection("connected");
      own.getState().upsertRecord(record());
    });
    expect(within(panel).getByRole("group", { name: "Question" })).toBeInTheDocument();
    await act(async () => panel.remove());
    expect(panel.store).not.toBe(own);
  });

  it("switches to a store set later and reports that store's events only", async () => {
    const first = makeStore();
    first.getState().upsertRecord(record({ id: "ask_first" }));
    const second = makeStore();
    second.getState().upsertRecord(record({ id: "ask_second" }));
    const panel = await mount(panelWith(first));
    const events = recordEvents();
    await act(async () => (panel.store = second));
    first.getState().skip("ask_first");
    await act(async () => second.getState().skip("ask_second"));
    expect(events.seen.map(({ detail }) => (detail as { promptId: string }).promptId)).toEqual(["ask_second"]);
    expect(panel.querySelector('[data-slot="ask-user-root"]')).not.toBeNull();
  });

  it.each([
    ["store", { getState: 1 }, /store must be a store from createAskUserStore\(\) .* not an object; the value was ignored/],
    ["client", "ws://x", /client must be a gateway connection: createGatewayClient\(\) .* not a string; the value was ignored/],
    ["viewSessionKey", 42, /viewSessionKey must be a session key string or null, not a number/],
    ["messages", "Skip", /messages must be an object of strings to replace, not a string/],
  ])("reports a bad %s and keeps working", async (property, value, message) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = makeStore();
    store.getState().upsertRecord(record());
    const panel = await mount(panelWith(store));
    await act(async () => {
      expect(() => ((panel as unknown as Record<string, unknown>)[property] = value)).not.toThrow();
    });
    expect(error).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^<ask-user-panel>: ${message.source}`)));
    expect(panel.store).toBe(store);
    expect(within(panel).getByRole("group", { name: "Question" })).toBeInTheDocument();
    error.mockRestore();
  });

  it("connects a client: a gateway question is answered through the element", async () => {
    const user = userEvent.setup();
    const gateway = createLocalGateway();
    const client = createGatewayClient({ url: "ws://gateway.test", WebSocket: createInMemoryWebSocket(gateway) });
    const panel = document.createElement("ask-user-panel");
    panel.store = makeStore();
    panel.client = client;
    await mount(panel);
    const resolved = new Promise<AskUserEventDetails["ask-user-resolved"]>((resolve) =>
      panel.addEventListener("ask-user-resolved", (event) => resolve(event.detail)),
    );
    const answer = gateway.ask({
      questions: [{ id: "notify", header: "Notify", question: "Who should hear about it?", options: [{ label: "Team" }, { label: "Nobody" }] }],
    });
    await user.click(await within(panel).findByRole("radio", { name: "Team" }));
    await waitFor(() => expect(button("Submit")).toBeEnabled());
    await user.click(button("Submit"));
    await expect(answer).resolves.toEqual({ status: "answered", answers: { answers: { notify: ["Team"] } } });
    await expect(resolved).resolves.toMatchObject({ status: "answered", outcomeSource: "local", answers: { notify: ["Team"] } });
    await act(async () => panel.remove());
    client.close();
    gateway.close();
  });
});

describe("<ask-user-summary>", () => {
  function answered() {
    const store = makeStore();
    store.getState().upsertRecord(record());
    store.getState().applyResolved({
      id: "ask_1",
      status: "answered",
      answers: { answers: { deploy_target: ["Production"], extras: ["Tests"], notify: ["Team"] } },
    });
    return store;
  }

  it("shows the outcome of a finished prompt from a shared store", async () => {
    const summary = document.createElement("ask-user-summary");
    summary.store = answered();
    summary.promptId = "ask_1";
    await mount(summary);
    const chip = within(summary).getByRole("group", { name: "Question outcome" });
    expect(chip).toHaveTextContent("Target: Production");
    expect(chip).toHaveTextContent("Notify: Team");
    await expectNoAxeViolations(summary);
  });

  it("reads prompt-id and locale attributes", async () => {
    const summary = document.createElement("ask-user-summary");
    summary.setAttribute("prompt-id", "ask_1");
    summary.messages = { summaryLabel: "Outcome" };
    summary.store = answered();
    await mount(summary);
    expect(summary.promptId).toBe("ask_1");
    expect(within(summary).getByRole("group", { name: "Outcome" })).toBeInTheDocument();
  });

  const toolInput = {
    questions: [{ id: "region", header: "Region", question: "Which region hosts it?", options: [{ label: "eu-west" }, { label: "us-east" }] }],
  };
  const toolResult = (text: string) => ({ role: "toolResult", content: [{ type: "text", text }] });

  it("builds the chip of an ask_user call from its row (toolCall), for hosts whose transcript holds the call", async () => {
    const summary = document.createElement("ask-user-summary");
    summary.store = makeStore();
    summary.toolCall = {
      toolCallId: "call_1",
      input: toolInput,
      result: toolResult(`Region: us-east\n\n${JSON.stringify({ status: "answered", answers: { answers: { region: ["us-east"] } } })}`),
    };
    await mount(summary);
    expect(within(summary).getByRole("group", { name: "Question outcome" })).toHaveTextContent("Region: us-east");
  });

  it("gives a row it cannot read a chip that says the outcome is unknown, names the field and shows the tool's own text", async () => {
    const summary = document.createElement("ask-user-summary");
    summary.store = makeStore();
    summary.toolCall = { toolCallId: "call_1", input: toolInput, result: toolResult("The person said: us-east (edited)") };
    await mount(summary);
    const chip = within(summary).getByRole("group", { name: "Question outcome" });
    expect(chip).toHaveAttribute("data-outcome", "unknown");
    expect(chip).toHaveTextContent("Outcome unknown");
    expect(chip).toHaveTextContent("The stored result could not be read (/result)");
    expect(within(chip).getByRole("region", { name: "The tool's own text" })).toHaveTextContent("The person said: us-east (edited)");
    await expectNoAxeViolations(summary);
  });

  it("shows the prompt's chip when both promptId and toolCall are set, and reports a toolCall of the wrong kind", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const summary = document.createElement("ask-user-summary");
    summary.store = answered();
    summary.promptId = "ask_1";
    summary.toolCall = { toolCallId: "call_1", input: toolInput, result: toolResult("edited") };
    await mount(summary);
    expect(within(summary).getByRole("group", { name: "Question outcome" })).toHaveTextContent("Target: Production");
    await act(async () => {
      (summary as unknown as Record<string, unknown>).toolCall = "call_1";
    });
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/^<ask-user-summary>: toolCall must be \{ toolCallId, input, result \} .* not a string; the value was ignored/),
    );
    expect(summary.toolCall?.toolCallId).toBe("call_1");
    error.mockRestore();
  });

  it.each([
    ["no store", (summary: AskUserSummaryElement) => (summary.promptId = "ask_1")],
    ["no promptId or toolCall", (summary: AskUserSummaryElement) => (summary.store = answered())],
    ["an unknown prompt", (summary: AskUserSummaryElement) => Object.assign(summary, { store: answered(), promptId: "ask_missing" })],
    [
      "a prompt still open",
      (summary: AskUserSummaryElement) => {
        const store = makeStore();
        store.getState().upsertRecord(record());
        Object.assign(summary, { store, promptId: "ask_1" });
      },
    ],
  ])("renders nothing with %s", async (_name, configure) => {
    const summary = document.createElement("ask-user-summary");
    configure(summary);
    await mount(summary);
    expect(summary.childElementCount).toBe(0);
  });
});

describe("diffStoreEvents", () => {
  const base = () => {
    const store = makeStore();
    store.getState().upsertRecord(record());
    return store;
  };
  const changes = (act: (store: AskUserStore) => void, prepare: (store: AskUserStore) => void = () => {}) => {
    const store = base();
    prepare(store);
    const previous = store.getState();
    act(store);
    return diffStoreEvents(store.getState(), previous).map((event) => event.type);
  };

  it.each<[string, (store: AskUserStore) => void, ((store: AskUserStore) => void) | undefined, string[]]>([
    ["a draft edit", (store) => store.getState().pickOption("ask_1", "deploy_target", "Preview"), undefined, []],
    ["an invalid submit (stays pending)", (store) => store.getState().submit("ask_1"), undefined, []],
    ["a skip while disconnected (refused)", (store) => store.getState().skip("ask_1"), (store) => store.getState().setConnection("disconnected"), []],
    ["a skip", (store) => store.getState().skip("ask_1"), undefined, ["skip"]],
    ["a record refresh while submitting", (store) => store.getState().upsertRecord(record()), (store) => store.getState().skip("ask_1"), []],
    ["a local expiry", (store) => store.getState().expireDue(Number.MAX_SAFE_INTEGER), undefined, ["resolved"]],
    [
      "the gateway confirming a local expiry as answered",
      (store) => store.getState().applyResolved({ id: "ask_1", status: "answered", answers: { answers: { deploy_target: ["Preview"] } } }),
      (store) => store.getState().expireDue(Number.MAX_SAFE_INTEGER),
      ["resolved"],
    ],
    ["an unavailable prompt", (store) => store.getState().markUnavailable("ask_1"), undefined, ["resolved"]],
    ["a record arriving already answered", (store) => store.getState().upsertRecord(record({ id: "ask_old", status: "answered" })), undefined, []],
    ["collapse", (store) => store.getState().setCollapsed(true), undefined, ["collapse"]],
  ])("%s", (_name, act, prepare, expected) => {
    expect(changes(act, prepare)).toEqual(expected);
  });
});
