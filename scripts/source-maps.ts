/**
 * Every built JS file ships a source map whose sources are in the tarball (both build configs use
 * this plugin; test/package/tarball.test.ts checks the packed result):
 *  - a chunk rolldown maps already keeps its map. Sources under src/ are shipped as files, so their
 *    text stays out of the map; any other source (the standalone element's Preact, Radix and
 *    zustand, which the tarball does not ship as files) keeps its text inside the map
 *    (`sourcesContent`);
 *  - a chunk rolldown writes no map for, or one naming no source, gets one: a chunk of re-exports
 *    only (dist/contract.js …, dist/components/parts/index.js, the namespace behind `AskUser`)
 *    maps each of its lines to the start of its module (src/contract/index.ts …), where those
 *    exports are declared; rolldown's own helper (dist/_virtual/_rolldown/runtime.js) is original
 *    code, so its map is the identity onto the file itself.
 */
import { readFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { Plugin } from "vite";

interface SourceMapJson {
  version: 3;
  file: string;
  sources: string[];
  sourcesContent?: (string | null)[];
  names: string[];
  mappings: string;
}

/** `mappings` with one segment per line: column 0 of line n onto column 0 of `line(n)` of source 0. */
function lineStarts(lineCount: number, line: (index: number) => number): string {
  const segments: string[] = [];
  let previous = 0;
  for (let index = 0; index < lineCount; index += 1) {
    const delta = line(index) - previous;
    previous += delta;
    // Deltas of 0 and 1 are the only ones used: VLQ "A" is 0, "C" is +1.
    segments.push(`AA${delta === 0 ? "A" : "C"}A`);
  }
  return segments.join(";");
}

const SOURCE_MAP_COMMENT = /\n?\/\/# sourceMappingURL=\S+\s*$/;

/**
 * `srcDir`: the sources the tarball ships as files. `outDir`: the package's dist/; a build writing
 * elsewhere (Storybook's, which loads vite.config.ts's plugins) is left as it is.
 */
export function mapEveryChunk({ srcDir, outDir }: { srcDir: string; outDir: string }): Plugin {
  return {
    name: "ask-user-kit:map-every-chunk",
    enforce: "post",
    generateBundle(options, bundle) {
      if (options.dir === undefined || resolve(options.dir) !== resolve(outDir)) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const mapName = `${chunk.fileName}.map`;
        const chunkDir = dirname(join(outDir, chunk.fileName));
        const asset = bundle[mapName];
        const given = asset?.type === "asset" ? (JSON.parse(String(asset.source)) as SourceMapJson) : undefined;
        if (asset?.type === "asset" && given && given.sources.length > 0) {
          const map = given;
          map.sourcesContent = map.sources.map((source, index) => {
            const path = resolve(chunkDir, source);
            if (!relative(srcDir, path).startsWith("..")) return null;
            return map.sourcesContent?.[index] ?? readFileSync(path, "utf8");
          });
          if (map.sourcesContent.every((content) => content === null)) delete map.sourcesContent;
          asset.source = JSON.stringify(map);
          continue;
        }
        const code = chunk.code.replace(SOURCE_MAP_COMMENT, "");
        const lineCount = code.split("\n").length;
        const facade = chunk.facadeModuleId;
        const fromSource = facade !== null && isAbsolute(facade) && !relative(srcDir, facade).startsWith("..");
        const map: SourceMapJson = fromSource
          ? {
              version: 3,
              file: basename(chunk.fileName),
              sources: [relative(chunkDir, facade)],
              names: [],
              mappings: lineStarts(lineCount, () => 0),
            }
          : {
              version: 3,
              file: basename(chunk.fileName),
              sources: [basename(chunk.fileName)],
              names: [],
              mappings: lineStarts(lineCount, (index) => index),
            };
        if (asset?.type === "asset") {
          // A map naming no source (a namespace object's chunk): replaced, its comment kept.
          asset.source = JSON.stringify(map);
          continue;
        }
        this.emitFile({ type: "asset", fileName: mapName, source: JSON.stringify(map) });
        chunk.code = `${code}\n//# sourceMappingURL=${basename(mapName)}\n`;
      }
    },
  };
}
