import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionError, XError } from "../src/index";
import { createTransport } from "./harness";
import { closedPort, type Hostile, hostileServer, rejection } from "./helpers";

// Over real sockets: a server that echoes the token, in any written form, in its body or
// in a header, gets none of it into any part of the error a caller can see or log.

const TOKEN = "tok/en.Secret-42_x";

/** Every form of the token a leak could take, as they would appear in printed text. */
const FORMS = [
  TOKEN,
  encodeURIComponent(TOKEN),
  TOKEN.replaceAll("/", "\\/"),
  // The escaped forms as JSON.stringify or util.inspect would print them again.
  TOKEN.replaceAll("/", "\\\\/"),
  escapeAll(TOKEN),
];

/** `\u0074\u006f...`: every character as a JSON unicode escape. */
function escapeAll(text: string): string {
  return [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
}

/** Every way a caller sees or logs an error. */
function views(error: Error & { body?: unknown; headers?: Headers }): Record<string, string> {
  return {
    message: error.message,
    string: String(error),
    json: JSON.stringify(error),
    inspect: inspect(error, { depth: 5 }),
    stack: String(error.stack),
    body: typeof error.body === "string" ? error.body : String(JSON.stringify(error.body)),
    cause: inspect(error.cause, { depth: 5 }),
    headers: inspect(error.headers ? [...error.headers] : undefined),
  };
}

/** Fails if any view of `error` shows a form of the token, or the `echo` the server sent. */
function expectNoToken(error: Error, echo = TOKEN): void {
  const forms = [...FORMS, echo, echo.replaceAll("\\", "\\\\")];
  for (const [view, text] of Object.entries(views(error))) {
    for (const form of forms) {
      expect(text.includes(form), `${view} shows the token as ${form}: ${text}`).toBe(false);
    }
  }
}

const ECHOES: Array<[string, string]> = [
  ["raw", TOKEN],
  ["percent-encoded", encodeURIComponent(TOKEN)],
  [
    "percent-encoded, every character",
    [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(""),
  ],
  ["\\/-escaped", TOKEN.replaceAll("/", "\\/")],
  ["\\u-escaped, every character", escapeAll(TOKEN)],
  ["\\u-escaped, first character only", `\\u0074${TOKEN.slice(1)}`],
  ["\\u-escaped, upper-case hex", `t\\u006F${TOKEN.slice(2)}`],
  ["mixed forms", `\\u0074ok\\/en%2ESecret-42_x`],
];

let server: Hostile | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each(["header", "query"] as const)("with the token in the %s", (tokenIn) => {
  const client = (baseUrl: string) =>
    createTransport({
      baseUrl,
      token: TOKEN,
      tokenIn,
      tokenQueryParam: "svc_token",
      maxRetries: 0,
    });

  it.each(ECHOES)(
    "an echo %s in a JSON error body and in headers reaches no view",
    async (_, echo) => {
      server = await hostileServer((_request, response) => {
        response.writeHead(401, {
          "content-type": "application/json",
          "www-authenticate": `Bearer error="invalid_token", token="${echo}"`,
          "x-echo": echo,
        });
        response.end(`{"error":"token ${echo} is invalid","token":"${echo}"}`);
      });
      const error = await rejection(client(server.url)({ method: "GET", path: "/info" }));
      expect(error).toBeInstanceOf(XError);
      expect(error.status).toBe(401);
      expect(error.message).toMatch(/^401 token \[redacted\] is invalid\. /);
      expect(error.body).toEqual({ error: "token [redacted] is invalid", token: "[redacted]" });
      expect(error.headers.get("x-echo")).toBe("[redacted]");
      expectNoToken(error, echo);
    },
  );

  it.each(ECHOES)("an echo %s in a non-JSON 200 body reaches no view", async (_, echo) => {
    server = await hostileServer((_request, response) => response.end(`<pre>${echo}</pre>`));
    const error = await rejection(client(server.url)({ method: "GET", path: "/info" }));
    expect(error.message).toContain("<pre>[redacted]</pre>");
    expectNoToken(error, echo);
  });
});

/** The token base64-encoded as servers echo it: alone, as Basic `user:token` and `:token`, base64url. */
const BASE64_ECHOES: Array<[string, string]> = [
  ["base64", Buffer.from(TOKEN).toString("base64")],
  ["base64url", Buffer.from(TOKEN).toString("base64url")],
  ["Basic user:token", Buffer.from(`user:${TOKEN}`).toString("base64")],
  ["Basic :token", Buffer.from(`:${TOKEN}`).toString("base64")],
  ["base64url, after two other bytes", Buffer.from(`ab${TOKEN}`).toString("base64url")],
];

describe.each(BASE64_ECHOES)("an echo of the token as %s", (_, echo) => {
  // The one or two characters at either end share bits with the bytes around the token.
  const middle = echo.slice(3, -3);

  it("in a JSON error body and in headers reaches no view", async () => {
    server = await hostileServer((_request, response) => {
      response.writeHead(401, {
        "content-type": "application/json",
        "www-authenticate": `Basic realm="x", echo="${echo}"`,
        "x-echo": `Basic ${echo}`,
      });
      response.end(`{"error":"credentials ${echo} refused","auth":"Basic ${echo}"}`);
    });
    const send = createTransport({ baseUrl: server.url, token: TOKEN, maxRetries: 0 });
    const error = await rejection(send({ method: "GET", path: "/info" }));
    expect(error.status).toBe(401);
    expect(error.message).toContain("[redacted]");
    expect(error.headers.get("x-echo")).toContain("[redacted]");
    for (const [view, text] of Object.entries(views(error))) {
      expect(text.includes(middle), `${view} shows ${echo}: ${text}`).toBe(false);
    }
  });
});

describe("a connection error", () => {
  it("names the call, the code and the attempts, and keeps a redacted cause", async () => {
    const port = await closedPort();
    const send = createTransport({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      tokenIn: "query",
      tokenQueryParam: "svc_token",
      maxRetries: 1,
    });
    const error = await rejection<ConnectionError>(
      send({ method: "POST", path: "/query?x=1", json: {} }),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({
      method: "POST",
      url: `http://127.0.0.1:${port}/query`,
      code: "ECONNREFUSED",
      attempts: 2,
    });
    expect(error.message).toMatch(
      new RegExp(
        `^Could not reach the service: POST http://127\\.0\\.0\\.1:${port}/query failed with ECONNREFUSED after 2 attempts \\(fetch failed.*\\)\\. Check the URL`,
      ),
    );
    expect(error.cause).toBeInstanceOf(Error);
    expectNoToken(error);
  });

  it("redacts the token from a failure that quotes the request", async () => {
    const fetch = async (url: string, init: RequestInit) => {
      const auth = new Headers(init.headers).get("authorization");
      throw new TypeError(`fetch failed: ${url}`, {
        cause: Object.assign(new Error(`socket hang up (${auth})`), { code: "ECONNRESET" }),
      });
    };
    for (const tokenIn of ["header", "query"] as const) {
      const send = createTransport({
        baseUrl: "https://h.example",
        token: TOKEN,
        tokenIn,
        tokenQueryParam: "svc_token",
        fetch,
        maxRetries: 0,
      });
      const error = await rejection<ConnectionError>(send({ method: "GET", path: "/info" }));
      expect(error.code).toBe("ECONNRESET");
      expect(error.message).toContain("[redacted]");
      expect(inspect(error.cause, { depth: 5 })).toContain("socket hang up");
      expectNoToken(error);
    }
  });
});
