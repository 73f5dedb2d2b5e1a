import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, type ReactNode } from "react";
import { shallow } from "zustand/shallow";
import { createGatewayClient } from "../../src/client/index.js";
import { AskUser, AskUserDock, AskUserProvider, useAskUser, useAskUserActions, useAskUserMessages, useAskUserStore } from "../../src/index.js";
import { selectDockedPromptIds } from "../../src/store/selectors.js";
import { createInMemoryWebSocket, createLocalGateway } from "../../src/testing/index.js";
import { expectNoAxeViolations, makeStore, notify, record } from "./support.js";

describe("outside a provider", () => {
  it.each([
    ["useAskUser", () => useAskUser((state) => state.activeId)],
    ["useAskUserActions", () => useAskUserActions()],
    ["useAskUserStore", () => useAskUserStore()],
    ["useAskUserMessages", () => useAskUserMessages()],
  ] as [string, () => unknown][])("%s throws an error naming itself and AskUserProvider", (name, hook) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(hook)).toThrow(`\`${name}\` must be used within \`AskUserProvider\`.`);
  });

  it("a part names itself", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<AskUser.Skip />)).toThrow("`AskUser.Skip` must be used within `AskUserProvider`.");
  });
});

describe("AskUserProvider", () => {
  it("makes one store per provider: two trees never share prompts", () => {
    function Count({ label }: { label: string }) {
      const ids = useAskUser(selectDockedPromptIds);
      const store = useAskUserStore();
      return (
        <button type="button" onClick={() => store.getState().upsertRecord(record({ id: `ask_${label}` }))}>
          {label}:{ids.length}
        </button>
      );
    }
    render(
      <>
        <AskUserProvider storeOptions={{ storage: null, autoExpire: false }}>
          <Count label="a" />
        </AskUserProvider>
        <AskUserProvider storeOptions={{ storage: null, autoExpire: false }}>
          <Count label="b" />
        </AskUserProvider>
      </>,
    );
    act(() => screen.getByRole("button", { name: "a:0" }).click());
    expect(screen.getByRole("button", { name: "a:1" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "b:0" })).toBeInTheDocument();
  });

  it("applies viewSessionKey to the store it is given", () => {
    const store = makeStore();
    const { rerender } = render(<AskUserProvider store={store} viewSessionKey="main" />);
    expect(store.getState().viewSessionKey).toBe("main");
    rerender(<AskUserProvider store={store} viewSessionKey="agent:ops:main" />);
    expect(store.getState().viewSessionKey).toBe("agent:ops:main");
  });

  it("hands out stable actions and supports an equality function for derived values", () => {
    const store = makeStore();
    const wrapper = ({ children }: { children: ReactNode }) => <AskUserProvider store={store}>{children}</AskUserProvider>;
    let renders = 0;
    const { result, rerender } = renderHook(
      () => {
        renders += 1;
        return { actions: useAskUserActions(), headers: useAskUser((state) => Object.values(state.prompts).map((p) => p.id), shallow) };
      },
      { wrapper },
    );
    const firstActions = result.current.actions;
    act(() => store.getState().upsertRecord(record({ questions: [notify] })));
    expect(result.current.headers).toEqual(["ask_1"]);
    const rendersAfterArrival = renders;
    act(() => store.getState().setOtherText("ask_1", "notify", "x"));
    expect(renders).toBe(rendersAfterArrival);
    rerender();
    expect(result.current.actions).toBe(firstActions);
    expect(typeof result.current.actions.pickOption).toBe("function");
  });

  it("connects a client to the store, and a real question round-trips through the panel", async () => {
    const user = userEvent.setup();
    const gateway = createLocalGateway();
    const client = createGatewayClient({ url: "ws://gateway.test", WebSocket: createInMemoryWebSocket(gateway) });
    const { container, unmount } = render(
      <StrictMode>
        <AskUserProvider client={client} storeOptions={{ storage: null }}>
          <AskUserDock>
            <textarea aria-label="Message" />
          </AskUserDock>
        </AskUserProvider>
      </StrictMode>,
    );
    const answer = gateway.ask({
      questions: [{ id: "notify", header: "Notify", question: "Who should hear about it?", options: [{ label: "Team" }, { label: "Nobody" }] }],
    });
    const radio = await screen.findByRole("radio", { name: "Team" });
    await user.click(radio);
    await waitFor(() => expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await expect(answer).resolves.toEqual({ status: "answered", answers: { answers: { notify: ["Team"] } } });
    await waitFor(() => expect(screen.queryByRole("group", { name: "Question" })).toBeNull());
    await expectNoAxeViolations(container);
    unmount();
    client.close();
    gateway.close();
  });
});
