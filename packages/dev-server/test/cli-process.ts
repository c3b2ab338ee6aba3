// `x-dev` in a child process, as the CLI tests start it: what it printed and how it exited.
//
// The CLI's sources are bundled once per test file by esbuild (as tsup bundles them for
// dist/, so no `pnpm build` is needed) and each start is plain node on that one file. Run
// through tsx instead, every start transformed the CLI's whole import graph again: about
// 0.8 CPU seconds a start, against 0.1 for the bundle (and 0.1 for the bundling itself).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const entry = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

export interface CliRun {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr in arrival order. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  /** The exit code (null when a signal ended it), once it exited and its output is all read. */
  exit: Promise<number | null>;
}

export interface Cli {
  /** The arguments of `node` that start x-dev with `args`, for a test that spawns it itself. */
  argv(args: string[]): string[];
  /** Starts x-dev with `args`, the environment of this process plus `env`, stdin ignored. */
  run(args: string[], env?: NodeJS.ProcessEnv): CliRun;
  /** Runs x-dev as `run` does, to its exit: the exit code and what it printed on each stream. */
  runToEnd(
    args: string[],
    env?: NodeJS.ProcessEnv,
  ): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/**
 * For a test file that starts x-dev: call once at the file's top. Its beforeAll bundles the
 * CLI into a temporary folder, its afterAll removes the folder.
 */
export function bundledCli(): Cli {
  let folder = "";
  let bundle = "";
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "x-dev-cli-bundle-"));
    bundle = join(folder, "x-dev.mjs");
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // The workspace packages' sources, as `--conditions=source` resolves them for tsx.
      conditions: ["source"],
      outfile: bundle,
      logLevel: "error",
    });
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  const argv = (args: string[]): string[] => {
    if (bundle === "") throw new Error("bundledCli(): start x-dev inside a test, after beforeAll");
    return [bundle, ...args];
  };
  const run = (args: string[], env: NodeJS.ProcessEnv = {}): CliRun => {
    const child = spawn(process.execPath, argv(args), {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let both = "";
    let out = "";
    let err = "";
    child.stdout?.on("data", (chunk) => {
      both += chunk;
      out += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      both += chunk;
      err += chunk;
    });
    const exit = new Promise<number | null>((resolve) =>
      child.on("close", (code) => resolve(code)),
    );
    return { child, output: () => both, stdout: () => out, stderr: () => err, exit };
  };
  return {
    argv,
    run,
    async runToEnd(args, env) {
      const { exit, stdout, stderr } = run(args, env);
      const code = await exit;
      return { code, stdout: stdout(), stderr: stderr() };
    },
  };
}
