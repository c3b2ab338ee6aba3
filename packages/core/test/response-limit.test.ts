import type { ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../src/chain/read-body";
import { ResponseTooLargeError, ValidationError } from "../src/index";
import { checkRequestOptions } from "../src/internal";
import { createClientCore, createTransport } from "./harness";
import { type Hostile, hostileServer, rejection } from "./helpers";

// A hostile service's bodies over real sockets: the client reads no more than
// maxResponseBytes, counted as fetch's body stream yields them (decompressed), then cuts
// the attempt (the socket closes) and fails with a ResponseTooLargeError it does not retry.

const TOKEN = "tok-response-limit-1";
const MiB = 1024 * 1024;
let server: Hostile | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Writes 1 MiB chunks of one JSON string, as fast as the socket drains, until it closes. */
function endless(response: ServerResponse) {
  response.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(MiB, "a");
  response.write('{"result":"');
  const pump = () => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once("drain", pump);
  };
  response.on("close", () => response.removeAllListeners("drain"));
  pump();
}

/** 8 MiB of JSON spaces and a `null`, gzipped to about 8 KB. */
const bomb = gzipSync(Buffer.concat([Buffer.alloc(8 * MiB, " "), Buffer.from("null")]));

function gzipped(status: number, body: Buffer) {
  return (response: ServerResponse) => {
    response.writeHead(status, { "content-type": "application/json", "content-encoding": "gzip" });
    response.end(body);
  };
}

describe("maxResponseBytes", () => {
  it("cuts an endless 200 body at the limit, and does not retry", async () => {
    server = await hostileServer((_request, response) => endless(response));
    const send = createTransport({
      baseUrl: server.url,
      token: TOKEN,
      maxRetries: 2,
      maxResponseBytes: 4 * MiB,
    });
    const error = await rejection<ResponseTooLargeError>(send({ method: "GET", path: "/info" }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.maxResponseBytes).toBe(4 * MiB);
    expect(error.message).toBe(
      `GET ${server.url}/info: the response body passed maxResponseBytes (4194304 bytes, ` +
        "counted decompressed) and was cut. Ask for less, or raise maxResponseBytes " +
        "(a client option, or a call option) if so large an answer is expected.",
    );
    expect(server.requests).toHaveLength(1);
    await server.closed(0);
  });

  it("is 256 MiB unless set, as the README documents", async () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(256 * MiB);
    // An endless body that yields the same 1 MiB chunk again and again: the client counts
    // past the default without the test allocating it.
    const chunk = new Uint8Array(MiB);
    const endlessStream = () =>
      new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(chunk) });
    let fetches = 0;
    const send = createTransport({
      baseUrl: "https://limit.example.com",
      token: TOKEN,
      fetch: async () => {
        fetches++;
        return new Response(endlessStream(), { status: 200 });
      },
    });
    const error = await rejection<ResponseTooLargeError>(send({ method: "GET", path: "/info" }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.maxResponseBytes).toBe(DEFAULT_MAX_RESPONSE_BYTES);
    expect(error.message).toContain(
      "passed maxResponseBytes (268435456 bytes, counted decompressed)",
    );
    expect(fetches).toBe(1);
  });

  it("counts a gzip body decompressed: 8 KB that expands to 8 MiB passes a 1 MiB limit", async () => {
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    server = await hostileServer((_request, response) => gzipped(200, bomb)(response));
    const send = createTransport({ baseUrl: server.url, token: TOKEN, maxResponseBytes: MiB });
    const error = await rejection<ResponseTooLargeError>(send({ method: "GET", path: "/info" }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.maxResponseBytes).toBe(MiB);
    expect(server.requests).toHaveLength(1);
  });

  it("bounds an error body too, and a 503 over the limit is not retried", async () => {
    server = await hostileServer((_request, response) => gzipped(503, bomb)(response));
    const send = createTransport({ baseUrl: server.url, token: TOKEN, maxResponseBytes: MiB });
    const error = await rejection(send({ method: "POST", path: "/query", json: {} }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(server.requests).toHaveLength(1);
  });

  it("passes a body of exactly the limit, and cuts one byte more", async () => {
    const body = JSON.stringify({ result: "x".repeat(1000) });
    server = await hostileServer((_request, response) => gzipped(200, gzipSync(body))(response));
    const exact = createTransport({
      baseUrl: server.url,
      token: TOKEN,
      maxResponseBytes: body.length,
    });
    expect((await exact({ method: "GET", path: "/info" })).data).toEqual({
      result: "x".repeat(1000),
    });
    const under = createTransport({
      baseUrl: server.url,
      token: TOKEN,
      maxResponseBytes: body.length - 1,
    });
    expect(await rejection(under({ method: "GET", path: "/info" }))).toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  it("takes a call's own limit over the client's", async () => {
    server = await hostileServer((_request, response) => gzipped(200, bomb)(response));
    const send = createTransport({ baseUrl: server.url, token: TOKEN, maxResponseBytes: MiB });
    const { data } = await send({ method: "GET", path: "/info" }, { maxResponseBytes: 9 * MiB });
    expect(data).toBeNull();
    const error = await rejection<ResponseTooLargeError>(
      send({ method: "GET", path: "/info" }, { maxResponseBytes: 1000 }),
    );
    expect(error.maxResponseBytes).toBe(1000);
  });

  it("bounds what `api` reads, and leaves the body of asResponse() unread", async () => {
    server = await hostileServer((_request, response) => gzipped(200, bomb)(response));
    // biome-ignore lint/suspicious/noExplicitAny: any path, as in the harness.
    const core = createClientCore<Record<string, any>>({
      baseUrl: server.url,
      token: TOKEN,
      maxResponseBytes: MiB,
    });
    expect(await rejection(core.api.GET("/info", {}))).toBeInstanceOf(ResponseTooLargeError);
    const info = core.operation("info", "get", "/info");
    const raw = await core.call(info, {}, undefined).asResponse();
    expect((await raw.arrayBuffer()).byteLength).toBe(8 * MiB + 4);
  });

  it.each([0, -1, 1.5, "1000", Number.POSITIVE_INFINITY, null])(
    "refuses %s as a client or call option",
    (value) => {
      const options = { maxResponseBytes: value as number };
      const build = () => createTransport({ baseUrl: "https://h", token: TOKEN, ...options });
      expect(build).toThrow(ValidationError);
      expect(build).toThrow("maxResponseBytes: must be a positive integer (bytes)");
      expect(() => checkRequestOptions("info", options)).toThrow(
        expect.objectContaining({ name: "ValidationError", field: "maxResponseBytes" }),
      );
    },
  );

  it("is a known call option, so a misspelling names it", () => {
    expect(() => checkRequestOptions("info", { maxResponseByte: 10 })).toThrow(
      'info options: unknown option "maxResponseByte" (did you mean "maxResponseBytes"?)',
    );
  });
});
