// `pnpm typecheck` (scripts/typecheck.mjs) runs the `tsc` steps of the workspace's type-check
// scripts with the native compiler from the runtimes' cache. Run here in a temporary copy of
// the scripts it needs, over a small workspace, with a stand-in compiler in a cache folder
// of its own: it records each call, and fails the compiles of a tsconfig named `broken`.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";
import { NATIVE } from "../scripts/lib/typescript.mjs";

const scripts = fileURLToPath(new URL("../scripts/", import.meta.url));
let root: string;
let cache: string;

function write(file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

function manifest(name: string, scripts: Record<string, string>): string {
  return JSON.stringify({ name, scripts });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "x-typecheck-"));
  cache = mkdtempSync(join(tmpdir(), "x-typecheck-cache-"));
  for (const file of [
    "typecheck.mjs",
    "lib/typescript.mjs",
    "lib/map-bounded.mjs",
    "runtimes/cache.mjs",
  ]) {
    cpSync(join(scripts, file), join(root, "scripts", file));
  }
  // The script's own dependencies (yaml) resolve from the repo's.
  symlinkSync(join(scripts, "../node_modules"), join(root, "node_modules"), "dir");
  write("pnpm-workspace.yaml", "packages:\n  - packages/*\n  - bench\n");
  write(
    "package.json",
    manifest("root", {
      typecheck: "node scripts/typecheck.mjs",
      "typecheck:docs": "tsc -p docs/samples",
      test: "vitest run",
    }),
  );
  write(
    "packages/core/package.json",
    manifest("@x/core", {
      typecheck: "tsc --noEmit -p tsconfig.json && tsc --noEmit -p test/tsconfig.json",
      build: "tsup",
    }),
  );
  write("bench/package.json", manifest("@x/bench", { typecheck: "tsc --noEmit -p tsconfig.json" }));
  const tsc = join(cache, "x-runtimes", `typescript@${NATIVE}`, "node_modules", ".bin", "tsc");
  mkdirSync(dirname(tsc), { recursive: true });
  writeFileSync(
    tsc,
    [
      "#!/bin/sh",
      `[ "$1" = --version ] && { echo "Version ${NATIVE}"; exit 0; }`,
      `echo "$(pwd) $*" >> "${join(cache, "calls")}"`,
      "case \"$*\" in *broken*) echo \"src/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.\"; exit 2;; esac",
    ].join("\n"),
  );
  chmodSync(tsc, 0o755);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

function typecheck() {
  const result = spawnSync(process.execPath, [join(root, "scripts/typecheck.mjs")], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, XDG_CACHE_HOME: cache },
  });
  const calls = readFileSync(join(cache, "calls"), "utf8").trim().split("\n").sort();
  return { status: result.status, output: result.stdout + result.stderr, calls };
}

it.skipIf(process.platform === "win32")(
  "runs each tsc step of the type-check scripts with the native compiler, in its folder",
  () => {
    const { status, output, calls } = typecheck();
    expect(status).toBe(0);
    expect(calls).toEqual(
      [
        `${root} -p docs/samples --pretty false --singleThreaded`,
        `${join(root, "bench")} --noEmit -p tsconfig.json --pretty false --singleThreaded`,
        `${join(root, "packages/core")} --noEmit -p test/tsconfig.json --pretty false --singleThreaded`,
        `${join(root, "packages/core")} --noEmit -p tsconfig.json --pretty false --singleThreaded`,
      ].sort(),
    );
    expect(output).toContain(`typecheck: 4/4 compiles passed with TypeScript ${NATIVE}`);
  },
);

it.skipIf(process.platform === "win32")(
  "fails when a compile fails, naming the package and script and showing the errors",
  () => {
    write("bench/package.json", manifest("@x/bench", { typecheck: "tsc --noEmit -p broken.json" }));
    const { status, output } = typecheck();
    expect(status).toBe(1);
    expect(output).toContain("typecheck: @x/bench#typecheck failed:");
    expect(output).toContain("src/a.ts(1,7): error TS2322");
    expect(output.trim().split("\n").at(-1)).toBe("Failed: @x/bench#typecheck");
  },
);

it.skipIf(process.platform === "win32")(
  "refuses a type-check script step it would not run as written",
  () => {
    write(
      "bench/package.json",
      manifest("@x/bench", { typecheck: "tsc -p tsconfig.json && vue-tsc -p ." }),
    );
    const result = spawnSync(process.execPath, [join(root, "scripts/typecheck.mjs")], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, XDG_CACHE_HOME: cache },
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("@x/bench: the typecheck script runs `vue-tsc -p .`, not tsc");
  },
);
