import { arrayLength, isArraySafe, isObjectRecord, readIndex, readOwn, UNREADABLE } from "../../contract/safe-read.js";

/** OpenClaw writes one text block; the cap bounds the work on a hostile message. */
const MAX_CONTENT_BLOCKS = 16;

/**
 * The text a tool result carries, whichever shape the host gives: a string, `{text}` (the Control
 * UI's tool-result surface), `{content}` as a string or text blocks (a history message), text blocks.
 * Without any text, the value as JSON — so an unreadable result is still shown as it is.
 */
export function toolResultText(result: unknown): string {
  if (typeof result === "string") return result;
  if (isArraySafe(result) === true) return textOfBlocks(result as unknown[]) ?? asJson(result);
  if (isObjectRecord(result)) {
    const text = readOwn(result, "text");
    if (typeof text === "string") return text;
    const content = readOwn(result, "content");
    if (typeof content === "string") return content;
    const blocks = isArraySafe(content) === true ? textOfBlocks(content as unknown[]) : undefined;
    if (blocks !== undefined) return blocks;
  }
  return asJson(result);
}

function textOfBlocks(blocks: unknown[]): string | undefined {
  const length = arrayLength(blocks);
  if (length === UNREADABLE) return undefined;
  const texts: string[] = [];
  for (let index = 0; index < Math.min(length, MAX_CONTENT_BLOCKS); index += 1) {
    const block = readIndex(blocks, index);
    const text = isObjectRecord(block) && readOwn(block, "type") === "text" ? readOwn(block, "text") : undefined;
    if (typeof text === "string") texts.push(text);
  }
  return texts.length > 0 ? texts.join("\n") : undefined;
}

function asJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? typeof value;
  } catch {
    // Cyclic, or a hostile getter: its kind is all that can be said safely.
    return Object.prototype.toString.call(value);
  }
}
