/**
 * The playground page's own words, in the two languages of its language toggle. The kit's parts
 * take their text from the kit's catalogue (`locale` on the provider); everything the page itself
 * says — header, demo bar, turns, notes — is here, so no component spells a sentence of its own.
 *
 * Notes are kept in the turn log as a key and its values, not as text: a note written in English
 * reads in Vietnamese after the language is switched.
 */
import type { QuestionStatus } from "../../src/contract/types.js";
import type { Language } from "./preferences.js";

/** The values each note needs. */
export interface NoteValues {
  /** A demo started in a session that already has a question waiting. */
  sessionBusy: { session: string };
  /** The "another session" demo found that session already waiting. */
  otherSessionBusy: { session: string };
  /** The gateway would not take the question (it is down, restarting, or refused it). */
  gatewayRefused: { demo: string; detail: string };
  /** The playground server did not answer at all. */
  serverUnreachable: { demo: string };
  /** The server refused the request itself (a bug in the page or an old server). */
  requestRefused: { detail: string };
  askedElsewhere: { session: string };
  severalAsked: { count: string };
  restarted: Record<string, never>;
  restartRefused: Record<string, never>;
  restartFailed: { detail: string };
  unknownCommand: { command: string; commands: string };
  help: { commands: string };
  nothingWaiting: { commands: string };
  /** A plain-text reply the question could not take; `detail` is the kit's own reason. */
  replyNotUnderstood: { detail: string };
  replyTooLate: Record<string, never>;
}

export type NoteKey = keyof NoteValues;
export type Note = { [K in NoteKey]: { note: K; values: NoteValues[K] } }[NoteKey];

type Outcome = Exclude<QuestionStatus, "pending">;

export interface PlaygroundStrings {
  /** `lang` of the page. */
  lang: Language;
  title: string;
  connection: Record<"connected" | "connecting" | "disconnected", string>;
  embeddedGateway: string;
  realGateway: string;

  session: string;
  sessionWaiting: (session: string) => string;

  theme: string;
  themeLight: string;
  themeDark: string;
  themeSystem: string;
  language: string;
  languageNames: Record<Language, string>;

  demos: string;
  showDemos: string;
  hideDemos: string;
  /** Button text per demo name; a demo not listed keeps the server's title. */
  demoTitles: Record<string, string>;
  severalTitle: string;
  elsewhereTitle: string;
  restartGateway: string;

  conversation: string;
  greetingBefore: string;
  greetingAfter: string;
  agent: string;
  backgroundJob: string;
  you: string;
  agentTurn: (title: string) => string;
  questionFromElsewhere: string;
  calledTool: string;
  questionId: string;
  waitingForAnswer: string;
  toolResult: string;
  outcomes: Record<Outcome, string>;
  toolResultText: string;
  toolResultJson: string;
  runLost: string;
  loadRunsFailed: (detail: string) => string;

  message: string;
  composerPlaceholder: string;
  send: string;
  composerHint: string;

  notes: { [K in NoteKey]: (values: NoteValues[K]) => string };
  showQuestion: string;
  goToSession: (session: string) => string;
  tryAgain: string;
}

