"use client";
import { createContext, useContext } from "react";
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
  const value = useContext(AskUserContext);
  if (!value) throw new Error(`\`${caller}\` must be used within \`AskUserProvider\`.`);
  return value;
}
