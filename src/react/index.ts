"use client";
/**
 * The React layer's entry: the provider and hooks, and what the kit's own UI layers (components,
 * element) build on. The package's main entry (src/index.ts) re-exports the public part of it.
 */
export { AskUserProvider } from "./ask-user-provider.js";
export type { AskUserProviderProps } from "./ask-user-provider.js";
export { useAskUser, useAskUserActions, useAskUserMessages, useAskUserStore, useSelection } from "./ask-user-hooks.js";
export { useAskUserEvents } from "./use-ask-user-events.js";
export type { AskUserEventHandlers } from "./use-ask-user-events.js";
export type { AskUserClient, AskUserStoreApi, AskUserTransport } from "./host-types.js";
// For the kit's own UI layers: the provider's context and the hooks the parts are built on.
export { useAskUserContext, useRequiredContext } from "./ask-user-context.js";
export { useIsomorphicLayoutEffect } from "./use-isomorphic-layout-effect.js";
