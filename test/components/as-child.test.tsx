/**
 * `asChild` on the button parts and on Root: the host's own element, with the part's props, state
 * attributes, behaviour and ref; the host's handlers run first and can prevent the part's.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentPropsWithoutRef, type ReactNode, createRef, forwardRef } from "react";
import { AskUser, AskUserProvider } from "../../src/index.js";
import { expectNoAxeViolations, makeStore, record } from "./support.js";

/** A design-system button of the host's: its own class, forwards its ref. */
const HostButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<"button">>(function HostButton({ className, ...props }, ref) {
  return <button {...props} ref={ref} className={["host-button", className].filter(Boolean).join(" ")} />;
});

function renderParts(ui: ReactNode) {
  const store = makeStore();
  store.getState().upsertRecord(record());
  const result = render(
    <AskUserProvider store={store}>
      <AskUser.Root>{ui}</AskUser.Root>
    </AskUserProvider>,
  );
  return { ...result, store };
}

describe("asChild on the button parts", () => {
  it("renders the host's element only, with the part's slot, state and disabled, and merged classes", async () => {
    const { container } = renderParts(
      <AskUser.Next asChild className="from-part">
        <HostButton className="from-child">Onward</HostButton>
      </AskUser.Next>,
    );
    const next = screen.getByRole("button", { name: "Onward" });
    expect(container.querySelectorAll("button")).toHaveLength(1);
    expect(next).toHaveAttribute("data-slot", "ask-user-next");
    expect(next).toHaveAttribute("type", "button");
    expect(next).toBeDisabled(); // nothing picked yet
    expect(next).toHaveAttribute("data-disabled", "");
    expect(next.className.split(" ").sort()).toEqual(["from-child", "from-part", "host-button"]);
    await expectNoAxeViolations(container);
  });

  it("does what the part does on click, after the child's own handler", async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    const { store } = renderParts(
      <AskUser.Skip asChild onClick={() => order.push("part prop")}>
        <HostButton onClick={() => order.push("child")}>Not now</HostButton>
      </AskUser.Skip>,
    );
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(order).toEqual(["child", "part prop"]);
    expect(store.getState().prompts.ask_1?.intent).toBe("skip");
  });

  it("lets the child's handler prevent the part's", async () => {
    const user = userEvent.setup();
    const { store } = renderParts(
      <AskUser.Skip asChild>
        <HostButton onClick={(event) => event.preventDefault()}>Not now</HostButton>
      </AskUser.Skip>,
    );
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(store.getState().prompts.ask_1?.status).toBe("pending");
    expect(store.getState().prompts.ask_1?.intent).toBeUndefined();
  });

  it("gives the part's ref and the child's ref the same DOM node", () => {
    const partRef = createRef<HTMLButtonElement>();
    const childRef = createRef<HTMLButtonElement>();
    renderParts(
      <AskUser.Skip asChild ref={partRef}>
        <HostButton ref={childRef}>Not now</HostButton>
      </AskUser.Skip>,
    );
    expect(partRef.current).toBe(screen.getByRole("button", { name: "Not now" }));
    expect(childRef.current).toBe(partRef.current);
  });

  it("takes an element of another kind (a link styled as a button keeps the part's behaviour)", async () => {
    const user = userEvent.setup();
    const { store } = renderParts(
      <AskUser.Skip asChild>
        <a href="#skip" role="button">
          Skip this one
        </a>
      </AskUser.Skip>,
    );
    const link = screen.getByRole("button", { name: "Skip this one" });
    expect(link.tagName).toBe("A");
    expect(link).toHaveAttribute("data-slot", "ask-user-skip");
    await user.click(link);
    expect(store.getState().prompts.ask_1?.intent).toBe("skip");
  });

  it("names the part when the child is not one element", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() =>
      renderParts(
        <AskUser.Submit asChild everyStep>
          plain text
        </AskUser.Submit>,
      ),
    ).toThrow("`AskUser.Submit` with `asChild` needs exactly one React element as its child.");
  });
});

describe("asChild on AskUser.Root", () => {
  it("makes the host's element the root: its attributes, the prompt scope for the parts inside, and the keyboard", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.getState().upsertRecord(record());
    const ref = createRef<HTMLElement>();
    const { container } = render(
      <AskUserProvider store={store}>
        <AskUser.Root asChild ref={ref}>
          {/* Any element that may carry role="group" (axe rejects it on a <form>). */}
          <div aria-label="Deploy question" className="host-card">
            <AskUser.Question>
              <AskUser.Title />
              <AskUser.Options />
            </AskUser.Question>
          </div>
        </AskUser.Root>
      </AskUserProvider>,
    );
    const root = screen.getByRole("group", { name: "Deploy question" });
    expect(root.tagName).toBe("DIV");
    expect(root).toHaveClass("host-card");
    expect(ref.current).toBe(root);
    expect(container.querySelector("section")).toBeNull();
    expect(root).toHaveAttribute("data-slot", "ask-user-root");
    expect(root).toHaveAttribute("data-status", "pending");
    expect(screen.getByRole("radio", { name: /^Production/ })).toBeInTheDocument();
    root.focus();
    await user.keyboard("2");
    expect(store.getState().prompts.ask_1?.drafts.deploy_target?.selected).toEqual(["Production"]);
    await expectNoAxeViolations(container);
  });
});
