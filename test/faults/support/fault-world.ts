/**
 * A whole deployment in one event loop, driven deterministically from a seed: the embedded
 * gateway, a relay in front of it that drops, duplicates, delays, reorders and cuts frames, and
 * several kits (gateway client + bridge + store) connected through it. Every frame and every
 * socket event goes through one queue the world pumps; time is Vitest's fake clock; randomness is
 * a seeded generator — so one seed replays exactly.
 */
import { vi } from "vitest";
import { connectQuestions } from "../../../src/bridge/index.js";
import { createGatewayClient, type GatewayClient } from "../../../src/client/index.js";
import type { AnswerMap } from "../../../src/contract/types.js";
import { createAskUserStore } from "../../../src/store/index.js";
import type { AskUserStore, DraftStorage } from "../../../src/store/types.js";
import {
  createInMemoryWebSocket,
  createLocalGateway,
  type GatewayConnection,
  type GatewayTransport,
  type LocalGateway,
} from "../../../src/testing/index.js";

/** Small, fast, seedable (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface FaultRates {
  drop: number;
  duplicate: number;
  delay: number;
  /** Chance that a pump picks one of the next few queued deliveries instead of the first. */
  reorder: number;
}

/** What one kit sent as `question.resolve`, before the relay touched it. */
export interface SentResolve {
  kit: number;
  id: string;
  answers?: AnswerMap;
  cancel?: true;
}

export interface Kit {
  index: number;
  store: AskUserStore;
  client: GatewayClient;
  stop(): void;
}

interface Link {
  transport: GatewayTransport;
  connection: GatewayConnection;
  cut: boolean;
}

/** The `question.resolve` in a frame a kit sent, or undefined for any other frame. */
export function parseResolve(kit: number, text: string): SentResolve | undefined {
  let frame: { method?: string; params?: { id?: string; answers?: { answers?: AnswerMap }; cancel?: true } };
  try {
    frame = JSON.parse(text) as typeof frame;
  } catch {
    return undefined;
  }
  if (frame.method !== "question.resolve" || typeof frame.params?.id !== "string") return undefined;
  return {
    kit,
    id: frame.params.id,
    ...(frame.params.answers?.answers ? { answers: frame.params.answers.answers } : {}),
    ...(frame.params.cancel ? { cancel: true } : {}),
  };
}

const TOKEN = "fault-token";

/**
 * The handshake (the challenge, `connect`, the hello-ok) passes untouched. Faults inside one
 * connection stand for a gateway that sheds events and answers; a real socket never doubles the
 * client's `connect`, and a doubled one is answered as a second request (FORBIDDEN, missing
 * operator.admin) that a kit rightly takes as a terminal refusal — seed 1125187435 found it.
 * Cuts, refused reconnects and restarts still hit the handshake.
 */
const HANDSHAKE = /"event":"connect\.challenge"|"method":"connect"|"type":"hello-ok"/;
const isHandshake = (text: string) => HANDSHAKE.test(text);

function memoryStorage(): DraftStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

export function createFaultWorld(seed: number, rates: FaultRates) {
  const random = seededRandom(seed);
  const gateway = createLocalGateway({ token: TOKEN });
  const queue: Array<() => void> = [];
  const delayed: Array<() => void> = [];
  const links = new Set<Link>();
  const sent: SentResolve[] = [];
  let faulty = true;

  /** Passes one frame through the relay: delivered, dropped, doubled or held back. */
  function relay(text: string, run: () => void): void {
    if (!faulty || isHandshake(text)) return void queue.push(run);
    const roll = random();
    if (roll < rates.drop) return;
    if (roll < rates.drop + rates.duplicate) return void queue.push(run, run);
    if (roll < rates.drop + rates.duplicate + rates.delay) return void delayed.push(run);
    queue.push(run);
  }

  function relayedGateway(kit: number): LocalGateway {
    return {
      ...gateway,
      accept(transport, info) {
        const link: Link = { transport, connection: undefined as unknown as GatewayConnection, cut: false };
        link.connection = gateway.accept(
          {
            send: (text) => relay(text, () => !link.cut && transport.send(text)),
            close: (code, reason) => {
              link.cut = true;
              links.delete(link);
              transport.close(code, reason);
            },
          },
          info,
        );
        links.add(link);
        return {
          receive(text) {
            noteResolve(kit, text);
            relay(text, () => !link.cut && link.connection.receive(text));
          },
          closed() {
            link.cut = true;
            links.delete(link);
            link.connection.closed();
          },
        };
      },
    };
  }

  function noteResolve(kit: number, text: string): void {
    const frame = parseResolve(kit, text);
    if (frame) sent.push(frame);
  }

  const kits: Kit[] = [];
  function addKit(): Kit {
    const index = kits.length;
    const Socket = createInMemoryWebSocket(relayedGateway(index), { deliver: (run) => queue.push(run) });
    const client = createGatewayClient({ url: "ws://fault-world", token: TOKEN, WebSocket: Socket, random, requestTimeoutMs: 5_000 });
    const store = createAskUserStore({ storage: memoryStorage() });
    const disconnect = connectQuestions(client, store);
    const kit: Kit = {
      index,
      store,
      client,
      stop() {
        disconnect();
        client.close();
        store.destroy();
      },
    };
    kits.push(kit);
    return kit;
  }

  /** Runs queued deliveries (and the promise work each one starts) until the queue is empty. */
  async function pump(limit = 2_000): Promise<void> {
    for (let ran = 0; ran < limit; ran++) {
      if (queue.length === 0) {
        if (delayed.length === 0) return;
        queue.push(...delayed.splice(0));
      }
      const pick = faulty && random() < rates.reorder ? Math.floor(random() * Math.min(3, queue.length)) : 0;
      const [run] = queue.splice(pick, 1);
      run!();
      await vi.advanceTimersByTimeAsync(0);
    }
  }

  /** Moves the clock in slices, pumping between them, so timers and frames interleave. */
  async function advance(ms: number): Promise<void> {
    for (let left = ms; left > 0; left -= 250) {
      await vi.advanceTimersByTimeAsync(Math.min(250, left));
      await pump();
    }
  }

  /** The relay drops every open connection at once, as a network blip does. */
  function cutAll(): void {
    for (const link of [...links]) {
      link.cut = true;
      links.delete(link);
      link.connection.closed();
      link.transport.close(1006, "relay cut");
    }
  }

  return {
    gateway,
    kits,
    sent,
    random,
    addKit,
    pump,
    advance,
    cutAll,
    /** Faults stop; later frames are delivered in order. */
    heal() {
      faulty = false;
      queue.push(...delayed.splice(0));
    },
    dispose() {
      for (const kit of kits) kit.stop();
      gateway.close();
    },
  };
}

export type FaultWorld = ReturnType<typeof createFaultWorld>;
