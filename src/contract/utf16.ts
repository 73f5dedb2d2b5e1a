function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Cuts `text` to at most `max` UTF-16 code units; when the cut would split a surrogate pair the whole
 * pair is dropped, so an emoji straddling the boundary never leaves half a character behind.
 */
export function truncateUtf16(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = max > 0 && isHighSurrogate(text.charCodeAt(max - 1)) && isLowSurrogate(text.charCodeAt(max)) ? max - 1 : max;
  return text.slice(0, end);
}

/** `text` if it fits in `max` code units, else cut (surrogate-safe) to end in "…" within `max`. */
export function clipUtf16(text: string, max: number): string {
  return text.length <= max ? text : `${truncateUtf16(text, max - 1)}…`;
}
