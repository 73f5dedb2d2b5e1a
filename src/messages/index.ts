export { en } from "./en.js";
export { vi } from "./vi.js";
export { formatDuration } from "./format-duration.js";
export { resolveMessages } from "./resolve-messages.js";
export type { AskUserLocale, AskUserMessages } from "./types.js";
