/**
 * The kit for one activation of the plugin: one store (the chips and the Questions page share it),
 * connected to the gateway over the host's connection, and the message catalogue of the host's
 * language. Nothing is kept in browser storage: the chips come from each row's own tool result,
 * the questions from the gateway.
 */
import { type AskUserStore, createAskUserStore } from "ask-user-kit/store";
import { type AskUserMessages, en, vi } from "ask-user-kit";
import { connectQuestions } from "ask-user-kit/bridge";
import type { PluginHost } from "./host.js";
import { hostTransport } from "./host-transport.js";

export interface PluginKit {
  host: PluginHost;
  store: AskUserStore;
  messages: AskUserMessages;
  dispose(): void;
}

export function startKit(host: PluginHost): PluginKit {
  const store = createAskUserStore({ viewSessionKey: null });
  const disconnect = connectQuestions(hostTransport(host), store);
  return {
    host,
    store,
    messages: /^vi\b/i.test(host.locale) ? vi : en,
    dispose() {
      disconnect();
      store.destroy();
    },
  };
}
