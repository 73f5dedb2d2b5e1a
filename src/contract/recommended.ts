import { RECOMMENDED_SUFFIX } from "./limits.js";

const MARKER = RECOMMENDED_SUFFIX.trim().toLowerCase();

export interface RecommendedLabel {
  /** The label to display, without the marker. */
  text: string;
  recommended: boolean;
}

/**
 * Splits the ` (Recommended)` convention off a label for display. The answer value must stay the
 * exact label; only the shown text changes. Case and extra spaces are forgiven because models vary.
 */
export function splitRecommended(label: string): RecommendedLabel {
  const trimmed = label.trimEnd();
  if (trimmed.length > MARKER.length && trimmed.slice(-MARKER.length).toLowerCase() === MARKER) {
    const head = trimmed.slice(0, -MARKER.length);
    const text = head.trimEnd();
    if (text.length > 0 && text.length < head.length) return { text, recommended: true };
  }
  return { text: label, recommended: false };
}
