/**
 * The scripted demo agent's turns: each is the `ask_user` input a model would send, exactly as
 * the tool receives it (model-facing field names, ` (Recommended)` marker, `timeoutSeconds`). The
 * English questions are the repo's shared samples (src/testing/sample-questions.ts); with the page
 * in Vietnamese the agent asks the same questions in Vietnamese, as a model answering a Vietnamese
 * speaker would (same ids, so the answers keep their keys).
 */
import {
  type SampleInput,
  type SampleInputQuestion,
  checks,
  deployTarget,
  multiInput,
  notify,
  singleInput,
  threeStepsInput,
} from "../src/testing/sample-questions.js";

/** The languages the page offers (its language toggle). */
export type DemoLanguage = "en" | "vi";

export interface DemoTurn {
  /** What the agent says before it calls the tool. */
  intro: string;
  input: unknown;
}

export interface Demo extends DemoTurn {
  /** Also the composer command (`/single`). */
  name: string;
  /** Button text (the page has its own, per language, in playground/src/strings.ts). */
  title: string;
  /** The same turn in Vietnamese. */
  vi: DemoTurn;
}

const deployTargetVi: SampleInputQuestion = {
  id: deployTarget.id,
  header: "Đích",
  question: "Bản phát hành này nên lên đâu trước?",
  options: [
    { label: "Staging (Recommended)", description: "Dữ liệu giống production, không có khách hàng" },
    { label: "Production", description: "Khách hàng thấy nó trong vài phút" },
    { label: "Liên kết xem trước", description: "Một URL dùng tạm để duyệt" },
  ],
};

const checksVi: SampleInputQuestion = {
  id: checks.id,
  header: "Kiểm tra",
  question: "Nên chạy những kiểm tra nào trước khi phát hành?",
  options: [{ label: "Unit test" }, { label: "Kiểm thử trình duyệt" }, { label: "Kích thước bundle" }, { label: "Changelog" }],
  multiSelect: true,
};

const notifyVi: SampleInputQuestion = {
  id: notify.id,
  header: "Thông báo",
  question: "Ai nên được báo về bản phát hành?",
  options: [{ label: "Kênh của nhóm" }, { label: "Không ai cả" }],
};

const timeoutInput: SampleInput = { timeoutSeconds: 30, questions: [notify] };

export const DEMOS: readonly Demo[] = [
  {
    name: "single",
    title: "Single-select",
    intro: "Before I ship the release I need one decision.",
    input: singleInput,
    vi: { intro: "Trước khi phát hành, tôi cần bạn quyết định một điều.", input: { questions: [deployTargetVi] } },
  },
  {
    name: "multi",
    title: "Multi-select",
    intro: "I can run some checks before it ships.",
    input: multiInput,
    vi: { intro: "Tôi có thể chạy vài kiểm tra trước khi phát hành.", input: { questions: [checksVi] } },
  },
  {
    name: "three",
    title: "Three questions",
    intro: "Three quick questions before the release goes out.",
    input: threeStepsInput,
    vi: { intro: "Ba câu hỏi nhanh trước khi phát hành.", input: { questions: [deployTargetVi, checksVi, notifyVi] } },
  },
  {
    name: "timeout",
    title: "30 s timeout",
    intro: "Quick one — I will carry on with my own judgment in 30 seconds.",
    input: timeoutInput,
    vi: {
      intro: "Hỏi nhanh — sau 30 giây tôi sẽ tự quyết định.",
      input: { timeoutSeconds: 30, questions: [notifyVi] },
    },
  },
];

export function findDemo(name: string): Demo | undefined {
  return DEMOS.find((demo) => demo.name === name);
}

/** The demo's turn in `language` (English when not given). */
export function demoTurn(demo: Demo, language: DemoLanguage = "en"): DemoTurn {
  return language === "vi" ? demo.vi : demo;
}
