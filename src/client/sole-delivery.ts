/**
 * Event payloads the connection hands to exactly one listener. A payload is `JSON.parse` output
 * made for one frame, so while it goes to a single listener nobody else holds it, and that
 * listener may keep its objects instead of copying them (the question client keeps a record that
 * is already in the parser's form, see `src/contract/json-record.ts`). With two listeners either
 * could change what the other keeps, so nothing is marked; the mark names the listener, so one
 * that passes the payload on (a host's wrapper of the connection) gives nobody downstream the
 * right to keep it; and it lasts for that one call.
 */
import type { Emitter } from "./emitter.js";
import type { EventFrame } from "./frames.js";

type EventListener = (payload: unknown, frame: EventFrame) => void;

const soleRecipients = new WeakMap<object, EventListener>();

/** Emits `frame`'s payload to `listeners`, marked as its recipient's alone when there is one recipient. */
export function emitEvent(listeners: Emitter<[unknown, EventFrame]>, frame: EventFrame): void {
  const payload = frame.payload;
  const only = listeners.only();
  if (only === undefined || typeof payload !== "object" || payload === null) {
    listeners.emit(payload, frame);
    return;
  }
  soleRecipients.set(payload, only);
  try {
    listeners.emit(payload, frame);
  } finally {
    soleRecipients.delete(payload);
  }
}

/** Whether `payload` is being delivered, right now, to `listener` and to no one else. */
export function isSoleRecipient(payload: unknown, listener: EventListener): boolean {
  return typeof payload === "object" && payload !== null && soleRecipients.get(payload) === listener;
}
