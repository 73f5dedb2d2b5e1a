/**
 * What a host hands the kit — its store and its connection — typed without React, so the
 * declarations of `ask-user-kit/element/standalone` (for hosts that have no React, nor its types)
 * reach no `react` import through them.
 */
import type { StoreApi } from "zustand/vanilla";
import type { AskUserStoreState } from "../store/index.js";

import type { AskUserTransport } from "../contract/transport.js";

export type { AskUserTransport };

/** The provider's and the element's `client`: the gateway connection, as an `AskUserTransport`. */
export type AskUserClient = AskUserTransport;

/** The vanilla store a provider holds (`createAskUserStore`'s return type). */
export type AskUserStoreApi = StoreApi<AskUserStoreState>;
