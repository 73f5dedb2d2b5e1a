/**
 * The sub-parts of Option (indicator, label, badge, description, key) and Error (text, retry,
 * dismiss), and `asChild` on Option: a host composes its own anatomy from the same pieces the
 * default rendering uses.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentPropsWithoutRef, type ReactNode, createRef, forwardRef } from "react";
import { AskUser, AskUserProvider } from "../../src/index.js";
import { expectNoAxeViolations, makeStore, record } from "./support.js";

const HostCard = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<"button">>(function HostCard(props, ref) {
  return <button {...props} ref={ref} className="host-card" />;
});

function renderOptions(options: ReactNode) {
  const store = makeStore();
  store.getState().upsertRecord(record());
  const result = render(
    <AskUserProvider store={store}>
      <AskUser.Root>
        <AskUser.Question questionId="deploy_target">
          <AskUser.Title />
          <AskUser.Options>{options}</AskUser.Options>
        </AskUser.Question>
      </AskUser.Root>
    </AskUserProvider>,
  );
  return { ...result, store };
}

const ALL_PARTS = (
  <>
    <AskUser.OptionIndicator />
    <AskUser.OptionLabel />
    <AskUser.OptionBadge />
    <AskUser.OptionDescription />
    <AskUser.OptionKey />
  </>
);

describe("Option sub-parts", () => {
  it("are what an option renders by default", () => {
    const bare = renderOptions(<AskUser.Option value="Staging (Recommended)" />);
    // The ids differ per render (useId); everything else is the same markup.
    const content = (container: HTMLElement) => container.querySelector('[data-slot="ask-user-option"]')!.innerHTML.replace(/id="[^"]*?-/g, 'id="');
    const defaultContent = content(bare.container);
    bare.unmount();
    const composed = renderOptions(<AskUser.Option value="Staging (Recommended)">{ALL_PARTS}</AskUser.Option>);
    expect(content(composed.container)).toBe(defaultContent);
  });

  it("show the label without the suffix, the badge, the description and the key, each with the option's state", async () => {
    const user = userEvent.setup();
    const { container } = renderOptions(
      <>
        <AskUser.Option value="Staging (Recommended)">{ALL_PARTS}</AskUser.Option>
        <AskUser.Option value="Production" index={9}>
          {ALL_PARTS}
        </AskUser.Option>
      </>,
    );
    const [staging, production] = [...container.querySelectorAll('[data-slot="ask-user-option"]')] as HTMLElement[];
    const slot = (option: HTMLElement, name: string) => option.querySelector(`[data-slot="${name}"]`);
    expect(slot(staging!, "ask-user-option-label")).toHaveTextContent(/^Staging$/);
    expect(slot(staging!, "ask-user-option-badge")).toHaveTextContent("Recommended");
    expect(slot(staging!, "ask-user-option-description")).toHaveTextContent("Safe first stop");
    expect(slot(staging!, "ask-user-key")).toHaveTextContent("1");
    // No suffix, no description, past the ninth option: those parts render nothing.
    expect(slot(production!, "ask-user-option-badge")).toBeNull();
    expect(slot(production!, "ask-user-option-description")).toBeNull();
    expect(slot(production!, "ask-user-key")).toBeNull();

    await user.click(screen.getByRole("radio", { name: /^Production/ }));
    for (const name of ["ask-user-option-indicator", "ask-user-option-label"]) {
      expect(slot(production!, name)).toHaveAttribute("data-state", "checked");
      expect(slot(staging!, name)).toHaveAttribute("data-state", "unchecked");
    }
    await expectNoAxeViolations(container);
  });

  it("take children in place of their words", () => {
    renderOptions(
      <AskUser.Option value="Staging (Recommended)">
        <AskUser.OptionLabel>Staging server</AskUser.OptionLabel>
        <AskUser.OptionBadge>Best pick</AskUser.OptionBadge>
      </AskUser.Option>,
    );
    expect(screen.getByRole("radio", { name: "Staging server Best pick" })).toBeInTheDocument();
  });

  it.each(["OptionIndicator", "OptionLabel", "OptionBadge", "OptionDescription", "OptionKey"] as const)(
    "%s outside an option names the part",
    (part) => {
      const Part = AskUser[part];
      vi.spyOn(console, "error").mockImplementation(() => {});
      expect(() => render(<Part />)).toThrow(`\`AskUser.${part}\` must be used within \`AskUser.Option\`.`);
    },
  );
});

describe("asChild on Option", () => {
  it("makes the host's element the radio: role, state, data attributes, picking and ref", async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLButtonElement>();
    const { container, store } = renderOptions(
      <>
        <AskUser.Option value="Production" asChild ref={ref}>
          <HostCard>
            <AskUser.OptionIndicator />
            <AskUser.OptionLabel />
          </HostCard>
        </AskUser.Option>
        <AskUser.Option value="Preview" />
      </>,
    );
    const card = screen.getByRole("radio", { name: "Production" });
    expect(card).toBe(ref.current);
    expect(card).toHaveClass("host-card");
    expect(card).toHaveAttribute("data-slot", "ask-user-option");
    expect(card.parentElement).toHaveAttribute("data-slot", "ask-user-options");
    await user.click(card);
    expect(card).toHaveAttribute("aria-checked", "true");
    expect(card).toHaveAttribute("data-selected", "");
    expect(store.getState().prompts.ask_1?.drafts.deploy_target?.selected).toEqual(["Production"]);
    await expectNoAxeViolations(container);
  });

  it("makes the host's element the checkbox of a multi-select question", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.getState().upsertRecord(record());
    store.getState().pickOption("ask_1", "deploy_target", "Production");
    render(
      <AskUserProvider store={store}>
        <AskUser.Root>
          <AskUser.Question questionId="extras">
            <AskUser.Title />
            <AskUser.Options>
              <AskUser.Option value="Docs" asChild>
                <HostCard>
                  <AskUser.OptionLabel />
                </HostCard>
              </AskUser.Option>
            </AskUser.Options>
          </AskUser.Question>
        </AskUser.Root>
      </AskUserProvider>,
    );
    const card = screen.getByRole("checkbox", { name: "Docs" });
    expect(card).toHaveClass("host-card");
    await user.click(card);
    expect(card).toHaveAttribute("aria-checked", "true");
    expect(store.getState().prompts.ask_1?.drafts.extras?.selected).toEqual(["Docs"]);
  });
});

/** The parts with a failed submit on screen (`invalid`: a submit with nothing picked, which Retry cannot fix). */
function renderError(ui?: ReactNode, { invalid = false } = {}) {
  const store = makeStore();
  store.getState().upsertRecord(record());
  if (!invalid) {
    store.getState().pickOption("ask_1", "deploy_target", "Production");
    store.getState().toggleOption("ask_1", "extras", "Docs");
    store.getState().pickOption("ask_1", "notify", "Team");
  }
  store.getState().submit("ask_1");
  if (!invalid) store.getState().resolveFailed("ask_1", { message: "boom", code: "UNAVAILABLE" });
  const result = render(
    <AskUserProvider store={store}>
      <AskUser.Root>
        <AskUser.Error>{ui}</AskUser.Error>
      </AskUser.Root>
    </AskUserProvider>,
  );
  return { ...result, store };
}

