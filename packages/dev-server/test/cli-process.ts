// `x-dev` run from its TypeScript source in a child process, as the CLI tests start it:
// what it printed (stdout and stderr together) and how it exited.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

export interface CliRun {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr in arrival order. */
  output: () => string;
  /** The exit code, or null when a signal ended it. */
  exit: Promise<number | null>;
}

export function runCli(args: string[]): CliRun {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", cli, ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk) => {
    text += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => text, exit };
}
