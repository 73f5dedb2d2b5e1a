import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler, type ReactNode } from "react";
import { AskUser, AskUserProvider, useAskUser } from "../../src/index.js";
import { selectTranscript } from "../../src/store/selectors.js";
import { deployTarget, expectNoAxeViolations, extras, makeStore, notify, record } from "./support.js";

function TranscriptChips() {
  const settled = useAskUser((state) => selectTranscript(state));
  return (
    <ul aria-label="Transcript">
      {settled.map((entry) => (
        <li key={entry.id}>{entry.record.questions[0]?.header}</li>
      ))}
    </ul>
  );
}

describe("typing in Other", () => {
  it("re-renders the text area only: not the options, the other steps, the progress or transcript chips", async () => {
    const user = userEvent.setup();
    const store = makeStore();
    const renders = new Map<string, number>();
    const counted = (id: string, children: ReactNode) => (
      <Profiler id={id} onRender={() => renders.set(id, (renders.get(id) ?? 0) + 1)}>
        {children}
      </Profiler>
    );
    act(() => {
      store.getState().upsertRecord(record({ id: "ask_0", questions: [notify] }));
      store.getState().resolveSucceeded("ask_0", { status: "answered", answers: { notify: ["Team"] } });
      store.getState().upsertRecord(record({ questions: [deployTarget, extras] }));
    });
    const { container } = render(
      <AskUserProvider store={store}>
        <AskUser.Root>
          {counted("progress", <AskUser.StepIndicator />)}
          <AskUser.Question>
            {counted(
              "title",
              <>
                <AskUser.Title />
                <AskUser.Description />
              </>,
            )}
            {counted("options", <AskUser.Options />)}
            {counted("other", <AskUser.OtherInput />)}
          </AskUser.Question>
          {counted("other step", <AskUser.Question questionId="extras" />)}
          {counted("skip", <AskUser.Skip />)}
        </AskUser.Root>
        {counted("transcript", <TranscriptChips />)}
      </AskUserProvider>,
    );
    expect(screen.getByRole("list", { name: "Transcript" })).toHaveTextContent("Notify");
    renders.clear();

    await user.type(screen.getByRole("textbox", { name: "Your own answer for Target" }), "Canary");

    expect(renders.get("other")).toBeGreaterThanOrEqual(6);
    for (const id of ["progress", "title", "options", "other step", "skip", "transcript"]) expect([id, renders.get(id) ?? 0]).toEqual([id, 0]);
    await expectNoAxeViolations(container);
  });
});
