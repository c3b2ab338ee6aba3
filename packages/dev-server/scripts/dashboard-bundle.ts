// The dashboard's browser code (src/dashboard/browser/) bundled into the one script the page
// loads. The module holding it, src/dashboard/generated/page-script.ts, is committed: the dev
// server then runs from its sources with no build step (the tests, `pnpm x-dev`, the quick
// start). `pnpm build` rewrites it (scripts/gen-dashboard.ts); `pnpm gen:check` and
// test/dashboard-bundle.test.ts fail when it is not what the browser code bundles to now.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { DashboardFacts } from "../src/dashboard/browser/facts.js";
import { faultOperations } from "../src/faults/routes.js";
import { POLL_HEADER } from "../src/http/request.js";
import { FINAL_STATES } from "../src/workflow/runs.js";

/** The package's folder, where esbuild runs: the paths in the bundle's comments start there. */
export const PACKAGE_DIR: string = fileURLToPath(new URL("..", import.meta.url));
/** The generated module, from the package's folder. */
export const GENERATED_MODULE = "src/dashboard/generated/page-script.ts";

/** The server's facts the page is built with (src/dashboard/browser/facts.ts). */
function facts(): DashboardFacts {
  return {
    pollHeader: POLL_HEADER,
    finalStates: FINAL_STATES,
    faultOperations: { vector: faultOperations("vector"), workflow: faultOperations("workflow") },
  };
}

/**
 * The page's script: the browser code in one unminified IIFE, readable in devtools (esbuild
 * starts it with "use strict", as the modules are strict).
 */
export async function bundlePageScript(): Promise<string> {
  const result = await build({
    absWorkingDir: PACKAGE_DIR,
    entryPoints: ["src/dashboard/browser/main.ts"],
    tsconfig: "src/dashboard/browser/tsconfig.json",
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    define: { DASHBOARD_FACTS: JSON.stringify(facts()) },
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error("esbuild wrote no script for the dashboard");
  return output.text;
}

/** The generated module: the script in a template literal, so its diff reads as code. */
export function pageScriptModule(script: string): string {
  const literal = script.replaceAll("\\", "\\\\").replaceAll("`", "\\`").replaceAll("${", "\\${");
  return `// Generated from src/dashboard/browser/ by scripts/gen-dashboard.ts. Do not edit: run
// \`pnpm --filter @x/dev-server gen:dashboard\` (\`pnpm build\` runs it too).
export const PAGE_SCRIPT = \`${literal}\`;
`;
}
