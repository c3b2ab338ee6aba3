// A counted stage of `pnpm check` (the runtime and types matrices): its counts go to
// `.check-results/<name>.json`, which the closing totals line adds up.
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const RESULTS_FOLDER = fileURLToPath(new URL("../../.check-results/", import.meta.url));

function writeTotals(name, passed, failed) {
  mkdirSync(RESULTS_FOLDER, { recursive: true });
  writeFileSync(`${RESULTS_FOLDER}${name}.json`, `${JSON.stringify({ passed, failed })}\n`);
}

/**
 * Runs `main` (resolving to `{ passed, failed }`) and records its counts as stage `name`.
 * Until it finishes the stage counts as failed, so a crash never passes for success; a crash
 * is printed, and `onCrash` may print more. Sets the exit code: 0 only when something passed
 * and nothing failed.
 */
export async function runCountedStage(name, main, onCrash = () => {}) {
  writeTotals(name, 0, 1);
  try {
    const { passed, failed } = await main();
    writeTotals(name, passed, failed);
    process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
  } catch (error) {
    console.error(`${name}: could not run: ${error?.stack ?? error}`);
    onCrash();
    process.exitCode = 1;
  }
}