export const en: PlaygroundStrings = {
  lang: "en",
  title: "ask-user-kit playground",
  connection: { connected: "Connected", connecting: "Connecting…", disconnected: "Disconnected" },
  embeddedGateway: "embedded gateway",
  realGateway: "OpenClaw gateway",

  session: "Session",
  sessionWaiting: (session) => `${session} · question waiting`,

  theme: "Theme",
  themeLight: "Light",
  themeDark: "Dark",
  themeSystem: "System",
  language: "Language",
  languageNames: { en: "English", vi: "Tiếng Việt" },

  demos: "Demos",
  showDemos: "Demos",
  hideDemos: "Hide demos",
  demoTitles: { single: "Single-select", multi: "Multi-select", three: "Three questions", timeout: "30 s timeout" },
  severalTitle: "Several at once",
  elsewhereTitle: "Another session",
  restartGateway: "Restart gateway",

  conversation: "Conversation",
  greetingBefore: "Hi! I am a scripted agent. Each demo makes me call",
  greetingAfter:
    "through the gateway. Answer in the panel (keys 1–N pick, Enter goes on, Esc folds it away) or type a plain reply below; the chip of your answer stays in my turn, and the tool result I got back is folded under it.",
  agent: "Agent",
  backgroundJob: "Background job · no session",
  you: "You",
  agentTurn: (title) => `Agent turn: ${title}`,
  questionFromElsewhere: "Question from elsewhere",
  calledTool: "Called",
  questionId: "question",
  waitingForAnswer: "Waiting for your answer…",
  toolResult: "Tool result",
  outcomes: { answered: "answered", cancelled: "question skipped", expired: "question expired" },
  toolResultText: "content — the text the model reads",
  toolResultJson: "details — the JSON the model gets",
  runLost: "The gateway restarted and forgot this question, so the tool call never returned. A real agent run ends with its gateway too.",
  loadRunsFailed: (detail) => `Earlier turns could not be loaded (${detail}). New demos still work.`,

  message: "Message",
  composerPlaceholder: "Reply to a question, or type /help",
  send: "Send",
  composerHint: "Enter sends · Shift+Enter new line · /help lists the commands",

  notes: {
    sessionBusy: ({ session }) =>
      `A question is already waiting in ${session}, and the agent asks one at a time. Answer or skip it first — or try “Another session”.`,
    otherSessionBusy: ({ session }) => `${session} already has a question waiting. Go there to answer it first.`,
    gatewayRefused: ({ detail }) => `The gateway did not take the question (${detail}). If it is restarting, wait a moment and try again.`,
    serverUnreachable: () => "The playground server is not answering. Is npm start still running in your terminal?",
    requestRefused: ({ detail }) => `The playground server refused that demo: ${detail}.`,
    askedElsewhere: ({ session }) =>
      `The agent asked in ${session}. It does not dock here: the notice above the message box counts it and takes you there.`,
    severalAsked: ({ count }) => `${count} questions are waiting now. The panel shows one at a time; its header steps between them.`,
    restarted: () => "The embedded gateway restarted: it dropped every connection and forgot every question. The page reconnects on its own.",
    restartRefused: () => "Only the embedded gateway can be restarted from here; restart the real one yourself.",
    restartFailed: ({ detail }) => `The gateway could not be restarted (${detail}).`,
    unknownCommand: ({ command, commands }) => `There is no command /${command}. Try one of: ${commands}.`,
    help: ({ commands }) => `Commands: ${commands}. Anything else answers the question that is waiting.`,
    nothingWaiting: ({ commands }) => `Nothing is waiting for an answer. Start a demo from the bar above, or type one of: ${commands}.`,
    replyNotUnderstood: ({ detail }) => `That reply does not answer the question: ${detail}`,
    replyTooLate: () => "That question is no longer waiting for an answer.",
  },
  showQuestion: "Show the question",
  goToSession: (session) => `Go to ${session}`,
  tryAgain: "Try again",
};

