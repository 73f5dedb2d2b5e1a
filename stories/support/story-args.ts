/**
 * Args every kit meta shares: the provider's language and session (the `withAskUser` decorator
 * hands them to `AskUserProvider`) and the theme (the `withTheme` decorator links it). A story's
 * `render` passes the rest on to the component with `componentArgs`.
 */
import type { ArgTypes } from "@storybook/react-vite";
import { vi } from "../../src/index.js";
import type { StoryProviderProps, StoryTheme } from "./decorators.js";

/** The args a story's decorators consume, next to the component's own props. */
/** `locale` is an option key here (`"vi"`); `storyArgTypes` maps it to the catalogue the provider takes. */
export type StoryArgs = Omit<StoryProviderProps, "locale"> & { locale?: "en" | "vi"; theme?: StoryTheme };

const STORY_ONLY = new Set(["locale", "messages", "viewSessionKey", "theme"]);

/** The args that are the component's props (the decorators' ones left out). */
export function componentArgs<T extends object>(args: T): Omit<T, keyof StoryArgs> {
  return Object.fromEntries(Object.entries(args).filter(([key]) => !STORY_ONLY.has(key))) as Omit<T, keyof StoryArgs>;
}

/** Controls for the provider props and the theme, filed under their own categories in the props table. */
export const storyArgTypes: ArgTypes = {
  locale: {
    description: '`AskUserProvider`: a whole catalogue (the shipped `vi`, imported, or your own) or `"en"`, the default.',
    control: "inline-radio",
    options: ["en", "vi"],
    // The provider takes catalogues, not tags (unused languages then stay out of a host's bundle).
    mapping: { en: "en", vi },
    table: { category: "AskUserProvider", type: { summary: '"en" | AskUserMessages' } },
  },
  messages: {
    description: '`AskUserProvider`: strings to replace in the chosen locale, e.g. `{ submit: "Send" }`.',
    control: "object",
    table: { category: "AskUserProvider", type: { summary: "Partial<AskUserMessages>" } },
  },
  viewSessionKey: {
    description: "`AskUserProvider`: the session on screen; other sessions' prompts are counted, not docked.",
    control: "text",
    table: { category: "AskUserProvider", type: { summary: "string | null" } },
  },
  theme: {
    description: "Story only: the kit's stylesheet in light or dark (`data-theme` on a wrapper), or no stylesheet at all. Default light.",
    control: "inline-radio",
    options: ["light", "dark", "none"],
    table: { category: "Story", type: { summary: '"light" | "dark" | "none"' } },
  },
};
