/**
 * The gateway's JSON text frames. Parsing is strict about the fields the client relies on and
 * lenient about everything else (unknown fields are ignored, as newer gateways add them).
 */

export interface RequestFrame {
  type: "req";
  id: string;
  method: string;
  params?: unknown;
}

export interface CancelFrame {
  type: "cancel";
  id: string;
}

export interface ResponseFrame {
  type: "res";
  id: string;
  ok: boolean;
  payload?: unknown;
  error?: unknown;
}

export interface EventFrame {
  type: "event";
  event: string;
  payload?: unknown;
  seq?: number;
}

export type InboundFrame = ResponseFrame | EventFrame;

/** Turns a WebSocket message's `data` into text; binary frames are not part of the protocol. */
export function frameText(data: unknown): string | null {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  return null;
}

/**
 * The frame in `text`, or why it is not one (a message naming the field). Not a result object: a
 * burst parses thousands of frames, and a wrapper each is garbage made per frame.
 */
export function parseFrame(text: string): InboundFrame | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return `frame is not valid JSON: ${preview(text)}`;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return `frame must be a JSON object: ${preview(text)}`;
  }
  const frame = raw as Record<string, unknown>;
  switch (frame.type) {
    case "res":
      if (typeof frame.id !== "string" || frame.id === "") return `response frame is missing its string "id": ${preview(text)}`;
      if (typeof frame.ok !== "boolean") return `response frame ${frame.id} is missing its boolean "ok"`;
      return frame as unknown as ResponseFrame;
    case "event":
      if (typeof frame.event !== "string" || frame.event === "") return `event frame is missing its string "event": ${preview(text)}`;
      // Only the type is checked here: whether the number is plausible is the seq tracker's call.
      if (frame.seq !== undefined && typeof frame.seq !== "number") return `event frame "${frame.event}" has a non-numeric "seq"`;
      return frame as unknown as EventFrame;
    default:
      return `frame has unknown "type" ${JSON.stringify(frame.type)} (expected "res" or "event")`;
  }
}

function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