export const vi: PlaygroundStrings = {
  lang: "vi",
  title: "ask-user-kit playground",
  connection: { connected: "Đã kết nối", connecting: "Đang kết nối…", disconnected: "Mất kết nối" },
  embeddedGateway: "gateway nhúng",
  realGateway: "gateway OpenClaw",

  session: "Phiên",
  sessionWaiting: (session) => `${session} · có câu hỏi đang chờ`,

  theme: "Giao diện",
  themeLight: "Sáng",
  themeDark: "Tối",
  themeSystem: "Theo hệ thống",
  language: "Ngôn ngữ",
  languageNames: { en: "English", vi: "Tiếng Việt" },

  demos: "Bản demo",
  showDemos: "Bản demo",
  hideDemos: "Ẩn bản demo",
  demoTitles: { single: "Chọn một", multi: "Chọn nhiều", three: "Ba câu hỏi", timeout: "Hết hạn sau 30 giây" },
  severalTitle: "Nhiều câu cùng lúc",
  elsewhereTitle: "Phiên khác",
  restartGateway: "Khởi động lại gateway",

  conversation: "Cuộc trò chuyện",
  greetingBefore: "Xin chào! Tôi là một tác nhân chạy theo kịch bản. Mỗi bản demo khiến tôi gọi",
  greetingAfter:
    "qua gateway. Hãy trả lời trong bảng câu hỏi (phím 1–N để chọn, Enter để tiếp tục, Esc để thu gọn) hoặc gõ câu trả lời bên dưới; thẻ tóm tắt câu trả lời nằm lại trong lượt của tôi, còn kết quả công cụ mà tôi nhận về được thu gọn bên dưới nó.",
  agent: "Tác nhân",
  backgroundJob: "Tác vụ nền · không có phiên",
  you: "Bạn",
  agentTurn: (title) => `Lượt của tác nhân: ${title}`,
  questionFromElsewhere: "Câu hỏi từ nơi khác",
  calledTool: "Đã gọi",
  questionId: "câu hỏi",
  waitingForAnswer: "Đang chờ bạn trả lời…",
  toolResult: "Kết quả công cụ",
  outcomes: { answered: "đã trả lời", cancelled: "câu hỏi đã bị bỏ qua", expired: "câu hỏi đã hết hạn" },
  toolResultText: "content — văn bản mô hình đọc",
  toolResultJson: "details — JSON mô hình nhận",
  runLost:
    "Gateway đã khởi động lại và quên câu hỏi này, nên lệnh gọi công cụ không bao giờ trả về. Một lượt chạy thật cũng kết thúc cùng gateway của nó.",
  loadRunsFailed: (detail) => `Không tải được các lượt trước (${detail}). Các bản demo mới vẫn chạy được.`,

  message: "Tin nhắn",
  composerPlaceholder: "Trả lời câu hỏi, hoặc gõ /help",
  send: "Gửi",
  composerHint: "Enter để gửi · Shift+Enter xuống dòng · /help liệt kê các lệnh",

  notes: {
    sessionBusy: ({ session }) =>
      `Phiên ${session} đã có một câu hỏi đang chờ, và tác nhân chỉ hỏi từng câu một. Hãy trả lời hoặc bỏ qua câu đó trước — hoặc thử “Phiên khác”.`,
    otherSessionBusy: ({ session }) => `Phiên ${session} đã có một câu hỏi đang chờ. Hãy đến đó để trả lời trước.`,
    gatewayRefused: ({ detail }) => `Gateway không nhận câu hỏi (${detail}). Nếu gateway đang khởi động lại, hãy đợi một lát rồi thử lại.`,
    serverUnreachable: () => "Máy chủ playground không phản hồi. Lệnh npm start còn chạy trong terminal không?",
    requestRefused: ({ detail }) => `Máy chủ playground từ chối bản demo này: ${detail}.`,
    askedElsewhere: ({ session }) =>
      `Tác nhân đã hỏi trong phiên ${session}. Câu hỏi không hiện ở đây: thông báo phía trên ô tin nhắn đếm nó và đưa bạn đến đó.`,
    severalAsked: ({ count }) => `Hiện có ${count} câu hỏi đang chờ. Bảng câu hỏi hiện từng câu một; phần đầu bảng chuyển giữa chúng.`,
    restarted: () => "Gateway nhúng đã khởi động lại: mọi kết nối bị ngắt và mọi câu hỏi bị quên. Trang sẽ tự kết nối lại.",
    restartRefused: () => "Chỉ khởi động lại được gateway nhúng từ đây; hãy tự khởi động lại gateway thật.",
    restartFailed: ({ detail }) => `Không khởi động lại được gateway (${detail}).`,
    unknownCommand: ({ command, commands }) => `Không có lệnh /${command}. Hãy thử một trong các lệnh: ${commands}.`,
    help: ({ commands }) => `Các lệnh: ${commands}. Mọi nội dung khác sẽ trả lời câu hỏi đang chờ.`,
    nothingWaiting: ({ commands }) =>
      `Không có câu hỏi nào đang chờ trả lời. Hãy chạy một bản demo ở thanh phía trên, hoặc gõ một trong các lệnh: ${commands}.`,
    replyNotUnderstood: ({ detail }) => `Câu trả lời đó không trả lời được câu hỏi: ${detail}`,
    replyTooLate: () => "Câu hỏi đó không còn chờ trả lời nữa.",
  },
  showQuestion: "Xem câu hỏi",
  goToSession: (session) => `Đến ${session}`,
  tryAgain: "Thử lại",
};

export const STRINGS: Record<Language, PlaygroundStrings> = { en, vi };

/** The text of a logged note in `strings`' language. */
export function noteText(strings: PlaygroundStrings, note: Note): string {
  const render = strings.notes[note.note] as (values: NoteValues[NoteKey]) => string;
  return render(note.values);
}

/** A demo's button text: the page's own title for it, else the server's. */
export function demoTitle(strings: PlaygroundStrings, demo: { name: string; title: string }): string {
  return strings.demoTitles[demo.name] ?? demo.title;
}
