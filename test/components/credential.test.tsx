import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AskUserCards } from "../../src/components/cards/ask-user-cards.js";
import { AskUserCredentialWarning } from "../../src/components/credential/ask-user-credential-warning.js";
import { AskUserNext, AskUserSubmit } from "../../src/components/parts/buttons.js";
import { AskUserQuestion } from "../../src/components/parts/question.js";
import { AskUserRoot } from "../../src/components/parts/root.js";
import { detectCredential } from "../../src/contract/credential-guard.js";
import { selectPrompt } from "../../src/store/selectors.js";
import { deployTarget, expectNoAxeViolations, makeStore, notify, record, renderWith } from "./support.js";

/* Built at run time so no literal token sits in the repository for secret scanners to trip on. */
const SECRET = ["gh", "p_", "R4nd0mT0k3nV4lu3F0rT3st1ngOnlyXyZ9q8w"].join("");
const WARNING = "This looks like a secret (API key, token or private key). Agents must not be sent credentials through ask_user.";

describe("credential guard in AskUserCards", () => {
  function setup() {
    const user = userEvent.setup();
    const view = renderWith(<AskUserCards />, { store: makeStore({ detectCredential }) });
    act(() => {
      view.store.getState().upsertRecord(record());
      view.store.getState().toggleOption("ask_1", "extras", "Tests");
      view.store.getState().pickOption("ask_1", "notify", "Team");
    });
    const entry = () => selectPrompt(view.store.getState(), "ask_1")!;
    const targetOther = () => screen.getByRole("textbox", { name: "Your own answer for Target" });
    return { ...view, user, entry, targetOther };
  }

  it("stays silent for an ordinary answer", async () => {
    const { user, entry, targetOther } = setup();
    await user.type(targetOther(), "Canary region first");
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().status).toBe("submitting");
  });

  it("warns once, holds the first Submit back, and sends only after Send anyway", async () => {
    const { user, entry, targetOther, container } = setup();
    await user.type(targetOther(), SECRET);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(WARNING);
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    const warning = alert.closest('[data-slot="ask-user-credential-warning"]')!;
    expect(warning).toHaveAttribute("data-kind", "token");
    expect(warning).toHaveAttribute("data-rule", "github-token");
    expect(warning).toHaveAttribute("data-question-id", "deploy_target");
    expect(warning).toHaveAttribute("data-state", "unconfirmed");
    await expectNoAxeViolations(container);

    // More typing keeps the same alert node: nothing is announced again.
    await user.type(targetOther(), "Z");
    expect(screen.getByRole("alert")).toBe(alert);

    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().status).toBe("pending");
    expect(entry().submittedAnswers).toBeUndefined();
    expect(warning).toHaveFocus();

    // Ctrl+Enter is held back the same way.
    targetOther().focus();
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(entry().status).toBe("pending");

    await user.click(screen.getByRole("button", { name: "Send anyway" }));
    expect(entry().status).toBe("submitting");
    expect(entry().submittedAnswers).toEqual({ deploy_target: [`${SECRET}Z`], extras: ["Tests"], notify: ["Team"] });
  });

  it("editing the text withdraws the confirmation", async () => {
    const { user, entry, store, targetOther, container } = setup();
    await user.type(targetOther(), SECRET);
    // Confirmed, but the send fails (offline): the prompt is pending again with the text kept.
    act(() => store.getState().setConnection("disconnected"));
    await user.click(screen.getByRole("button", { name: "Send anyway" }));
    expect(entry()).toMatchObject({ status: "pending", error: { reason: "NOT_CONNECTED" } });
    const warning = document.querySelector('[data-slot="ask-user-credential-warning"]')!;
    expect(warning).toHaveAttribute("data-state", "confirmed");
    expect(screen.queryByRole("button", { name: "Send anyway" })).toBeNull();
    await expectNoAxeViolations(container);

    act(() => store.getState().setConnection("connected"));
    await user.type(targetOther(), "{Backspace}");
    expect(warning).toHaveAttribute("data-state", "unconfirmed");
    expect(screen.getByRole("button", { name: "Send anyway" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().status).toBe("pending");

    await user.click(screen.getByRole("button", { name: "Send anyway" }));
    expect(entry().status).toBe("submitting");
    expect(entry().submittedAnswers!.deploy_target).toEqual([SECRET.slice(0, -1)]);
  });

  it("a confirmed answer goes through Submit while the text is unchanged", async () => {
    const { user, entry, store, targetOther } = setup();
    await user.type(targetOther(), SECRET);
    act(() => store.getState().setConnection("disconnected"));
    await user.click(screen.getByRole("button", { name: "Send anyway" }));
    act(() => store.getState().setConnection("connected"));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().status).toBe("submitting");
  });

  it("Send anyway before every question is answered only confirms", async () => {
    const { user, entry, store, targetOther } = setup();
    // Extras loses its only pick: the prompt cannot be sent yet.
    act(() => store.getState().toggleOption("ask_1", "extras", "Tests"));
    await user.type(targetOther(), SECRET);
    await user.click(screen.getByRole("button", { name: "Send anyway" }));
    expect(entry().status).toBe("pending");
    expect(entry().error).toBeUndefined();
    await user.click(screen.getByRole("checkbox", { name: "Docs" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().status).toBe("submitting");
  });

  it("Edit answer puts the caret back in the text", async () => {
    const { user, targetOther } = setup();
    await user.type(targetOther(), SECRET);
    await user.click(screen.getByRole("button", { name: "Edit answer" }));
    expect(targetOther()).toHaveFocus();
  });

  it("recognises a pasted private key", async () => {
    const { user, targetOther } = setup();
    targetOther().focus();
    await user.paste(["-----BEGIN OPENSSH ", "PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----"].join(""));
    expect(document.querySelector('[data-slot="ask-user-credential-warning"]')).toHaveAttribute("data-kind", "private-key");
  });
});

describe("credential hold in a stepper composed from the parts, with no wiring of its own", () => {
  const PROMPT = "ask_1";

  // The hold is a store refusal, so a host's own composition is guarded without doing anything.
  function GuardedStepper() {
    return (
      <AskUserRoot promptId={PROMPT}>
        <AskUserQuestion />
        <AskUserCredentialWarning />
        <AskUserNext />
        <AskUserSubmit />
      </AskUserRoot>
    );
  }

  function setup() {
    const user = userEvent.setup();
    const view = renderWith(<GuardedStepper />, { store: makeStore({ detectCredential }) });
    act(() => view.store.getState().upsertRecord(record({ questions: [deployTarget, notify] })));
    const entry = () => selectPrompt(view.store.getState(), PROMPT)!;
    return { ...view, user, entry };
  }

  it("holds back AskUser.Submit and the keyboard submit until Send anyway", async () => {
    const { user, entry, container } = setup();
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), SECRET);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("radio", { name: "Nobody" }));
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(entry().status).toBe("pending");

    // Enter on the panel (the last step's "advance") is held back too.
    screen.getByRole("radio", { name: "Nobody" }).focus();
    fireEvent.keyDown(screen.getByRole("group", { name: "Question" }), { key: "Enter" });
    expect(entry().status).toBe("pending");

    await user.click(screen.getByRole("button", { name: "Send anyway" }));
    expect(entry().status).toBe("submitting");
    expect(entry().submittedAnswers).toEqual({ deploy_target: [SECRET], notify: ["Nobody"] });
  });

  it("Edit answer steps back to the question that holds the secret", async () => {
    const { user, entry } = setup();
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), SECRET);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(entry().step).toBe(1);
    await user.click(screen.getByRole("button", { name: "Edit answer" }));
    expect(entry().step).toBe(0);
    expect(screen.getByRole("textbox", { name: "Your own answer for Target" })).toHaveFocus();
    expect(within(screen.getByRole("group", { name: "Question" })).getByRole("alert")).toHaveTextContent(WARNING);
  });

  it("disappears when the secret is removed", async () => {
    const { user } = setup();
    const field = screen.getByRole("textbox", { name: "Your own answer for Target" });
    await user.type(field, SECRET);
    expect(screen.getByRole("alert")).toBeInTheDocument();
    await user.clear(field);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
