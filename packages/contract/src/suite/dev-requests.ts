// Requests for each operation of the two specs, as a client of the service would send them,
// and the breakages that only one service's requests can have (its path segments, its
// headers). The dev-only vector writes (upsert, delete, reset) are drawn too: a rejected
// write is where a half-applied change would show.
import fc from "fast-check";
import type { Broken, Draft } from "./breakage.js";

const include = fc.record(
  { includeMetadata: fc.boolean(), includeVectors: fc.boolean(), includeData: fc.boolean() },
  { requiredKeys: [] },
);
const json = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  "content-type": "application/json",
});

/** Namespaces of the vector requests: the default, a seeded one, an unknown one, an odd name. */
export const VECTOR_NAMESPACES = [undefined, "docs", "nope", "ü ?/x"];
export const VECTOR_DIMENSION = 3;

const ids = fc.array(fc.constantFrom("a1", "a2", "d1", "missing", ""), { maxLength: 4 });
const vector = fc.array(fc.integer({ min: -3, max: 3 }), {
  minLength: VECTOR_DIMENSION,
  maxLength: VECTOR_DIMENSION,
});
const query = fc.record(
  {
    vector,
    topK: fc.integer({ min: 1, max: 5 }),
    filter: fc.constantFrom("n >= 1", "tag = 'red'", "HAS FIELD tag", "n >"),
    includeMetadata: fc.boolean(),
    includeVectors: fc.boolean(),
  },
  { requiredKeys: ["vector"] },
);

const VECTOR_BODIES: Record<string, fc.Arbitrary<unknown>> = {
  range: fc.record({ cursor: fc.constant("0"), limit: fc.integer({ min: 1, max: 5 }) }).chain((b) =>
    fc
      .tuple(fc.option(fc.constantFrom("a", "d", ""), { nil: undefined }), include)
      .map(([prefix, inc]) => ({
        ...b,
        ...(prefix === undefined ? {} : { prefix }),
        ...inc,
      })),
  ),
  query: fc.oneof(query, fc.array(query, { minLength: 1, maxLength: 3 })),
  fetch: fc
    .tuple(fc.oneof(fc.record({ ids }), fc.record({ prefix: fc.constantFrom("a", "d") })), include)
    .map(([by, inc]) => ({ ...by, ...inc })),
  upsert: fc.array(
    fc.record(
      {
        id: fc.constantFrom("a1", "a2", "d1", "new"),
        vector,
        metadata: fc.record({
          n: fc.integer({ min: 0, max: 3 }),
          tag: fc.constantFrom("red", "blue"),
        }),
        data: fc.string({ maxLength: 4 }),
      },
      { requiredKeys: ["id", "vector"] },
    ),
    { minLength: 1, maxLength: 3 },
  ),
  delete: fc.oneof(
    fc.record({ ids }),
    fc.record({ prefix: fc.constantFrom("a", "zz") }),
    fc.record({ filter: fc.constant("n >= 2") }),
  ),
};

export function vectorRequest(token: string): fc.Arbitrary<Draft> {
  const namespaced = fc
    .tuple(fc.constantFrom(...Object.keys(VECTOR_BODIES)), fc.constantFrom(...VECTOR_NAMESPACES))
    .chain(([op, ns]) =>
      (VECTOR_BODIES[op] as fc.Arbitrary<unknown>).map(
        (body): Draft => ({
          method: "POST",
          path: ns === undefined ? `/${op}` : `/${op}/${encodeURIComponent(ns)}`,
          headers: json(token),
          body: { json: body },
        }),
      ),
    );
  const info: Draft = {
    method: "GET",
    path: "/info",
    headers: { authorization: `Bearer ${token}` },
  };
  const reset = fc
    .constantFrom("/reset", "/reset/docs", "/reset?all")
    .map((path): Draft => ({ method: "POST", path, headers: json(token), body: { json: {} } }));
  return fc.oneof({ weight: 8, arbitrary: namespaced }, fc.constant(info), reset);
}

/** A namespace segment that is not valid percent-encoding, or not UTF-8 once decoded. */
export const badSegment = fc
  .constantFrom("%FF", "%E0%A4%A", "%", "%C3%28", "%00", "a%2", "%ED%A0%80")
  .map(
    (segment): Broken => ({
      label: `namespace segment ${segment}`,
      apply: (d) => {
        const [path = "", query] = d.path.split("?");
        const op = path.split("/")[1] ?? "";
        return { ...d, path: `/${op}/${segment}${query === undefined ? "" : `?${query}`}` };
      },
    }),
  );

