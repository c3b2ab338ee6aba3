// The `@packageDocumentation` comment of a package, for its built declaration file.
// tsup's declaration bundler drops the comment that opens `src/index.ts`, so API Extractor
// (and an editor's hover) would see no package documentation; each package's tsup config
// puts it back as the banner of its `.d.ts` files, read from the one place it is written.
import { readFileSync } from "node:fs";

/** The doc comment that opens `file`; throws when it has none, so none goes missing. */
export function packageDocumentation(file) {
  const opening = /^\/\*\*[\s\S]*?\*\//.exec(readFileSync(file, "utf8"))?.[0];
  if (!opening?.includes("@packageDocumentation")) {
    throw new Error(`${file} must open with a /** ... @packageDocumentation */ comment`);
  }
  return opening;
}
