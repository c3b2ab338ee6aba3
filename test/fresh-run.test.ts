// `pnpm fresh:time` (scripts/fresh-run.mjs) times the README's commands on a fresh clone, under
// a fresh HOME. What it reads and sets up is checked here on the README and on a made-up
// environment; the timing itself installs the workspace, so the suite does not run it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { freshEnv, readmeCommands, stageTable } from "../scripts/lib/fresh.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const readme = readFileSync(join(root, "README.md"), "utf8");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  packageManager: string;
  scripts: Record<string, string>;
};

describe("the README's commands", () => {
  it("are found by the script each ends with, and install the pnpm the workspace names", () => {
    const commands = readmeCommands(readme);
    expect(Object.keys(commands)).toEqual(["start", "check"]);
    for (const [name, command] of Object.entries(commands)) {
      expect(command).toBe(
        `npm i -g ${manifest.packageManager} && pnpm install --frozen-lockfile && pnpm ${name}`,
      );
    }
  });

  it("name the timing script, which is a root script", () => {
    expect(manifest.scripts["fresh:time"]).toBe("node scripts/fresh-run.mjs");
    expect(readme).toContain("pnpm fresh:time");
  });

  it("are the only commands the timing script takes", () => {
    const run = spawnSync(process.execPath, [join(root, "scripts/fresh-run.mjs"), "deploy"], {
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("the README has no command ending in pnpm deploy");
  });
});

describe("a newcomer's environment", () => {
  const base = "/tmp/x-fresh-test";
  const env = freshEnv(
    {
      PATH: "/usr/local/bin:/usr/bin",
      LANG: "C.UTF-8",
      HOME: "/home/dev",
      XDG_CACHE_HOME: "/home/dev/.cache",
      npm_config_cache: "/home/dev/.npm",
      npm_config_store_dir: "/home/dev/.pnpm-store",
      npm_lifecycle_event: "fresh:time",
      PNPM_SCRIPT_SRC_DIR: "/home/dev/repo",
      COREPACK_HOME: "/home/dev/.corepack",
      TURBO_CACHE_DIR: "/home/dev/.turbo",
      TURBO_TELEMETRY_DISABLED: "1",
      TMPDIR: "/var/tmp",
    },
    base,
  );

  it("keeps HOME and every cache inside its own folder", () => {
    for (const key of [
      "HOME",
      "TMPDIR",
      "XDG_CACHE_HOME",
      "XDG_CONFIG_HOME",
      "XDG_DATA_HOME",
      "XDG_STATE_HOME",
      "COREPACK_HOME",
      "npm_config_prefix",
      "npm_config_cache",
      "npm_config_store_dir",
    ]) {
      expect(env[key], key).toMatch(new RegExp(`^${base}/`));
    }
  });

  it("drops what pnpm set for the script that runs it, and the developer's turbo cache", () => {
    expect(env.npm_lifecycle_event).toBeUndefined();
    expect(env.PNPM_SCRIPT_SRC_DIR).toBeUndefined();
    expect(env.TURBO_CACHE_DIR).toBeUndefined();
    expect(env.TURBO_TELEMETRY_DISABLED).toBe("1");
    expect(env.LANG).toBe("C.UTF-8");
  });

  it("puts the prefix npm installs pnpm into first on the PATH, before the developer's pnpm", () => {
    expect(env.PATH!.split(delimiter)).toEqual([
      `${base}/prefix/bin`,
      "/usr/local/bin",
      "/usr/bin",
    ]);
  });
});

describe("the stage table", () => {
  it("is the last table of the check's output, from its title to the wall", () => {
    const output = [
      "Stage seconds of this run (two stages at a time):",
      "old  0.0  1.0",
      "wall     1.0",
      "check: vitest passed in 3.0 s",
      "Stage seconds of this run (two stages at a time):",
      "stage   start  seconds",
      "lint      0.0      2.0",
      "stages             2.0  (added up)",
      "wall               2.5",
      "7 passed, 0 failed",
    ].join("\n");
    expect(stageTable(output)).toEqual([
      "Stage seconds of this run (two stages at a time):",
      "stage   start  seconds",
      "lint      0.0      2.0",
      "stages             2.0  (added up)",
      "wall               2.5",
    ]);
    expect(stageTable("no table here")).toEqual([]);
  });
});
