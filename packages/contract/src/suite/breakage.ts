// Ways to break a well-formed request, as fast-check arbitraries: each takes a request as
// built from an operation of the spec and returns it broken one way, with a label saying how.
import fc from "fast-check";
import type { RawRequest } from "./raw-http.js";

type Json = unknown;

/** A request before it is written out: its JSON body still a value. */
export interface Draft {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** A JSON body, or bytes sent as they are. */
  body?: { json: Json } | { bytes: Buffer };
}

export interface Broken {
  /** How the request was broken ("none" when it was not). */
  label: string;
  apply(draft: Draft): Draft;
}

export function toRaw(draft: Draft): RawRequest {
  const { body } = draft;
  const bytes =
    body === undefined
      ? undefined
      : "bytes" in body
        ? body.bytes
        : Buffer.from(JSON.stringify(body.json), "utf8");
  return {
    method: draft.method,
    path: draft.path,
    headers: draft.headers,
    ...(bytes === undefined ? {} : { body: bytes }),
  };
}

/** The object a JSON body's fields live in: the body, or the first query of a batch. */
function target(json: Json): Record<string, Json> | undefined {
  const first = Array.isArray(json) ? json[0] : json;
  return typeof first === "object" && first !== null && !Array.isArray(first)
    ? (first as Record<string, Json>)
    : undefined;
}

/** A deep copy of the draft's JSON body with `edit` applied to its fields. */
function editJson(draft: Draft, edit: (fields: Record<string, Json>) => void): Draft {
  if (draft.body === undefined || !("json" in draft.body)) return draft;
  const json = structuredClone(draft.body.json);
  const fields = target(json);
  if (fields !== undefined) edit(fields);
  return { ...draft, body: { json } };
}

function pick<T>(items: T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

const none: Broken = { label: "none", apply: (d) => d };

const missingField = fc.nat().map(
  (i): Broken => ({
    label: "a missing field",
    apply: (d) =>
      editJson(d, (fields) => {
        const key = pick(Object.keys(fields), i);
        if (key !== undefined) delete fields[key];
      }),
  }),
);

const extraField = fc.constantFrom("extra", "__proto__", "constructor", "").map(
  (key): Broken => ({
    label: `an extra field "${key}"`,
    apply: (d) =>
      editJson(d, (fields) => {
        Object.defineProperty(fields, key, { value: 1, enumerable: true, writable: true });
      }),
  }),
);

const WRONG_TYPES: Json[] = ["text", 7, -1.5, true, null, {}, [], [null], { a: [1] }];

const wrongType = fc.tuple(fc.nat(), fc.constantFrom(...WRONG_TYPES)).map(
  ([i, value]): Broken => ({
    label: `a field of the wrong type (${JSON.stringify(value)})`,
    apply: (d) =>
      editJson(d, (fields) => {
        const key = pick(Object.keys(fields), i);
        if (key !== undefined && typeof fields[key] !== typeof value) fields[key] = value;
      }),
  }),
);

const OUT_OF_RANGE = [0, -1, 1.5, 1e21, 2 ** 53 + 2, -1e308, 1e39, 5e-324];

const outOfRange = fc.tuple(fc.nat(), fc.constantFrom(...OUT_OF_RANGE)).map(
  ([i, value]): Broken => ({
    label: `a number out of range (${value})`,
    apply: (d) =>
      editJson(d, (fields) => {
        const numeric = Object.keys(fields).filter((k) => typeof fields[k] === "number");
        const arrays = Object.keys(fields).filter((k) => Array.isArray(fields[k]));
        const key = pick(numeric, i);
        if (key !== undefined) fields[key] = value;
        else {
          const array = pick(arrays, i);
          if (array !== undefined) (fields[array] as Json[])[0] = value;
        }
      }),
  }),
);

// Under the 10 MiB body limit: the request is read and its fields are checked.
const hugeString = fc.tuple(fc.nat(), fc.constantFrom(70_000, 1_100_000)).map(
  ([i, size]): Broken => ({
    label: `a huge string (${size} chars)`,
    apply: (d) =>
      editJson(d, (fields) => {
        const strings = Object.keys(fields).filter((k) => typeof fields[k] === "string");
        fields[pick(strings, i) ?? "prefix"] = "x".repeat(size);
      }),
  }),
);

const hugeArray = fc.tuple(fc.nat(), fc.constantFrom(10_000, 300_000)).map(
  ([i, size]): Broken => ({
    label: `a huge array (${size} items)`,
    apply: (d) =>
      editJson(d, (fields) => {
        const arrays = Object.keys(fields).filter((k) => Array.isArray(fields[k]));
        const key = pick(arrays, i);
        if (key === undefined) return;
        const first = (fields[key] as Json[])[0] ?? 1;
        fields[key] = Array.from({ length: size }, () => first);
      }),
  }),
);

// 0xff never occurs in UTF-8; 0xc3 0x28 is a lead byte without its continuation.
const BAD_UTF8 = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xed, 0xa0, 0x80]),
];

