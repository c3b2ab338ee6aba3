// `pnpm lint:pkg`: every publishable package as users get it, packed once by pnpm into a
// temporary folder (`publishConfig` applied, as `pnpm publish` does), then checked by publint
// and "are the types wrong" (profile node16) in this one process. Exits 1 when either tool
// fails a package. Reads the built dist/: `pnpm lint:pkg` builds first.
// `node scripts/lint-pkg/main.mjs <tarball>...` checks those tarballs instead.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packPackages } from "../lib/pack.mjs";
import { checkTarball } from "./check-tarball.mjs";

/** Checks each `{ name: tarball path }` and prints its report; resolves to the names that failed. */
async function checkAll(tarballs) {
  const failed = [];
  for (const [name, file] of Object.entries(tarballs)) {
    const { report, failed: fails } = await checkTarball(new Uint8Array(readFileSync(file)));
    console.log(`──── ${name} ────\n${report}\n`);
    if (fails) failed.push(name);
  }
  return failed;
}

const given = process.argv.slice(2);
// It takes no options: an option would otherwise be read as a tarball's path.
const option = given.find((arg) => arg.startsWith("-"));
if (option !== undefined) {
  console.error(`lint:pkg takes tarball paths only, not ${option}`);
  process.exit(2);
}
const folder = given.length > 0 ? undefined : mkdtempSync(join(tmpdir(), "x-lint-pkg-"));
try {
  const tarballs =
    folder === undefined
      ? Object.fromEntries(given.map((file) => [file, file]))
      : packPackages(folder);
  const failed = await checkAll(tarballs);
  if (failed.length > 0) {
    console.log(`lint:pkg: failed: ${failed.join(", ")} (see above)`);
    process.exitCode = 1;
  } else {
    console.log("lint:pkg: every package passed publint and attw");
  }
} finally {
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
}
