// Requests sent byte for byte with node:http: fetch would refuse or repair what the broken
// requests need (bad UTF-8 in a body or a header, a wrong content length, a missing
// content type).
import { request } from "node:http";

export interface RawRequest {
  method: "GET" | "POST";
  /** Path and query, exactly as sent (percent-encoding included). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** Sends `raw` to `base`; rejects when the connection fails (a crash, a reset socket). */
export function sendRaw(base: string, raw: RawRequest): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: raw.method,
        path: raw.path,
        headers: {
          ...raw.headers,
          ...(raw.body === undefined ? {} : { "content-length": String(raw.body.length) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined)
              headers.set(name, Array.isArray(value) ? value.join(", ") : value);
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on("error", reject);
    req.end(raw.body);
  });
}

/** The answer as a fetch Response, for the spec's response check. */
export function asResponse(answer: RawAnswer): Response {
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : new Uint8Array(answer.body), {
    status: answer.status,
    headers: answer.headers,
  });
}