describe("Error sub-parts", () => {
  it("are what the error renders by default, after its icon", () => {
    const bare = renderError();
    const error = bare.container.querySelector('[data-slot="ask-user-error"]')!;
    expect([...error.children].map((child) => child.getAttribute("data-slot"))).toEqual([
      "ask-user-icon",
      "ask-user-error-text",
      "ask-user-error-retry",
      "ask-user-error-dismiss",
    ]);
  });

  it("compose the host's own layout: its words, its buttons, the same actions", async () => {
    const user = userEvent.setup();
    const { container, store } = renderError(
      <>
        <AskUser.ErrorText>Sending failed.</AskUser.ErrorText>
        <AskUser.ErrorDismiss asChild>
          <HostCard>Hide</HostCard>
        </AskUser.ErrorDismiss>
      </>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Sending failed.");
    const hide = screen.getByRole("button", { name: "Hide" });
    expect(hide).toHaveAttribute("data-slot", "ask-user-error-dismiss");
    await expectNoAxeViolations(container);
    await user.click(hide);
    expect(store.getState().prompts.ask_1?.error).toBeUndefined();
    expect(container.querySelector('[data-slot="ask-user-error"]')).toBeNull();
  });

  it("Retry repeats what failed and is absent while retrying cannot help", async () => {
    const user = userEvent.setup();
    const invalid = renderError(<AskUser.ErrorRetry />, { invalid: true });
    expect(invalid.store.getState().prompts.ask_1?.error?.reason).toBe("INVALID_DRAFT");
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    invalid.unmount();

    const { store } = renderError(<AskUser.ErrorRetry className="mine" />);
    const retry = screen.getByRole("button", { name: "Retry" });
    expect(retry).toHaveClass("mine");
    await user.click(retry);
    expect(store.getState().prompts.ask_1?.status).toBe("submitting");
  });

  it.each(["ErrorText", "ErrorRetry", "ErrorDismiss"] as const)("%s outside an error names the part", (part) => {
    const Part = AskUser[part];
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Part />)).toThrow(`\`AskUser.${part}\` must be used within \`AskUser.Error\`.`);
  });
});
