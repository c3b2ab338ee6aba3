// `pnpm gen:dashboard` in this package, run by its build: writes the dashboard's script
// module (see dashboard-bundle.ts). With --check it writes nothing and fails when the
// committed module is out of date (the root `pnpm gen:check` runs it so).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  bundlePageScript,
  GENERATED_MODULE,
  PACKAGE_DIR,
  pageScriptModule,
} from "./dashboard-bundle.js";

const check = process.argv.includes("--check");
const file = join(PACKAGE_DIR, GENERATED_MODULE);
const fresh = pageScriptModule(await bundlePageScript());
const current = existsSync(file) ? readFileSync(file, "utf8") : null;
if (current === fresh) {
  console.log(`gen:dashboard: ${GENERATED_MODULE} is up to date.`);
} else if (check) {
  console.error(
    `${GENERATED_MODULE} is out of date with src/dashboard/browser/: run \`pnpm --filter @x/dev-server gen:dashboard\` and commit the result.`,
  );
  process.exit(1);
} else {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, fresh);
  console.log(`gen:dashboard: wrote ${GENERATED_MODULE}.`);
}