const badUtf8 = fc.constantFrom(...BAD_UTF8).map(
  (bad): Broken => ({
    label: `bad UTF-8 (${bad.toString("hex")})`,
    apply: (d) => {
      const marker = "BAD_UTF8_MARKER";
      const marked = editJson(d, (fields) => {
        const strings = Object.keys(fields).filter((k) => typeof fields[k] === "string");
        fields[pick(strings, 0) ?? "prefix"] = marker;
      });
      const text = toRaw(marked).body ?? Buffer.from(marker);
      const at = text.indexOf(marker);
      const bytes =
        at === -1
          ? Buffer.concat([text, bad])
          : Buffer.concat([text.subarray(0, at), bad, text.subarray(at + marker.length)]);
      return { ...d, body: { bytes } };
    },
  }),
);

const badJson = fc.constantFrom("{", '{"cursor": "0",', "[1, 2", "nul", "{'a': 1}", "").map(
  (text): Broken => ({
    label: `JSON that does not parse (${JSON.stringify(text)})`,
    apply: (d) => ({ ...d, body: { bytes: Buffer.from(text) } }),
  }),
);

// Beside the fields (so the rest of the request stays as it was), or as the whole body.
const deepJson = fc.constantFrom(1_000, 100_000).map(
  (depth): Broken => ({
    label: `JSON nested ${depth} deep`,
    apply: (d) => {
      const nested = "[".repeat(depth) + "]".repeat(depth);
      const text = d.body !== undefined && "json" in d.body ? JSON.stringify(d.body.json) : "";
      const bytes =
        text.startsWith("{") && text !== "{}" ? `{"deep":${nested},${text.slice(1)}` : nested;
      return { ...d, body: { bytes: Buffer.from(bytes) } };
    },
  }),
);

const CONTENT_TYPES = [
  undefined,
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
  "application/xml",
  "",
];

const contentType = fc.constantFrom(...CONTENT_TYPES).map(
  (type): Broken => ({
    label: `content type ${JSON.stringify(type ?? "absent")}`,
    apply: (d) => {
      const { "content-type": _, ...headers } = d.headers;
      return { ...d, headers: type === undefined ? headers : { ...headers, "content-type": type } };
    },
  }),
);

/** Ways to send a bad token, or none; the right one is replaced with them. */
export const BAD_TOKENS = [
  undefined,
  "Bearer wrong-token",
  "Bearer ",
  "Basic dXNlcjpwYXNz",
  "bearer",
  "Bearer a b",
];

const badToken = fc.constantFrom(...BAD_TOKENS).map(
  (value): Broken => ({
    label: `authorization ${JSON.stringify(value ?? "absent")}`,
    apply: (d) => {
      const { authorization: _, ...headers } = d.headers;
      const path = d.path.replace(/([?&])svc_token=[^&]*/, "$1svc_token=wrong");
      return {
        ...d,
        path,
        headers: value === undefined ? headers : { ...headers, authorization: value },
      };
    },
  }),
);

/**
 * Every way to break a request, the unbroken request included (so accepted requests are
 * checked too), plus the service's own (`extra`: bad path segments, bad headers).
 */
export function breakages(extra: fc.Arbitrary<Broken>[]): fc.Arbitrary<Broken> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(none) },
    missingField,
    extraField,
    wrongType,
    outOfRange,
    hugeString,
    hugeArray,
    badUtf8,
    badJson,
    deepJson,
    contentType,
    badToken,
    ...extra,
  );
}
