import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { ServiceName } from "@x/openapi-check";

/** The hand-written spec Prism serves (the YAML, not our bundle: Prism reads it itself). */
export function specFile(service: ServiceName): string {
  return fileURLToPath(new URL(`../../../../specs/${service}/openapi.yaml`, import.meta.url));
}

/** A free loopback port: listen on port 0, read the port, close. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

export interface PrismServer {
  url: string;
  /** Milliseconds from spawn to listening. */
  startupMs: number;
  /** Everything Prism printed so far (for failure messages). */
  output(): string;
  close(): Promise<void>;
}

/**
 * Starts `prism mock <spec>` on a free 127.0.0.1 port, static examples, with `--errors`
 * so a request that breaks the spec is answered as an error (400/422 with an
 * `sl-violations` header) instead of a mock answer. Resolves once Prism listens.
 *
 * With `upstream`, starts `prism proxy <spec> <upstream>` instead: each request is
 * validated and forwarded, and the upstream's answer validated against the spec; a
 * violation either way is listed in the answer's `sl-violations` header, and with
 * `--errors` an answer that breaks the spec is replaced by Prism's error.
 */
export async function startPrism(
  spec: string,
  options: { upstream?: string; timeoutMs?: number } = {},
): Promise<PrismServer> {
  const { upstream, timeoutMs = 20_000 } = options;
  const port = await freePort();
  const cli = createRequire(import.meta.url).resolve("@stoplight/prism-cli/dist/index.js");
  const started = performance.now();
  const mode =
    upstream === undefined ? ["mock", spec, "--dynamic=false"] : ["proxy", spec, upstream];
  const child = spawn(
    process.execPath,
    [cli, ...mode, "-h", "127.0.0.1", "-p", String(port), "--errors"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`Prism did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Prism is listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code} before listening:\n${output}`));
    });
  });
  try {
    await listening;
  } catch (error) {
    await stop(child);
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    startupMs: Math.round(performance.now() - started),
    output: () => output,
    close: () => stop(child),
  };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
