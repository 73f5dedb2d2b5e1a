// A Server Component (no 'use client'): the namespace import of the parts entry must give one
// client reference per part, so `AskUser.Root` & co. are defined here and render on the server.
import * as AskUser from "ask-user-kit/parts";
import { PartsProvider } from "./parts-provider";

export default function PartsPage() {
  return (
    <main>
      <h1>Parts from a Server Component</h1>
      <p id="part-types">{[typeof AskUser.Root, typeof AskUser.Question, typeof AskUser.Options, typeof AskUser.LiveRegion].join(" ")}</p>
      <PartsProvider>
        <AskUser.Root>
          <AskUser.StepIndicator />
          <AskUser.Question>
            <AskUser.Title />
            <AskUser.Description />
            <AskUser.Options />
          </AskUser.Question>
          <AskUser.Error />
          <AskUser.Submit />
          {/* asChild across the server/client boundary: the child element is made here. */}
          <AskUser.Skip asChild>
            <button className="server-made">Not now</button>
          </AskUser.Skip>
        </AskUser.Root>
        <AskUser.LiveRegion />
      </PartsProvider>
    </main>
  );
}
