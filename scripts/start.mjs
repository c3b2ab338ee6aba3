// `pnpm start`: runs the quick-start demo from the packages' TypeScript sources (no build
// needed), and meanwhile builds the API reference with its log held back (shown only if
// it fails). It ends by saying where the reference is.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** Where `pnpm docs:build` (scripts/docs.mjs) writes the reference's front page. */
const DOCS_INDEX = "docs/dist/index.html";

/** Runs `command` (through the shell when `args` is undefined) in `cwd`, with `env`. */
function run(command, args, cwd, quiet, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args ?? [], {
      cwd,
      env,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      shell: args === undefined || process.platform === "win32",
    });
    let log = "";
    if (quiet) {
      child.stdout.on("data", (chunk) => {
        log += chunk;
      });
      child.stderr.on("data", (chunk) => {
        log += chunk;
      });
    }
    child.on("error", (error) => resolve({ code: 1, log: `${log}${error.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, log }));
  });
}

process.stdout.write(
  "Building the API reference alongside the demo (its log is shown only if it fails)...\n",
);
// The two overlap: the demo spends its few seconds waiting on the dev server's timers,
// while the reference (Redoc and TypeDoc) needs the processor. `--only`: the generated code
// is committed in step with the specs (`pnpm gen:check` holds it so), so the spec lint and
// the generation turbo would run first are left to `pnpm gen`; they cost a fresh start
// seconds, and rewrote the generated files while the demo read them. `test/docs.test.ts`
// builds the reference the same way, so each reuses the other's from turbo's cache.
// Both are started here, not through pnpm (`pnpm exec turbo`, `pnpm --filter`): each pnpm
// is a second of CPU before the work starts, on a machine with two cores.
const docs = run(
  join(root, "node_modules/.bin/turbo"),
  ["run", "docs:render", "--only", "--output-logs=errors-only"],
  root,
  true,
);
// The demo is @x/examples' `quickstart` script, run as pnpm runs it: by the shell, in
// examples/, with the workspace's binaries on the PATH.
const examples = join(root, "examples");
const { scripts } = JSON.parse(readFileSync(join(examples, "package.json"), "utf8"));
const bins = [join(examples, "node_modules/.bin"), join(root, "node_modules/.bin")];
const PATH = [...bins, process.env.PATH].join(delimiter);
const demo = await run(scripts.quickstart, undefined, examples, false, { ...process.env, PATH });
const reference = await docs;
if (reference.code !== 0) {
  process.stderr.write(
    `${reference.log}\nThe API reference failed to build (exit ${reference.code}); its log is above.\n`,
  );
  process.exit(reference.code);
}
process.stdout.write(
  `\nThe API reference (both services and the SDK) is at ${DOCS_INDEX}: open it in a browser, no server needed.\n`,
);
process.exit(demo.code);
