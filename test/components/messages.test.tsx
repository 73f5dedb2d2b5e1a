import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AskUserDock, AskUserPanel, en, resolveMessages, vi as viMessages } from "../../src/index.js";
import { deployTarget, expectNoAxeViolations, extras, record, renderWith } from "./support.js";

describe("catalogues", () => {
  it("both locales define every key with the same kind of value", () => {
    expect(Object.keys(viMessages).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(typeof viMessages[key]).toBe(typeof en[key]);
  });

  it.each([
    [en, 1, 1, "1 question is waiting in session ops"],
    [en, 3, 1, "3 questions are waiting in session ops"],
    [en, 3, 2, "3 questions are waiting in 2 other sessions"],
    [viMessages, 1, 1, "1 câu hỏi đang chờ trong phiên ops"],
    [viMessages, 4, 3, "4 câu hỏi đang chờ trong 3 phiên khác"],
  ])("pluralizes other sessions (%#)", (messages, count, sessions, text) => {
    expect(messages.otherSessions(count, "ops", sessions)).toBe(text);
  });

  it.each([
    [en, 45, "45 seconds left"],
    [en, 1, "1 second left"],
    [en, 125, "2 minutes 5 seconds left"],
    [viMessages, 45, "Còn 45 giây"],
    [viMessages, 120, "Còn 2 phút"],
  ])("formats time remaining with Intl (%#)", (messages, seconds, text) => {
    expect(messages.timeRemaining(seconds, messages.locale)).toBe(text);
  });

  it("lays overrides over a locale and ignores explicit undefined", () => {
    const merged = resolveMessages(viMessages, { skip: "Thôi", next: undefined });
    expect(merged.skip).toBe("Thôi");
    expect(merged.next).toBe(viMessages.next);
    expect(resolveMessages(undefined)).toBe(en);
  });

  it('takes a tag other than "en" as English and warns with the fix (catalogues are passed, so unused ones tree-shake away)', () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(resolveMessages("vi" as "en")).toBe(en);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("locale={vi}"));
    } finally {
      warn.mockRestore();
    }
  });
});

describe("rendering in Vietnamese", () => {
  it("shows and labels everything from the vi catalogue", async () => {
    const user = userEvent.setup();
    const view = renderWith(
      <AskUserDock>
        <textarea aria-label="Tin nhắn" />
      </AskUserDock>,
      { locale: viMessages },
    );
    act(() => view.store.getState().upsertRecord(record({ questions: [deployTarget, extras] })));
    expect(screen.getByRole("group", { name: "Câu hỏi" })).toBeVisible();
    expect(screen.getByRole("img", { name: "Bước 1 trên 2" }).querySelectorAll('[data-slot="ask-user-step-segment"]')).toHaveLength(2);
    expect(screen.getByRole("radio", { name: "Staging Được đề xuất" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Câu trả lời của riêng bạn cho Target" })).toHaveAttribute(
      "placeholder",
      "Nhập câu trả lời của riêng bạn",
    );
    expect(screen.getByRole("button", { name: "Bỏ qua" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Tiếp" })).toBeDisabled();
    await expectNoAxeViolations(view.container);
    await user.click(screen.getByRole("button", { name: "Thu gọn câu hỏi" }));
    expect(screen.getByRole("button", { name: /Câu hỏi · Target/ })).toBeVisible();
  });

  it("takes partial overrides on top of the locale", async () => {
    const view = renderWith(<AskUserPanel />, {
      locale: viMessages,
      messages: { skip: "Để sau", ownAnswerFor: (header) => `Ý của bạn (${header})` },
    });
    act(() => view.store.getState().upsertRecord(record({ questions: [deployTarget] })));
    expect(screen.getByRole("button", { name: "Để sau" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Ý của bạn (Target)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Gửi" })).toBeInTheDocument();
    await expectNoAxeViolations(view.container);
  });
});
