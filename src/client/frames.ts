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

export type FrameParseResult = { ok: true; frame: InboundFrame } | { ok: false; message: string };

/** Turns a WebSocket message's `data` into text; binary frames are not part of the protocol. */
export function frameText(data: unknown): string | null {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  return null;
}

export function parseFrame(text: string): FrameParseResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: `frame is not valid JSON: ${preview(text)}` };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, message: `frame must be a JSON object: ${preview(text)}` };
  }
  const frame = raw as Record<string, unknown>;
  switch (frame.type) {
    case "res":
      if (typeof frame.id !== "string" || frame.id === "") {
        return { ok: false, message: `response frame is missing its string "id": ${preview(text)}` };
      }
      if (typeof frame.ok !== "boolean") {
        return { ok: false, message: `response frame ${frame.id} is missing its boolean "ok"` };
      }
      return { ok: true, frame: frame as unknown as ResponseFrame };
    case "event":
      if (typeof frame.event !== "string" || frame.event === "") {
        return { ok: false, message: `event frame is missing its string "event": ${preview(text)}` };
      }
      // Only the type is checked here: whether the number is plausible is the seq tracker's call.
      if (frame.seq !== undefined && typeof frame.seq !== "number") {
        return { ok: false, message: `event frame "${frame.event}" has a non-numeric "seq"` };
      }
      return { ok: true, frame: frame as unknown as EventFrame };
    default:
      return {
        ok: false,
        message: `frame has unknown "type" ${JSON.stringify(frame.type)} (expected "res" or "event")`,
      };
  }
}

function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
