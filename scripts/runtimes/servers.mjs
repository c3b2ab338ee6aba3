// The local peers of a smoke run, all on 127.0.0.1: the endpoint that receives workflow
// deliveries, an endpoint that never answers, the browser page's own server, and the
// child processes (dev servers, smoke entries) with bounded lifetimes.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

/** A node:http server on a free loopback port; resolves to { url, close }. */
export async function serve(handler) {
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Answers every workflow delivery with 200. */
export function startReceiver() {
  return serve((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
}

/** Reads every request and never answers it: what timeouts and aborts are tried against. */
export function startHangingEndpoint() {
  return serve((req) => req.resume());
}

/** Serves the browser page and its bundle, from its own port (another origin). */
export function startPageServer(pageBundle) {
  const html =
    '<!doctype html><meta charset="utf-8"><title>x smoke</title><script type="module" src="/page.js"></script>';
  return serve((req, res) => {
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html" }).end(html);
    } else if (req.url === "/page.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(readFileSync(pageBundle));
    } else {
      res.writeHead(404).end();
    }
  });
}

/**
 * Runs a command to its end, killed after `timeoutMs`; resolves to { status, stdout, stderr }
 * (status null when it was killed).
 */
export function runProcess(command, args, { cwd, timeoutMs = 60_000 }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      stderr += String(error);
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/**
 * Starts a long-running process and waits for the first stdout line that `ready` accepts
 * (it returns a value, or undefined for a line to skip). Resolves to { value, stop }.
 */
export function startProcess(command, args, { cwd, ready, timeoutMs = 30_000 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let pending = "";
    let settled = false;
    const exited = new Promise((done) => child.on("close", done));
    const stop = async () => {
      child.kill("SIGKILL");
      await exited;
    };
    const fail = (why) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      const tail = stderr.trim().split("\n").slice(-8).join("\n");
      reject(new Error(`${[command, ...args].join(" ")}: ${why}${tail ? `\n${tail}` : ""}`));
    };
    const timer = setTimeout(() => fail(`not ready after ${timeoutMs} ms`), timeoutMs);
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.on("data", (chunk) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop();
      for (const line of lines) {
        const value = settled ? undefined : ready(line);
        if (value !== undefined) {
          settled = true;
          clearTimeout(timer);
          resolve({ value, stop });
        }
      }
    });
    child.on("error", (error) => fail(String(error)));
    child.on("close", (status) => fail(`exited (${status}) before it was ready`));
  });
}

/** A JSON object from a line, or undefined when the line is not one. */
export function jsonLine(line) {
  if (!line.startsWith("{") && !line.startsWith("[")) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
