// Validates every forge workflow in .github/workflows against the workflow schema, offline
// (@action-validator/core: the validator compiled to WebAssembly, shipped in the package).
// Usage: node scripts/workflows-check.mjs [--dir <folder of workflows>]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { validateWorkflow } from "@action-validator/core";

const { values: args } = parseArgs({
  options: { dir: { type: "string", default: ".github/workflows" } },
});
const files = readdirSync(args.dir)
  .filter((file) => /\.ya?ml$/.test(file))
  .sort();
if (files.length === 0) {
  console.error(`workflows:check: no workflow in ${args.dir}`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  const { errors } = validateWorkflow(readFileSync(join(args.dir, file), "utf8"));
  if (errors.length === 0) continue;
  failed += 1;
  console.error(`workflows:check: ${join(args.dir, file)} is not a valid workflow:`);
  for (const error of errors) {
    const where = error.path ?? (error.location ? `line ${error.location.line}` : undefined);
    const what = [where, error.title, error.detail].filter(Boolean).join(": ");
    console.error(`  ${what}`);
  }
}
if (failed > 0) process.exit(1);
console.log(`workflows:check: ${files.length} workflows valid (${files.join(", ")}).`);
