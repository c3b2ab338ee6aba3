// A seeded generator of hostile HTTP requests for the dev server, as raw bytes (fetch would
// refuse most of them before sending): every route of both ports with odd methods, paths,
// tokens, encodings, control characters in headers and bodies, deep nesting, long values,
// bad JSON and many namespaces. Sizes stay small enough for CI; what matters is the variety.
import { connect } from "node:net";

/** A small fast PRNG (mulberry32), so a failing seed can be replayed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Port = "workflow" | "vector";

export interface HostileRequest {
  port: Port;
  /** What was sent, for a failure message. */
  summary: string;
  bytes: Buffer;
}

const WORKFLOW_ROUTES = [
  "/v2/trigger/http://127.0.0.1:9/wf",
  "/v2/trigger/http%3A%2F%2F127.0.0.1%3A9%2Fwf",
  "/v2/trigger/data:text/plain,owned",
  "/v2/trigger/http://user:pass@127.0.0.1:9/wf",
  "/v2/dev/runs",
  "/v2/dev/runs/wfr_0",
  "/v2/dev/clock",
  "/v2/dev/faults",
  "/v2/dev/faults/fault_1",
  "/v2/dev/snapshot",
  "/v2/dev/vector/info",
  "/v2/dev/vector/scan",
  "/v2/dev/vector/scan/ns",
  "/",
  "/dashboard.js",
  "/favicon.ico",
  "/nowhere",
];
const VECTOR_ROUTES = [
  "/info",
  "/range",
  "/query",
  "/fetch",
  "/upsert",
  "/delete",
  "/scan",
  "/reset",
  "/v2/dev/faults",
  "/v2/dev/snapshot",
  "/",
  "/nowhere",
];
const METHODS = ["GET", "POST", "POST", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"];
const NAMESPACE_ROUTES = ["/range", "/query", "/fetch", "/upsert", "/delete", "/scan", "/reset"];

/** Strings that have broken parsers, headers, file names and objects used as maps. */
const ODD_TEXT = [
  "",
  "\u0000",
  "\u0001\u0002",
  "\u007f",
  "\u20ac",
  "\ud800",
  "😀",
  "é",
  "%",
  "%zz",
  "../..",
  "\\",
  "'",
  '"',
  "<script>",
  "__proto__",
  "constructor",
  "prototype",
  "\r\n",
  " ",
];

/** The method a route takes (the first, where it takes several). */
function methodOf(path: string): string {
  if (path.startsWith("/v2/dev/snapshot")) return "PUT";
  if (path.startsWith("/v2/dev/faults") || path.startsWith("/v2/trigger/")) return "POST";
  if (path.startsWith("/v2/dev/vector/scan") || path.startsWith("/v2/dev/clock")) return "POST";
  if (path.startsWith("/v2/dev/") || path === "/" || path.startsWith("/info")) return "GET";
  return path.startsWith("/") && !path.startsWith("/nowhere") ? "POST" : "GET";
}

export class HostileGenerator {
  private readonly next: () => number;
  constructor(
    seed: number,
    private readonly token: string,
  ) {
    this.next = seeded(seed);
  }

  private int(below: number): number {
    return Math.floor(this.next() * below);
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  private text(): string {
    const roll = this.int(6);
    if (roll === 0) return "x".repeat(1 + this.int(200_000));
    if (roll === 1) return String.fromCharCode(...Array.from({ length: 8 }, () => this.int(0x110)));
    return this.pick(ODD_TEXT);
  }

  /** A JSON value of random shape, up to `depth` levels. */
  private value(depth: number): unknown {
    const roll = this.int(depth > 0 ? 9 : 6);
    switch (roll) {
      case 0:
        return null;
      case 1:
        return this.next() < 0.5;
      case 2:
        return this.pick([0, -0, 1e308, -1, 2 ** 53 + 1, 0.1, 3]);
      case 3:
      case 4:
        return this.text();
      case 5:
        return this.int(1000);
      case 6:
        return Array.from({ length: this.int(5) }, () => this.value(depth - 1));
      default: {
        const object: Record<string, unknown> = {};
        for (let i = this.int(5); i > 0; i--)
          object[this.text().slice(0, 50)] = this.value(depth - 1);
        return object;
      }
    }
  }

  /** A body of the shape `path` takes, bent: fields of the right names with odd values. */
  private shaped(path: string): unknown {
    const vector = () =>
      this.next() < 0.8
        ? [this.next(), this.next()]
        : Array.from({ length: this.int(3000) }, () => 1);
    if (path.includes("/v2/dev/faults")) {
      return {
        service: this.next() < 0.8 ? this.pick(["vector", "workflow"]) : "x",
        status: this.next() < 0.8 ? 503 : this.pick([99, 700]),
        // Always a character no header can carry, so no rule is ever added: a valid rule
        // would fault requests on purpose, and the test counts 5xx answers.
        headers: {
          "x-h": `${this.text().slice(0, 100)}${this.pick(["\u0001", "\u20ac", "\u0000"])}`,
        },
        times: "Infinity",
      };
    }
    if (path.includes("/v2/dev/clock")) {
      return { advance: this.pick(["1d", "-1s", "x", 1e308]), advanceMs: this.pick([1, -1, "1"]) };
    }
    if (path.includes("/v2/dev/snapshot")) {
      return { format: "x-dev-state", version: this.pick([1, 2, 3]), runs: this.value(2) };
    }
    if (path.startsWith("/upsert")) {
      return Array.from({ length: 1 + this.int(5) }, (_, i) => ({
        id: this.next() < 0.5 ? `r${i}` : this.text().slice(0, 100),
        vector: vector(),
        metadata: this.value(3),
        data: this.text(),
      }));
    }
    if (path.startsWith("/query")) {
      return { vector: vector(), topK: this.pick([0, 1, 10, -1, 1e9, "3"]), filter: this.filter() };
    }
    if (path.startsWith("/range")) {
      return { cursor: this.pick(["0", "", "-1", "x", 0]), limit: this.pick([1, 0, 1e6, -5]) };
    }
    if (path.startsWith("/fetch")) {
      return { ids: Array.from({ length: this.int(20) }, () => this.text().slice(0, 30)) };
    }
    if (path.startsWith("/delete") || path.includes("/scan")) {
      return { filter: this.filter(), limit: this.pick([1, 20, 0]) };
    }
    return this.value(4);
  }

  private filter(): string {
    const value = this.next() < 0.2 ? "y".repeat(this.int(1000)) : this.text().slice(0, 100);
    return this.pick([
      `a = '${value}'`,
      `a GLOB '${"*".repeat(this.int(50))}${value.slice(0, 20)}'`,
      `a IN (${Array.from({ length: this.int(50) }, (_, i) => i).join(",")})`,
      `${"(".repeat(this.int(100))}a = 1`,
      value,
    ]);
  }

  /** The body's bytes: JSON of a shaped or random value, or something that is not JSON at all. */
  private body(path: string): Buffer {
    switch (this.int(10)) {
      case 0:
        return Buffer.from(this.pick(["{", "[1,", "nul", "{'a':1}", "\u0000", "1e999", "[]]"]));
      case 1:
        return Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x7b, 0x22]);
      case 2: {
        const depth = this.pick([100, 257, 5_000]);
        return Buffer.from(`${"[".repeat(depth)}${"]".repeat(depth)}`);
      }
      case 3:
        return Buffer.from(`[${"{},".repeat(this.int(100_000))}{}]`);
      case 4:
        return Buffer.alloc(0);
      case 5:
        return Buffer.from(JSON.stringify(this.value(6)) ?? "null");
      default:
        return Buffer.from(JSON.stringify(this.shaped(path)));
    }
  }

  private path(port: Port): string {
    const routes = port === "workflow" ? WORKFLOW_ROUTES : VECTOR_ROUTES;
    let path = this.pick(routes);
    if (port === "vector" && NAMESPACE_ROUTES.includes(path) && this.next() < 0.5) {
      // Many namespaces (a small count of them), odd names among them.
      const name = this.next() < 0.7 ? `ns-${this.int(20)}` : this.text().slice(0, 40);
      // Every byte escaped: encodeURIComponent throws on a lone surrogate.
      path += `/${[...Buffer.from(name)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("")}`;
    }
    const roll = this.int(10);
    if (roll === 0) path += `?svc_token=${this.token}`;
    if (roll === 1) path += `/${"%".repeat(this.int(5))}${"a".repeat(this.int(3000))}`;
    if (roll === 2) path += "?all";
    return path;
  }

  /** One request: its route, method, token, headers and body chosen at random. */
  request(): HostileRequest {
    const port: Port = this.next() < 0.5 ? "workflow" : "vector";
    const path = this.path(port);
    // Half the time the method the route takes, so requests get past the method check.
    const method = this.next() < 0.5 ? this.pick(METHODS) : methodOf(path);
    const body = method === "GET" || method === "HEAD" ? Buffer.alloc(0) : this.body(path);
    const headers: string[] = [`Host: 127.0.0.1`, "Connection: close"];
    const auth = this.int(10);
    if (auth < 7) headers.push(`Authorization: Bearer ${this.token}`);
    else if (auth === 7) headers.push(`Authorization: Bearer ${this.text().slice(0, 100)}`);
    headers.push(
      `Content-Type: ${this.pick(["application/json", "text/plain", "application/json; charset=utf-16", "multipart/form-data; boundary=x", "\u0001"])}`,
    );
    if (this.next() < 0.2) headers.push(`Origin: ${this.pick(["http://evil.test", "null"])}`);
    if (this.next() < 0.1) headers.push(`Content-Encoding: ${this.pick(["gzip", "br", "x"])}`);
    if (this.next() < 0.2) {
      // Control characters and Latin-1 bytes in a header value, a long one, an odd Svc- one.
      headers.push(
        this.pick([
          "X-Odd: a\u0001b",
          "X-Odd: \u00ff\u00fe",
          "X-Odd: a\u0000b",
          `X-Long: ${"v".repeat(20_000)}`,
          `Svc-Retries: ${this.pick(["-1", "1e9", "x", "99999999999"])}`,
          `Svc-Delay: ${this.pick(["-1s", "1000000d", "abc"])}`,
          `Svc-Forward-X: ${"f".repeat(this.int(5000))}`,
          "Svc-Failure-Callback: http://user:pass@127.0.0.1:9/cb",
        ]),
      );
    }
    const chunked = body.length > 0 && this.next() < 0.15;
    headers.push(chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${body.length}`);
    const head = Buffer.from(
      `${method} ${path} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`,
      "latin1",
    );
    const framed = chunked
      ? Buffer.concat([
          Buffer.from(`${body.length.toString(16)}\r\n`),
          body,
          Buffer.from("\r\n0\r\n\r\n"),
        ])
      : body;
    const summary = `${port} ${method} ${path.slice(0, 80)} (${body.length} bytes: ${JSON.stringify(body.subarray(0, 60).toString("latin1"))})`;
    return { port, summary, bytes: Buffer.concat([head, framed]) };
  }
}

/** What a raw request came back with: the status, or why none came. */
export type RawOutcome = { status: number } | { error: string };

/** Sends `bytes` on a fresh connection and reads the answer's status line. */
export function sendRaw(port: number, bytes: Buffer, timeoutMs: number): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let settled = false;
    const finish = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ error: "no answer in time" }), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3}) /.exec(received);
      if (match) finish({ status: Number(match[1]) });
    });
    // A server that answers and closes before reading the whole upload resets the write.
    socket.on("error", (error) =>
      finish({ error: (error as NodeJS.ErrnoException).code ?? error.message }),
    );
    socket.on("close", () => finish({ error: "closed without an answer" }));
    socket.write(bytes);
  });
}
