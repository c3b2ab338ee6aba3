// scripts/lib/main.mjs: a script that is also imported (by its tests) runs its command only
// when node runs it, wherever the checkout is: behind a symlink, under a folder whose name
// has a space.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, expect, it } from "vitest";

const isMain = pathToFileURL(join(import.meta.dirname, "../scripts/lib/main.mjs")).href;
let dir: string;

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it.skipIf(process.platform === "win32")(
  "is true for the script node runs through a symlink and a space, false for an import",
  () => {
    dir = mkdtempSync(join(tmpdir(), "x-is-main-"));
    mkdirSync(join(dir, "real folder"));
    symlinkSync(join(dir, "real folder"), join(dir, "the link"));
    const script = join(dir, "the link", "probe.mjs");
    writeFileSync(
      script,
      `import { isMain } from ${JSON.stringify(isMain)};\nconsole.log(isMain(import.meta.url));\n`,
    );
    const run = (args: string[]) => spawnSync(process.execPath, args, { encoding: "utf8" }).stdout;
    expect(run([script])).toBe("true\n");
    expect(run(["--input-type=module", "-e", `await import(${JSON.stringify(script)});`])).toBe(
      "false\n",
    );
  },
);
