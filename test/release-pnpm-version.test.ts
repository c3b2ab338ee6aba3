// The `pnpm` the release rehearsal puts first on changesets' PATH: it answers
// `pnpm --version` with what the real pnpm answered once, and hands every other command to
// the real pnpm with its arguments as given. A fake "real pnpm" records how it is called.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import {
  findOnPath,
  withVersionAnswered,
  writeVersionAnswering,
} from "../scripts/release/pnpm-version.mjs";

let work: string;
let realDir: string;
let calls: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "release-pnpm-version-"));
  realDir = join(work, "real");
  calls = join(work, "calls");
  mkdirSync(realDir);
  // The "real pnpm": appends each call's arguments to `calls`, prints a version for
  // --version and the arguments otherwise.
  writeExecutable(
    join(realDir, "pnpm"),
    [
      "#!/bin/sh",
      `echo "$*" >> '${calls}'`,
      `if [ "$1" = --version ]; then echo 10.34.9; else echo "real pnpm: $*"; fi`,
    ].join("\n"),
  );
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

function writeExecutable(file: string, text: string) {
  writeFileSync(file, `${text}\n`);
  chmodSync(file, 0o755);
}

function callsMade(): string[] {
  try {
    return readFileSync(calls, "utf8").trim().split("\n");
  } catch {
    return [];
  }
}

it("answers --version as given and runs the real pnpm for anything else", () => {
  const version = "10.34.9 'quoted' $HOME\n";
  const pnpm = writeVersionAnswering(join(work, "bin"), join(realDir, "pnpm"), version);
  expect(execFileSync(pnpm, ["--version"], { encoding: "utf8" })).toBe(version);
  expect(callsMade()).toEqual([]);

  const args = ["publish", "--access", "public", "--tag", "latest", "a b"];
  expect(execFileSync(pnpm, args, { encoding: "utf8" })).toBe(`real pnpm: ${args.join(" ")}\n`);
  expect(execFileSync(pnpm, ["--version", "--json"], { encoding: "utf8" })).toBe("10.34.9\n");
  expect(callsMade()).toEqual([args.join(" "), "--version --json"]);
});

it("asks the real pnpm once and puts the answering pnpm first on the PATH", async () => {
  const env = { ...process.env, PATH: `${realDir}${delimiter}/usr/bin${delimiter}/bin` };
  const answered = await withVersionAnswered(join(work, "bin"), env, work);
  expect(answered.PATH).toBe(`${join(work, "bin")}${delimiter}${env.PATH}`);
  expect(callsMade()).toEqual(["--version"]);

  const pnpm = findOnPath("pnpm", answered.PATH ?? "");
  expect(pnpm).toBe(join(work, "bin", "pnpm"));
  for (let i = 0; i < 3; i += 1) {
    expect(execFileSync(pnpm ?? "", ["--version"], { encoding: "utf8" })).toBe("10.34.9\n");
  }
  expect(callsMade()).toEqual(["--version"]);
});

it("finds the first executable on the PATH, passing over a file that is not", () => {
  const notExecutable = join(work, "plain");
  mkdirSync(notExecutable);
  writeFileSync(join(notExecutable, "pnpm"), "not a program\n");
  const path = ["", notExecutable, realDir].join(delimiter);
  expect(findOnPath("pnpm", path)).toBe(join(realDir, "pnpm"));
  expect(findOnPath("pnpm", notExecutable)).toBeUndefined();
});
