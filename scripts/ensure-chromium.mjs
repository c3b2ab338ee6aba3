// A step of `pnpm check`: the runtime matrix and the dashboard test drive Debian's headless
// Chromium, which no npm package can bring (browser downloads are refused on these
// machines). When it is missing and we run as root (CI does), install it with apt-get;
// otherwise say how. A failed install is not fatal here: the tests that need Chromium
// fail and name it, so nothing is skipped in silence.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
const INSTALL = "apt-get update && apt-get install -y --no-install-recommends chromium";

if (existsSync(CHROMIUM)) process.exit(0);
if (process.getuid?.() !== 0) {
  console.log(`chromium: ${CHROMIUM} is missing; install it as root: ${INSTALL}`);
  process.exit(0);
}
console.log(`chromium: ${CHROMIUM} is missing; installing it: ${INSTALL}`);
const run = spawnSync("sh", ["-c", INSTALL], {
  stdio: "inherit",
  env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
});
if (run.status !== 0 || !existsSync(CHROMIUM)) {
  console.log("chromium: the install failed; the browser tests will fail and say so");
}
