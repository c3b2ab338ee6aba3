// What took the dev server's process down through the test kit, sent again at a size the
// suite can afford: a fault header Node cannot send, answers past a limit (V8's longest
// string is stood in for by a lower one), and uploads too large, too deep or too numerous
// to parse. Each is refused with a 4xx naming what to change, and the server keeps serving.
import { once } from "node:events";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { ValidationError } from "@x/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendSafely } from "../src/http/send-safely.js";
import { type DevServer, startDevServer } from "../src/index.js";
import { openSnapshot } from "../src/persistence/state.js";
import { closedAfterEach, devCall, startManual } from "./kit-harness.js";

const later = closedAfterEach();
afterEach(() => {
  vi.restoreAllMocks();
});

async function alive(dev: DevServer): Promise<void> {
  const info = await fetch(`${dev.vectorUrl}/info`, {
    headers: { authorization: `Bearer ${dev.token}` },
  });
  expect(info.status).toBe(200);
}

/**
 * Makes JSON.stringify throw as V8 does past its longest string, at `chars` instead of
 * ~512 Mi characters, so an answer "too long to build" costs megabytes, not a gigabyte.
 */
function lowerStringLimit(chars: number): void {
  const stringify = JSON.stringify;
  vi.spyOn(JSON, "stringify").mockImplementation((...args: Parameters<typeof stringify>) => {
    const text = stringify(...args);
    if (text !== undefined && text.length > chars) throw new RangeError("Invalid string length");
    return text;
  });
}

describe("fault header values Node's http would refuse", () => {
  const values = ["\u0001", "\u20ac", "a\u0000b", "\u007f", "\r", "x\ny"];

  it.each(values)("POST /v2/dev/faults refuses %j with a 400 naming the header", async (value) => {
    const dev = later(await startManual());
    const rule = { service: "vector", status: 503, headers: { "x-bad": value } };
    const added = await devCall(dev, "/v2/dev/faults", { method: "POST", body: rule });
    expect(added.status).toBe(400);
    expect((added.body as { error: string }).error).toMatch(
      /^headers\.x-bad: holds U\+[0-9A-F]{4}, which no HTTP header can carry/,
    );
    // Nothing was added, so the next request is answered as usual.
    await alive(dev);
  });

  it("dev.faults.add refuses them with a ValidationError naming the header", async () => {
    const dev = later(await startManual());
    const adding = dev.faults.add({ service: "vector", status: 503, headers: { "x-b": "\u20ac" } });
    await expect(adding).rejects.toThrow(ValidationError);
    await expect(adding).rejects.toThrow("headers.x-b: holds U+20AC");
    // Tab and Latin-1 are what a header value may hold.
    await dev.faults.add({ service: "vector", status: 503, headers: { "x-ok": "a\tb\u00e9" } });
    const faulted = await fetch(`${dev.vectorUrl}/info`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get("x-ok")).toBe("a\tb\u00e9");
  });

  it("the answer path turns a header Node refuses into a 500 with the error body", async () => {
    const lines: string[] = [];
    const server = createServer((_req, res) => {
      sendSafely(
        res,
        200,
        { "x-bad": "\u0001" },
        [Buffer.from("{}")],
        (status, error) => ({ error, status }),
        (line) => lines.push(line),
      );
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    later({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await fetch(base);
    expect(answer.status).toBe(500);
    expect(answer.headers.get("x-bad")).toBeNull();
    expect(((await answer.json()) as { error: string }).error).toMatch(
      /^the answer could not be sent: TypeError: Invalid character in header content/,
    );
    expect(lines[0]).toMatch(/^answering 200 failed \(TypeError/);
    expect((await fetch(base)).status).toBe(500);
  });
});

describe("kit answers past a limit", () => {
  it("GET /v2/dev/snapshot over maxKitBytes is a 400 naming it; the process serves on", async () => {
    const dev = later(await startManual({ limits: { maxKitBytes: 64 * 1024 } }));
    const data = "d".repeat(10_000);
    await dev.vector.upsert(
      Array.from({ length: 10 }, (_, i) => ({ id: `r${i}`, vector: [1, 0], data })),
    );
    for (const base of [dev.workflowUrl, dev.vectorUrl]) {
      const answer = await fetch(`${base}/v2/dev/snapshot`, {
        headers: { authorization: `Bearer ${dev.token}` },
      });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toMatch(
        /^the answer is over this server's limit of 65536 bytes \(maxKitBytes\); start the dev server with --max-kit-bytes/,
      );
    }
    await alive(dev);
    // In code there is no string to build: the whole snapshot comes back.
    expect(openSnapshot(await dev.snapshot()).namespaces[""]).toHaveLength(10);
  });

  it("GET /v2/dev/faults over maxKitBytes is a 400 naming it", async () => {
    const dev = later(await startManual({ limits: { maxKitBytes: 64 * 1024 } }));
    const body = "b".repeat(20_000);
    for (let i = 0; i < 5; i++) await dev.faults.add({ service: "workflow", status: 500, body });
    const listed = await devCall(dev, "/v2/dev/faults");
    expect(listed.status).toBe(400);
    expect((listed.body as { error: string }).error).toContain("(maxKitBytes)");
    await alive(dev);
  });

  it("a snapshot longer than the longest string is answered, not a crash", async () => {
    const dev = later(await startManual());
    const data = "d".repeat(100_000);
    await dev.vector.upsert(
      Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, vector: [1, 0], data })),
    );
    lowerStringLimit(1_000_000);
    const answer = await devCall(dev, "/v2/dev/snapshot");
    expect(answer.status).toBe(200);
    expect((answer.body as { namespaces: Record<string, unknown[]> }).namespaces[""]).toHaveLength(
      20,
    );
  });
});

/** PUTs a body streamed in `chunks` without ending it; resolves with the answer that comes first. */
function putUnended(
  dev: DevServer,
  chunks: Iterable<string>,
): Promise<{ status: number; body: { error: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(`${dev.workflowUrl}/v2/dev/snapshot`, {
      method: "PUT",
      headers: { authorization: `Bearer ${dev.token}`, "content-type": "application/json" },
    });
    req.on("error", () => {});
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString()) });
        req.destroy();
      });
      res.on("error", reject);
    });
    for (const chunk of chunks) req.write(chunk);
    // Never ended: the answer must come from what was read so far.
  });
}

