import { createContext, useContext } from "react";
import { type PlaygroundStrings, en } from "./strings.js";

/** The page's words in the language on screen (the language toggle sets it). */
export const StringsContext = createContext<PlaygroundStrings>(en);

export function useStrings(): PlaygroundStrings {
  return useContext(StringsContext);
}
