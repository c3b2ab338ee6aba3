// `pnpm start`: runs the quick-start demo from the packages' TypeScript sources (no build
// needed): the embedded dev server and both clients against it. It ends by saying how to
// build the API reference, which it leaves to `pnpm docs:build`: on a fresh 2-core machine
// the reference (Redoc and TypeDoc) took 23 CPU seconds and set the command's length
// (21 s), the demo 2 (8 s, mostly waiting on the dev server's timers). `pnpm check` builds
// the reference too (test/docs.test.ts).
import { spawn } from "node:child_process";

/** Where `pnpm docs:build` (scripts/docs.mjs) writes the reference's front page. */
const DOCS_INDEX = "docs/dist/index.html";

const code = await new Promise((resolve) => {
  const child = spawn("pnpm", ["--silent", "--filter", "@x/examples", "quickstart"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  child.on("error", (error) => {
    process.stderr.write(`pnpm could not start the demo: ${error.message}\n`);
    resolve(1);
  });
  child.on("close", (status) => resolve(status ?? 1));
});
process.stdout.write(
  `\nThe API reference (both services and the SDK): \`pnpm docs:build\` writes it to ${DOCS_INDEX}, to open in a browser, no server needed.\n`,
);
process.exit(code);
