/**
 * The gateway's JSON text frames. Parsing is strict about the fields the client relies on and
 * lenient about everything else (unknown fields are ignored, as newer gateways add them).
 */

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

type InboundFrame = ResponseFrame | EventFrame;

/** Turns a WebSocket message's `data` into text; binary frames are not part of the protocol. */
export function frameText(data: unknown): string | null {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  return null;
}

type FrameResult = { ok: true; frame: InboundFrame } | { ok: false; problem: string };

/** The frame in `text`, or why it is not one (naming the field). */
export function parseFrame(text: string): FrameResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refused(`frame is not valid JSON: ${preview(text)}`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return refused(`frame must be a JSON object: ${preview(text)}`);
  const frame = raw as Record<string, unknown>;
  switch (frame.type) {
    case "res":
      if (typeof frame.id !== "string" || frame.id === "") return refused(`response frame is missing its string "id": ${preview(text)}`);
      if (typeof frame.ok !== "boolean") return refused(`response frame ${frame.id} is missing its boolean "ok"`);
      return { ok: true, frame: frame as unknown as ResponseFrame };
    case "event":
      if (typeof frame.event !== "string" || frame.event === "") return refused(`event frame is missing its string "event": ${preview(text)}`);
      // Only the type is checked here: whether the number is plausible is the seq tracker's call.
      if (frame.seq !== undefined && typeof frame.seq !== "number") return refused(`event frame "${frame.event}" has a non-numeric "seq"`);
      return { ok: true, frame: frame as unknown as EventFrame };
    default:
      return refused(`frame has unknown "type" ${JSON.stringify(frame.type)} (expected "res" or "event")`);
  }
}

function refused(problem: string): FrameResult {
  return { ok: false, problem };
}

function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
