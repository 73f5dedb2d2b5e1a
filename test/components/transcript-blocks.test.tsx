import { act } from "@testing-library/react";
import { AskUserTranscript } from "../../src/index.js";
import { notify, record, renderWith } from "./support.js";

const chipIds = (container: HTMLElement) => [...container.querySelectorAll('[data-slot="ask-user-summary"]')].map((chip) => chip.getAttribute("data-prompt-id"));

describe("AskUserTranscript beyond one block of chips", () => {
  it("lists every chip in arrival order, through appends and an out-of-order settle", () => {
    const { container, store } = renderWith(<AskUserTranscript />);
    const ids = Array.from({ length: 150 }, (_, i) => `ask_${String(i).padStart(3, "0")}`);
    act(() => store.getState().upsertRecords(ids.map((id) => record({ id, questions: [notify] }))));
    // Settle all but ask_100, oldest first; then ask_100 last, which lands before 49 listed chips.
    act(() => {
      for (const id of ids) if (id !== "ask_100") store.getState().applyResolved({ id, status: "cancelled" });
    });
    expect(chipIds(container)).toEqual(ids.filter((id) => id !== "ask_100"));
    act(() => store.getState().applyResolved({ id: "ask_100", status: "expired" }));
    expect(chipIds(container)).toEqual(ids);
  });
});
