// Whether a module is the script node was started with (`node scripts/x.mjs`), not an
// import of it. Compared as real paths: node gives the main module's URL with symlinks
// resolved and characters such as spaces escaped, and process.argv[1] as it was typed, so
// comparing the URL with `file://${process.argv[1]}` missed a checkout under a folder with
// a space in its name or behind a symlink, and the script then silently did nothing.
import { existsSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** True when the module whose `import.meta.url` is `url` is the script node runs. */
export function isMain(url) {
  const script = process.argv[1];
  return script !== undefined && existsSync(script) && realpathSync(script) === fileURLToPath(url);
}
