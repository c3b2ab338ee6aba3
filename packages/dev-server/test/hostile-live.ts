// A hostile "live" vector service for the import and probe tests: a node:http server on
// 127.0.0.1 whose answers each test writes, recording every request it got. Closed after
// each test.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export interface LiveRequest {
  method: string;
  path: string;
  body: string;
  authorization: string | undefined;
}

export type Answer = (
  request: LiveRequest,
  res: ServerResponse,
  index: number,
) => void | Promise<void>;

export interface HostileLive {
  url: string;
  requests: LiveRequest[];
  /** Requests of one path prefix, in order: `"/range"` matches `/range/ns` too. */
  of(path: string): LiveRequest[];
}

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts a live service answering with `answer`; closed after the test. */
export async function hostileLive(answer: Answer): Promise<HostileLive> {
  const requests: LiveRequest[] = [];
  const server = createServer(async (req, res) => {
    const request = {
      method: req.method ?? "",
      path: req.url ?? "",
      body: await bodyOf(req),
      authorization: req.headers.authorization,
    };
    requests.push(request);
    res.on("error", () => {});
    try {
      await answer(request, res, requests.length - 1);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  open.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    of: (path) => requests.filter((r) => r.path === path || r.path.startsWith(`${path}/`)),
  };
}

/** Writes `body` as a JSON answer of `status`. */
export function json(res: ServerResponse, body: unknown, status = 200): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json" }).end(text);
}

/** An `info` result of a DENSE index; `namespaces` maps each name to its count. */
export function info(
  namespaces: Record<string, number> = { "": 1 },
  fields: Record<string, unknown> = {},
): unknown {
  const counts = Object.fromEntries(
    Object.entries(namespaces).map(([name, n]) => [
      name,
      { vectorCount: n, pendingVectorCount: 0 },
    ]),
  );
  const total = Object.values(namespaces).reduce((a, b) => a + b, 0);
  return {
    result: {
      vectorCount: total,
      pendingVectorCount: 0,
      indexSize: total * 16,
      dimension: 4,
      similarityFunction: "COSINE",
      indexType: "DENSE",
      denseIndex: { dimension: 4, similarityFunction: "COSINE", embeddingModel: "NONE" },
      namespaces: counts,
      ...fields,
    },
  };
}

/** A range page of `n` records named from `from`, 4 dimensions each. */
export function page(nextCursor: unknown, n: number, from = 0, prefix = "r"): unknown {
  const vectors = Array.from({ length: n }, (_, i) => ({
    id: `${prefix}-${from + i}`,
    vector: [0.1, 0.2, 0.3, 0.4],
  }));
  return { result: { nextCursor, vectors } };
}

/**
 * Writes `total` bytes of `unit` repeated as the body, after `head`, in 64 KiB writes that
 * wait for the socket to drain; resolves with the bytes written when the client hung up or
 * the body ended. `between` runs once, after the first write.
 */
export async function stream(
  res: ServerResponse,
  head: string,
  unit: string,
  total: number,
  status = 200,
  between?: () => Promise<void>,
): Promise<number> {
  res.writeHead(status, { "content-type": "application/json" });
  const piece = Buffer.from(unit.repeat(Math.ceil(65_536 / unit.length)));
  let written = 0;
  let closed = false;
  res.on("close", () => {
    closed = true;
  });
  res.write(head);
  written += head.length;
  let first = true;
  while (written < total && !closed) {
    const ok = res.write(piece);
    written += piece.length;
    if (first) {
      first = false;
      await between?.();
    }
    if (!ok && !closed) {
      await new Promise<void>((resolve) => {
        res.once("drain", resolve);
        res.once("close", resolve);
      });
    }
  }
  if (!closed) res.end();
  return written;
}
