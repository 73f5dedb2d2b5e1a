import { formatDuration } from "./format-duration.js";
import type { AskUserMessages } from "./types.js";

/** Vietnamese, in the vocabulary of OpenClaw's Vietnamese "Hỏi người dùng" page. */
export const vi: AskUserMessages = {
  locale: "vi",

  question: "Câu hỏi",
  collapsedLabel: (header) => `Câu hỏi · ${header}`,
  alsoWaiting: (count) => `+${count} đang chờ`,
  collapse: "Thu gọn câu hỏi",
  expand: "Mở rộng câu hỏi",
  progress: (step, total) => `${step}/${total}`,
  stepLabel: (step, total) => `Bước ${step} trên ${total}`,

  recommended: "Được đề xuất",
  otherLabel: "Câu trả lời của riêng bạn",
  otherPlaceholder: "Nhập câu trả lời của riêng bạn",
  ownAnswerFor: (header) => `Câu trả lời của riêng bạn cho ${header}`,
  otherHint: (shortcut) => `Enter để xuống dòng. ${shortcut} để tiếp tục.`,
  answer: "Câu trả lời",
  chooseAny: "Chọn một hoặc nhiều phương án.",

  back: "Quay lại",
  next: "Tiếp",
  submit: "Gửi",
  submitting: "Đang gửi…",
  skip: "Bỏ qua",
  skipping: "Đang bỏ qua…",
  skipConfirm: "Bỏ qua mà không gửi câu trả lời bạn đã nhập?",
  skipConfirmYes: "Vẫn bỏ qua",
  skipConfirmNo: "Tiếp tục trả lời",
  retry: "Thử lại",
  dismiss: "Ẩn",

  pendingQuestions: "Yêu cầu đang chờ",
  promptPosition: (current, total) => `${current}/${total}`,
  promptPositionLabel: (current, total) => `Yêu cầu ${current} trên ${total}`,
  previousPrompt: "Yêu cầu trước",
  nextPrompt: "Yêu cầu sau",
  // Vietnamese has a single plural form.
  otherSessions: (count, session, sessions) =>
    sessions > 1 ? `${count} câu hỏi đang chờ trong ${sessions} phiên khác` : `${count} câu hỏi đang chờ trong phiên ${session}`,
  showOtherSessions: (session) => (session === null ? "Xem" : `Đến ${session}`),

  timeRemaining: (seconds, locale) => `Còn ${formatDuration(seconds, locale)}`,

  submitFailed: (error) => `Không gửi được: ${error}`,
  notConnected: "Chưa kết nối. Hãy thử lại sau khi kết nối lại.",
  connectionLost: "Mất kết nối với gateway; đang kết nối lại… Câu trả lời của bạn vẫn được giữ và có thể gửi khi kết nối trở lại.",
  checking: "Đang kiểm tra câu hỏi với gateway… Việc gửi sẽ chờ đến khi có phản hồi; câu trả lời của bạn vẫn được giữ.",
  requestTimedOut: "Gateway không phản hồi kịp thời.",
  questionGone: "Câu hỏi này không còn khả dụng.",
  answerRequired: "Hãy trả lời mọi câu hỏi trước khi gửi.",
  problemText: (kind, detail) => {
    switch (kind) {
      case "record-unreadable":
        return `Không thể hiển thị một câu hỏi: ${detail}`;
      case "event-unreadable":
        return `Không áp dụng được một cập nhật câu trả lời: ${detail}`;
      case "list-failed":
        return `Không tải được các câu hỏi đang chờ; đang thử lại. (${detail})`;
      case "summary-storage-corrupt":
        return `Không đọc được các bản tóm tắt đã lưu nên đã bỏ qua chúng. (${detail})`;
      case "summary-storage-full":
        return `Trình duyệt này không lưu được bản tóm tắt câu trả lời; chúng chỉ còn đến khi bạn đóng trang. (${detail})`;
      default:
        return detail;
    }
  },

  answered: "Đã trả lời",
  answeredElsewhere: "Đã trả lời ở nơi khác",
  skipped: "Đã bỏ qua",
  skippedElsewhere: "Đã bỏ qua ở nơi khác",
  noAnswer: "Không có câu trả lời",
  expired: "Đã hết hạn",
  unavailable: "Không khả dụng",
  runEnded: "Lượt chạy đã kết thúc",
  arrived: (header) => `Câu hỏi mới: ${header}`,
  ended: (header, outcome) => `${header}: ${outcome}`,
  notSent: (text) => `Chưa gửi: ${text}`,
  copyUnsent: "Sao chép câu trả lời chưa gửi",
  summaryLabel: "Kết quả câu hỏi",
  summaryLine: (header, value) => `${header}: ${value}`,
  chosen: "Đã chọn",
  copyAsText: "Sao chép dạng văn bản",
  copied: "Đã sao chép",
  showDetails: "Hiện chi tiết",
  hideDetails: "Ẩn chi tiết",
  copyUnavailable: "Không thể sao chép ở đây. Hãy chọn đoạn văn bản bên dưới và sao chép.",
  ownAnswer: "Câu trả lời của riêng bạn",
  outcomeUnknown: "Không rõ kết quả",
  resultUnreadable: (field) => `Không đọc được kết quả đã lưu (${field}). Văn bản của công cụ:`,
  toolText: "Văn bản của công cụ",

  inboxTitle: "Câu hỏi",
  inboxCount: (count) => (count === 0 ? "Không có câu hỏi nào đang chờ" : `${count} câu hỏi đang chờ`),
  inboxEmpty: "Không có gì đang chờ bạn trả lời.",
  inboxItem: (session, header) => `Câu hỏi trong ${session}: ${header}`,
  askedAgo: (ago) => `được hỏi ${ago}`,
  openSession: (session) => `Mở ${session}`,

  credentialWarning:
    "Nội dung này trông giống một bí mật (khóa API, token hoặc khóa riêng tư). Không được gửi thông tin xác thực cho tác nhân qua ask_user.",
  sendAnyway: "Vẫn gửi",
  editAnswer: "Sửa câu trả lời",
};
