// An answer sent before the request's body has all arrived (a 400 at the first chunk of a
// body nested too deep, a 401 before the body is read, a 413) must reach a client that
// writes its whole body first and reads after, as most clients do: the dev server reads
// the rest of the body and drops it before it answers. It closed the connection at once
// instead, and such a client saw EPIPE or ECONNRESET, never the answer.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";

let dev: DevServer;

beforeAll(async () => {
  dev = await startDevServer({ vector: { dimension: 2 } });
});
afterAll(() => dev.close());

/**
 * What a client that writes the whole request, then reads, gets: the answer once every byte
 * is written, or the error its write failed with (EPIPE, ECONNRESET), as such a client sees.
 */
function writeThenRead(url: string, head: string, body: Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    let ended = false;
    let written = false;
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
    });
    socket.on("end", () => {
      ended = true;
      if (written) resolve(answer);
    });
    socket.on("error", () => {});
    socket.write(head);
    socket.write(body, (error) => {
      if (error) {
        resolve(`write failed: ${(error as NodeJS.ErrnoException).code}`);
        return;
      }
      written = true;
      socket.end();
      if (ended) resolve(answer);
    });
  });
}

function post(path: string, body: Buffer, headers: string): string {
  return `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.byteLength}\r\n${headers}\r\n`;
}

// 9 MiB, under the 10 MiB body limit: far more than socket buffers hold, so a connection
// closed early is closed while the client still writes.
const DEEP = Buffer.from("[".repeat(9 * 1024 * 1024));

describe("an early answer", () => {
  it("a body nested past 256 levels: the client that writes first reads the 400", async () => {
    const auth = `authorization: Bearer ${dev.token}\r\n`;
    const answer = await writeThenRead(dev.vectorUrl, post("/upsert", DEEP, auth), DEEP);
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(answer).toContain('"error":"Request body nests deeper than');
  });

  it("a body the route never reads (no token): the client reads the 401", async () => {
    const answer = await writeThenRead(dev.vectorUrl, post("/upsert", DEEP, ""), DEEP);
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 401 Unauthorized");
  });

  it("the connection stays usable: a second request on it is answered", async () => {
    const auth = `authorization: Bearer ${dev.token}\r\n`;
    const info = `GET /info HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth}\r\n`;
    const first = post("/upsert", DEEP, "");
    const answer = await writeThenRead(
      dev.vectorUrl,
      first,
      Buffer.concat([DEEP, Buffer.from(info)]),
    );
    const statuses = answer.match(/HTTP\/1\.1 \d+/g);
    expect(statuses).toEqual(["HTTP/1.1 401", "HTTP/1.1 200"]);
  });
});