describe("PUT /v2/dev/snapshot checks the upload as it streams", () => {
  it("refuses a body past maxKitBytes with a 413 naming it before the body ends", async () => {
    const dev = later(await startManual({ limits: { maxKitBytes: 64 * 1024 } }));
    const answer = await putUnended(dev, [
      "[",
      ...Array.from({ length: 40 }, () => "{},".repeat(1024)),
    ]);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe(
      "Request body is over the limit of 65536 bytes (maxKitBytes); start the dev server with --max-kit-bytes (limits.maxKitBytes) to raise it",
    );
    await alive(dev);
  });

  it("refuses nesting past 256 levels as it arrives", async () => {
    const dev = later(await startManual());
    const answer = await putUnended(dev, ["[".repeat(300)]);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Request body nests deeper than 256 levels");
  });

  it("refuses more objects and arrays than parsing can afford, before parsing", async () => {
    const dev = later(await startManual());
    const parse = vi.spyOn(JSON, "parse");
    const many = `[${"{},".repeat(2_000_000)}{}]`;
    const answer = await devCall(dev, "/v2/dev/snapshot", { method: "PUT", body: many });
    expect(answer.status).toBe(400);
    expect((answer.body as { error: string }).error).toBe(
      "Request body holds more than 2000000 objects and arrays",
    );
    expect(parse.mock.calls.some(([text]) => text.length >= many.length)).toBe(false);
    await alive(dev);
  });

  it("braces inside strings are text, not structure", async () => {
    const dev = later(await startManual());
    const snapshot = await dev.snapshot();
    await dev.faults.add({ service: "vector", status: 503, body: `"\\${"[".repeat(400)}` });
    const withBraces = await dev.snapshot();
    await dev.restore(snapshot);
    const put = await devCall(dev, "/v2/dev/snapshot", { method: "PUT", body: withBraces });
    expect(put).toEqual({ status: 200, body: { restored: true } });
    expect(await dev.faults.list()).toHaveLength(1);
  });
});

it("startDevServer refuses a maxKitBytes that is not a positive integer", async () => {
  await expect(startDevServer({ limits: { maxKitBytes: 0 } })).rejects.toMatchObject({
    name: "ValidationError",
    message: "maxKitBytes: must be a positive integer (got 0)",
  });
});