/** Values each Svc- header must refuse (4xx); latin-1 bytes and long values among them. */
const BAD_HEADERS: [string, string][] = [
  ["Svc-Retries", "abc"],
  ["Svc-Retries", "-1"],
  ["Svc-Retries", "1.5"],
  ["Svc-Retries", "99999999999999999999"],
  ["Svc-Delay", "10x"],
  ["Svc-Delay", "-1s"],
  ["Svc-Delay", "99999999999999999999d"],
  ["Svc-Not-Before", "tomorrow"],
  ["Svc-Not-Before", "1e400"],
  ["Svc-Flow-Control-Value", "rate=0"],
  ["Svc-Flow-Control-Value", "parallelism=x"],
  ["Svc-Retry-Delay", "retried +"],
  ["Svc-Retry-Delay", "foo(1)"],
  ["Svc-Retry-Delay", "pow(2)"],
  ["Svc-Retry-Delay", `${"(".repeat(2000)}1${")".repeat(2000)}`],
  ["Svc-Label", ",,"],
  ["Svc-Failure-Callback", "ftp://127.0.0.1/x"],
  ["Svc-Workflow-RunId", "\u00ff\u00fe"],
  ["Svc-Label", "\u00e9t\u00e9"],
  ["Svc-Forward-X", "y".repeat(4000)],
];

export const badHeader = fc.constantFrom(...BAD_HEADERS).map(
  ([name, value]): Broken => ({
    label: `header ${name}: ${JSON.stringify(value.slice(0, 20))}`,
    apply: (d) => ({ ...d, headers: { ...d.headers, [name]: value } }),
  }),
);

// Every destination stays on this machine: a run that is accepted is delivered at once.
export const badWorkflowUrl = fc
  .constantFrom(
    "ftp://127.0.0.1/x",
    "not-a-url",
    "http://",
    "http://127.0.0.1:99999/x",
    "http://[::1/x",
    "%FF",
    "http://127.0.0.1/%ZZ",
    "",
  )
  .map(
    (url): Broken => ({
      label: `workflow URL ${JSON.stringify(url)}`,
      apply: (d) => {
        const [, query] = d.path.split("?");
        return { ...d, path: `/v2/trigger/${url}${query === undefined ? "" : `?${query}`}` };
      },
    }),
  );

/** A trigger of a workflow at `sink`, with some of the Svc- headers, token in the header or the query. */
export function workflowRequest(token: string, sink: string): fc.Arbitrary<Draft> {
  const headers = fc.record(
    {
      "Svc-Retries": fc.integer({ min: 0, max: 3 }).map(String),
      "Svc-Delay": fc.constantFrom("10s", "1m30s", "2h", "1d10h30m"),
      "Svc-Not-Before": fc.integer({ min: 0, max: 4_000_000_000 }).map(String),
      "Svc-Label": fc.constantFrom("billing", "a, b"),
      "Svc-Workflow-RunId": fc.uuid(),
      "Svc-Flow-Control-Key": fc.constantFrom("k1", "tenant-2"),
      "Svc-Flow-Control-Value": fc.constantFrom("parallelism=2", "rate=3, period=1m"),
      "Svc-Failure-Callback": fc.constant(`${sink}/callback`),
      "Svc-Retry-Delay": fc.constantFrom("1000", "max(1000, 1000 * pow(2, retried))"),
      "Svc-Forward-X-Tenant": fc.constant("t-1"),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    fc.record({ type: fc.constant("application/json"), json: fc.jsonValue({ maxDepth: 2 }) }),
    fc.record({ type: fc.constant("text/plain"), text: fc.string({ maxLength: 20 }) }),
    fc.record({
      type: fc.constant("application/octet-stream"),
      bytes: fc.uint8Array({ maxLength: 16 }),
    }),
  );
  return fc.tuple(headers, body, fc.boolean(), fc.nat({ max: 999 })).map(
    ([svc, b, inQuery, n]): Draft => ({
      method: "POST",
      path: `/v2/trigger/${sink}/wf/${n}${inQuery ? `?svc_token=${encodeURIComponent(token)}` : ""}`,
      headers: {
        ...(inQuery ? {} : { authorization: `Bearer ${token}` }),
        "content-type": b.type,
        ...svc,
      },
      body:
        "json" in b
          ? { json: b.json }
          : { bytes: "text" in b ? Buffer.from(b.text) : Buffer.from(b.bytes) },
    }),
  );
}
