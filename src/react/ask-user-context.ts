"use client";
import { type Context, createContext, useContext } from "react";
import type { AskUserMessages } from "../messages/types.js";
import type { AskUserStoreApi } from "./host-types.js";

export type { AskUserStoreApi } from "./host-types.js";

export interface AskUserContextValue {
  store: AskUserStoreApi;
  messages: AskUserMessages;
}

export const AskUserContext = createContext<AskUserContextValue | null>(null);
AskUserContext.displayName = "AskUserContext";

/** The provider's value; throws an error that names the caller and the provider it needs. */
export function useAskUserContext(caller: string): AskUserContextValue {
  return useRequiredContext(AskUserContext, caller, "AskUserProvider");
}

/** `context`'s value; outside `provider` an error that names `caller` and the part it needs. */
export function useRequiredContext<Value>(context: Context<Value | null>, caller: string, provider: string): Value {
  const value = useContext(context);
  if (value === null) throw new Error(`\`${caller}\` must be used within \`${provider}\`.`);
  return value;
}
