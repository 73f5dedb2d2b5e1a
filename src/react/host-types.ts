/**
 * The two things a host hands the kit — its store and its client — typed without React, so the
 * declarations of `ask-user-kit/element/standalone` (for hosts that have no React, nor its types)
 * reach no `react` import through them.
 */
import type { StoreApi } from "zustand/vanilla";
import type { connectQuestions } from "../bridge/index.js";
import type { AskUserStoreState } from "../store/index.js";

/** The vanilla store a provider holds (`createAskUserStore`'s return type). */
export type AskUserStoreApi = StoreApi<AskUserStoreState>;

/** The client `connectQuestions` accepts (the question client of `ask-user-kit/client`). */
export type AskUserClient = Parameters<typeof connectQuestions>[0];
