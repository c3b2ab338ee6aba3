// Takes the release baseline: copies each public package's spec and API report to
// `released/` at the same paths. `pnpm release:version` runs it right after
// `changeset version`, so the committed snapshot is always the last release's.
// Usage: node scripts/release-baseline.mjs [--root <dir>]
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { snapshot } from "./release/changes.mjs";

const { values: args } = parseArgs({ options: { root: { type: "string", default: "." } } });
for (const file of snapshot(resolve(args.root))) console.log(`release:baseline: ${file}`);
