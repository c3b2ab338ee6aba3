import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface DevProcess {
  workflowUrl: string;
  vectorUrl: string;
  token: string;
  close(): Promise<void>;
}

/** Starts lib/dev-child.ts in a child process and resolves once it listens. */
export function startDevProcess(options: { dimension?: number; seedCount?: number } = {}) {
  const child = spawn(
    process.execPath,
    [
      // e.g. BENCH_DEV_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server side
      ...(process.env.BENCH_DEV_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      "--conditions=source",
      "--import",
      "tsx",
      fileURLToPath(new URL("./dev-child.ts", import.meta.url)),
      JSON.stringify(options),
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise<DevProcess>((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`dev server exited with ${code}`)));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes("\n")) return;
      const urls = JSON.parse(out) as Omit<DevProcess, "close">;
      resolve({
        ...urls,
        close: () => {
          child.stdin.end();
          return exited;
        },
      });
    });
  });
}
