// An optional field given as `undefined` is the field left out, everywhere: in the client's
// options, in each request and in each call's options. Nothing is refused (as an unknown
// key or a value of the wrong type) and nothing of it is sent: each call sends exactly what
// the same call without those fields sends. (Under `exactOptionalPropertyTypes` the types
// take `undefined` too; test/types checks that.)
import { type RequestOptions, VectorIndex, type VectorIndexOptions } from "@x/vector";
import { describe, expect, it } from "vitest";
import { type Seen, stub, TOKEN, URL_BASE } from "./stub";

const page = { nextCursor: "", vectors: [] };
const info = {
  vectorCount: 0,
  pendingVectorCount: 0,
  indexSize: 0,
  dimension: 2,
  similarityFunction: "COSINE",
  namespaces: { "": { vectorCount: 0, pendingVectorCount: 0 } },
};

/** Each key of `T` but `Kept`, as `undefined`: the compiler refuses a list missing a key. */
type AllUndefined<T, Kept extends keyof T = never> = { [K in Exclude<keyof T, Kept>]-?: undefined };

/** Every client option but `url`, `token` and `fetch`, each given as `undefined`. */
const UNDEFINED_CLIENT_OPTIONS = {
  maxRetries: undefined,
  timeoutMs: undefined,
  fetchOptions: undefined,
  defaultHeaders: undefined,
  logger: undefined,
  logLevel: undefined,
  tracing: undefined,
  namespace: undefined,
  maxResponseBytes: undefined,
} satisfies AllUndefined<VectorIndexOptions, "url" | "token" | "fetch">;

/** Every call option, each `undefined`. */
const NO_OPTIONS = {
  signal: undefined,
  timeoutMs: undefined,
  maxRetries: undefined,
  headers: undefined,
  maxResponseBytes: undefined,
} satisfies AllUndefined<RequestOptions>;

/** The same calls twice: as written below, then with every `undefined` field left out. */
async function calls(client: VectorIndex, withUndefined: boolean) {
  const u = undefined;
  // Without: the same requests with their undefined fields dropped, so those keys are absent.
  const given = <T extends object>(fields: T): T =>
    withUndefined
      ? fields
      : (Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== u)) as T);
  const opts = withUndefined ? NO_OPTIONS : undefined;
  const include = { includeMetadata: u, includeVectors: u, includeData: u };
  await client.range(given({ cursor: "0", limit: 2, prefix: u, ...include }), opts);
  for await (const _ of client.rangeAll(given({ pageSize: u, prefix: u, ...include }), opts));
  const queryFields = { topK: u, filter: u, weightingStrategy: u, fusionAlgorithm: u, ...include };
  await client.query(given({ vector: [1, 0], sparseVector: u, ...queryFields }), opts);
  await client.query(given({ sparseVector: { indices: [0], values: [1] }, vector: u }), opts);
  await client.queryMany([given({ vector: [1, 0], ...queryFields })], opts);
  await client.fetch(given({ ids: ["a"], ...include }), opts);
  await client.fetch(["a"], given(include), opts);
  await client.fetch(given({ prefix: "a", ids: u, ...include }), opts);
  await client.info(opts);
}

function sent(seen: Seen[]) {
  return seen.map(({ method, path, body, headers }) => ({
    method,
    path,
    body,
    headers: Object.fromEntries(headers),
  }));
}

function run(withUndefined: boolean) {
  const { fetch, seen } = stub(
    { result: page },
    { result: page },
    { result: [] },
    { result: [] },
    { result: [[]] },
    { result: [null] },
    { result: [null] },
    { result: [] },
    { result: info },
  );
  const options = { url: URL_BASE, token: TOKEN, fetch };
  const client = new VectorIndex(
    withUndefined ? { ...options, ...UNDEFINED_CLIENT_OPTIONS } : options,
  );
  return calls(client, withUndefined).then(() => sent(seen));
}

describe("an optional field given as undefined is a field left out", () => {
  it("sends each call exactly as without those fields, refusing none", async () => {
    const without = await run(false);
    expect(without).toHaveLength(9);
    expect(await run(true)).toEqual(without);
  });

  it("takes undefined for an unknown key as for an absent one", async () => {
    const { fetch, seen } = stub({ result: page });
    const client = new VectorIndex({ url: URL_BASE, token: TOKEN, fetch });
    await client.range({ cursor: "0", limit: 2, ...{ limt: undefined } });
    expect(seen[0]?.body).toEqual({ cursor: "0", limit: 2 });
  });

  it("fromEnv: an undefined option keeps what the environment says", async () => {
    const { fetch, seen } = stub({ result: info });
    // X_LOG sets the level; `logLevel: undefined` must leave it, so the info line is logged.
    const env = { VECTOR_URL: URL_BASE, VECTOR_TOKEN: TOKEN, X_LOG: "info" };
    const lines: string[] = [];
    const logger = { ...console, info: (line: string) => void lines.push(line) };
    const client = VectorIndex.fromEnv(env, { ...UNDEFINED_CLIENT_OPTIONS, fetch, logger });
    await client.info();
    expect(seen[0]?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(lines).toHaveLength(1);
  });
});
