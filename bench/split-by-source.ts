/**
 * Splits minified code by the source file each of its mapped segments came from (its source map),
 * so a bench can charge bytes to a module, a layer or a package. Unmapped text is left out.
 */
import { decode } from "@jridgewell/sourcemap-codec";

export interface SourceMapLike {
  sources: readonly (string | null)[];
  mappings: string;
}

/**
 * The minified text per key: `keyOf` turns a map's source entry into the key bytes are added to
 * (an absolute path, an origin's name).
 */
export function splitBySource(
  code: string,
  map: SourceMapLike,
  keyOf: (source: string) => string,
  into = new Map<string, string>(),
): Map<string, string> {
  const lines = code.split("\n");
  decode(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? "";
    segments.forEach((segment, index) => {
      if (segment.length < 2) return;
      const end = index + 1 < segments.length ? segments[index + 1]![0] : line.length;
      const key = keyOf(map.sources[segment[1]!] ?? "");
      into.set(key, (into.get(key) ?? "") + line.slice(segment[0], end));
    });
  });
  return into;
}
