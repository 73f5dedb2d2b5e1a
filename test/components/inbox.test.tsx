import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AskUserInbox } from "../../src/index.js";
import { defineAskUserElements } from "../../src/element/index.js";
import { deployTarget, expectNoAxeViolations, extras, makeStore, record, renderWith } from "./support.js";

const T0 = Date.UTC(2026, 8, 6, 10, 0, 0);
const now = () => T0 + 5 * 60_000;

/** Two questions of two sessions: `ask_old` asked first, `ask_new` a minute later. */
function twoSessions() {
  const store = makeStore({ viewSessionKey: null });
  store
    .getState()
    .upsertRecords([
      record({ id: "ask_old", sessionKey: "agent:main:ops", questions: [deployTarget], createdAtMs: T0, expiresAtMs: T0 + 3_600_000 }),
      record({ id: "ask_new", sessionKey: "agent:research:notes", questions: [extras], createdAtMs: T0 + 60_000, expiresAtMs: T0 + 3_600_000 }),
    ]);
  return store;
}

const items = () => screen.getAllByRole("listitem").filter((item) => item.getAttribute("data-slot") === "ask-user-inbox-item");

describe("AskUserInbox", () => {
  it("lists every waiting question across sessions, newest first, with its session, age and link", async () => {
    const store = twoSessions();
    const { container } = renderWith(
      <AskUserInbox
        now={now}
        sessionHref={(key) => `/chat/${key.split(":").slice(1).join("/")}`}
        sessionLabel={(key) => (key === "agent:main:ops" ? "Ops review" : undefined)}
      />,
      { store },
    );
    expect(screen.getByRole("heading", { level: 2, name: "Questions" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("2 questions waiting");
    expect(items().map((item) => item.getAttribute("data-prompt-id"))).toEqual(["ask_new", "ask_old"]);
    const [newest, oldest] = items();
    expect(within(newest!).getByRole("group", { name: "Question in research/notes: Extras" })).toBeTruthy();
    expect(within(newest!).getByText("asked 4 minutes ago")).toBeTruthy();
    expect(within(oldest!).getByRole("link", { name: "Open Ops review" }).getAttribute("href")).toBe("/chat/main/ops");
    expect(within(oldest!).getByText("asked 5 minutes ago")).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("answers in place with the stepper; an answered question leaves the list", async () => {
    const store = twoSessions();
    renderWith(<AskUserInbox now={now} />, { store });
    const target = screen.getByRole("group", { name: "Question in ops: Target" });
    await userEvent.click(within(target).getByRole("radio", { name: /Production/ }));
    await userEvent.click(within(target).getByRole("button", { name: "Submit" }));
    expect(store.getState().prompts.ask_old?.status).toBe("submitting");
    act(() => store.getState().resolveSucceeded("ask_old", { status: "answered", answers: { deploy_target: ["Production"] } }));
    expect(items().map((item) => item.getAttribute("data-prompt-id"))).toEqual(["ask_new"]);
    expect(screen.getByRole("status").textContent).toBe("1 question waiting");
  });

  it("Skip sends a skip; one ended elsewhere leaves; with none left it says so", async () => {
    const store = twoSessions();
    renderWith(<AskUserInbox now={now} />, { store });
    await userEvent.click(within(screen.getByRole("group", { name: "Question in research/notes: Extras" })).getByRole("button", { name: "Skip" }));
    expect(store.getState().prompts.ask_new).toMatchObject({ status: "submitting", intent: "skip" });
    act(() => {
      store.getState().resolveSucceeded("ask_new", { status: "cancelled" });
      store.getState().applyResolved({ id: "ask_old", status: "answered", answers: { answers: { deploy_target: ["Staging (Recommended)"] } } });
    });
    expect(screen.queryAllByRole("listitem")).toEqual([]);
    expect(screen.getByText("Nothing is waiting for your answer.")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("No questions waiting");
  });

  it("a record the kit cannot read is a visible error naming the field", () => {
    const store = twoSessions();
    renderWith(<AskUserInbox now={now} />, { store });
    act(() =>
      store.getState().reportProblem({
        kind: "record-unreadable",
        message: 'question.requested for "ask_bad" was dropped — /questions/0/header: header must be a string',
      }),
    );
    expect(screen.getByRole("alert").textContent).toContain("/questions/0/header");
  });

  it("a plain click opens the session the host's way; a modified click is the browser's", async () => {
    const store = twoSessions();
    const opened: string[] = [];
    renderWith(
      <AskUserInbox
        now={now}
        sessionHref={() => "/somewhere"}
        onOpenSession={(key, event) => {
          event.preventDefault();
          opened.push(key);
        }}
      />,
      { store },
    );
    const link = screen.getByRole("link", { name: "Open ops" });
    await userEvent.click(link);
    const newTab = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    act(() => void link.dispatchEvent(newTab));
    expect(opened).toEqual(["agent:main:ops"]);
    expect(newTab.defaultPrevented).toBe(false);
  });
});

describe("<ask-user-inbox>", () => {
  defineAskUserElements();
  afterEach(async () => {
    await act(async () => document.body.replaceChildren());
  });

  it("renders the store's waiting questions; its link's event can be cancelled to open the session the host's way", async () => {
    const inbox = document.createElement("ask-user-inbox");
    inbox.store = twoSessions();
    inbox.sessionHref = (key) => `/chat/${key}`;
    const seen: string[] = [];
    inbox.addEventListener("ask-user-open-session", (event) => {
      seen.push((event as CustomEvent<{ sessionKey: string }>).detail.sessionKey);
      event.preventDefault();
    });
    await act(async () => document.body.append(inbox));
    expect(screen.getByRole("heading", { name: "Questions" })).toBeTruthy();
    expect(items()).toHaveLength(2);
    const link = screen.getByRole("link", { name: "Open ops" });
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    act(() => void link.dispatchEvent(click));
    expect(seen).toEqual(["agent:main:ops"]);
    expect(click.defaultPrevented).toBe(true);
    await expectNoAxeViolations(inbox);
  });

  it("reports a wrong property instead of throwing into the host", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const inbox = document.createElement("ask-user-inbox");
    (inbox as unknown as { sessionLabel: unknown }).sessionLabel = "ops";
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/sessionLabel must be a function/));
    error.mockRestore();
  });
});
