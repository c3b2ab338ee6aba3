// Random trigger options: valid ones the spec must accept once sent, and invalid ones the
// client must refuse before sending anything.
import fc from "fast-check";

const TOKEN_CHARS = "!#$%&'*+.^_`|~-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** An RFC 9110 token, as a forwarded header name must be. */
const headerName = fc
  .array(fc.constantFrom(...TOKEN_CHARS), { minLength: 1, maxLength: 10 })
  .map((chars) => chars.join(""));

/** A header value of printable ASCII, no surrounding blanks (Headers would trim them). */
const headerValue = fc.stringMatching(/^[!-~]([ -~]{0,10}[!-~])?$/).filter((v) => v.length <= 12);

const headerRecord = fc.dictionary(headerName, headerValue, { maxKeys: 3 });

const segment = fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@% -]{0,8}$/);

// "." and ".." segments (even as %2e) are refused by the client: they would be resolved
// in transit. They have their own test, and are invalid input below.
const DOT_SEGMENT = /\/(\.|%2e){1,2}(\/|$)/i;

/** An absolute http(s) URL with any port, path, query and fragment, `?`, `#`, `%` and space included. */
export const workflowUrl = fc
  .record({
    scheme: fc.constantFrom("http", "https"),
    host: fc.oneof(fc.domain(), fc.ipV4()),
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
    path: fc.array(segment, { maxLength: 4 }),
    query: fc.option(fc.stringMatching(/^[A-Za-z0-9=&%?/ ,#]{0,12}$/), { nil: undefined }),
  })
  .map(
    ({ scheme, host, port, path, query }) =>
      `${scheme}://${host}${port === undefined ? "" : `:${port}`}${path.map((p) => `/${p}`).join("")}${query === undefined ? "" : `?${query}`}`,
  )
  .filter((url) => !DOT_SEGMENT.test(url));

/** `<number><unit>` terms, compound ones included (`1d10h30m`, `1.5h`). */
const delayText = fc
  .array(
    fc.record({
      n: fc.oneof(
        fc.nat(400).map(String),
        fc.tuple(fc.nat(99), fc.nat(99)).map(([a, b]) => `${a}.${b}`),
      ),
      unit: fc.constantFrom("s", "m", "h", "d"),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((terms) => terms.map((t) => t.n + t.unit).join(""));

/** A retry-delay expression of the seed's grammar: numbers, `retried`, + - * /, the nine functions. */
const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.nat(100_000).map(String),
    fc.constant("retried"),
    fc.tuple(tie("e"), fc.constantFrom("+", "-", "*", "/"), tie("e")).map((p) => p.join(" ")),
    tie("e").map((e) => `(${e})`),
    tie("e").map((e) => `-${e}`),
    fc
      .tuple(fc.constantFrom("exp", "sqrt", "abs", "floor", "ceil", "round"), tie("e"))
      .map(([f, a]) => `${f}(${a})`),
    fc
      .tuple(fc.constantFrom("pow", "min", "max"), tie("e"), tie("e"))
      .map(([f, a, b]) => `${f}(${a}, ${b})`),
  ),
})).e;

const flowControl = fc.oneof(
  fc.record({ key: headerValue, parallelism: fc.integer({ min: 1, max: 1000 }) }),
  fc.record({
    key: headerValue,
    rate: fc.integer({ min: 1, max: 1000 }),
    period: fc.option(
      fc.oneof(
        delayText.filter((d) => /[1-9]/.test(d)),
        fc.integer({ min: 1, max: 86400 }),
      ),
      { nil: undefined },
    ),
  }),
  fc.record({
    key: headerValue,
    parallelism: fc.integer({ min: 1, max: 1000 }),
    rate: fc.integer({ min: 1, max: 1000 }),
    period: fc.option(fc.integer({ min: 1, max: 3600 }), { nil: undefined }),
  }),
);

const label = fc.stringMatching(/^[A-Za-z0-9 _.:-]{1,10}$/).filter((l) => l.trim() !== "");

const body = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 20 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.uint8Array({ maxLength: 16 }),
);

/** Trigger options with any subset of the options set, each to a valid value. */
export const triggerOptions = fc.record(
  {
    url: workflowUrl,
    body,
    runId: headerValue,
    headers: headerRecord,
    retries: fc.nat(100),
    delay: fc.oneof(delayText, fc.nat(1_000_000)),
    notBefore: fc.oneof(
      fc.nat(4_000_000_000),
      fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }),
    ),
    labels: fc.oneof(label, fc.array(label, { maxLength: 4 })),
    flowControl,
    failureCallback: fc.oneof(
      workflowUrl.filter((u) => !/\s/.test(u)),
      fc.record(
        { url: workflowUrl.filter((u) => !/\s/.test(u)), headers: headerRecord },
        { requiredKeys: ["url"] },
      ),
    ),
    retryDelay: expr,
  },
  { requiredKeys: ["url"] },
);

/** Trigger options with exactly one option broken; `field` names it. */
export const invalidTriggerOptions: fc.Arbitrary<{ field: string; options: object }> = fc.oneof(
  bad(
    "url",
    fc.constantFrom(
      "",
      "example.org/wf",
      "ftp://example.org",
      "mailto:a@b",
      "//x/y",
      "not a url",
      "https://example.org/a/../b",
      "https://example.org/%2e",
    ),
  ),
  bad(
    "retries",
    fc.oneof(
      fc.integer({ max: -1 }),
      fc.double({ noInteger: true, noNaN: true }),
      fc.constant(Number.NaN),
    ),
  ),
  bad(
    "delay",
    fc.oneof(
      fc.stringMatching(/^[0-9]{1,3}[abcefgijklnopqrtuvwxyz]?$/),
      fc.constantFrom("", "1.5.2h", "-5s", "10 s", "h"),
      fc.integer({ max: -1 }),
    ),
  ),
  bad(
    "notBefore",
    fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true, noNaN: true, min: 0 })),
  ),
  bad(
    "labels",
    fc.oneof(
      fc.constantFrom("a,b", ",", " ", ""),
      fc.tuple(label, fc.constantFrom("x,y", "  ")).map((l) => [...l]),
    ),
  ),
  bad(
    "flowControl",
    fc.oneof(
      fc.record({ key: headerValue }),
      fc.record({ key: fc.constantFrom("", "   "), rate: fc.integer({ min: 1, max: 9 }) }),
      fc.record({ key: headerValue, parallelism: fc.integer({ max: 0 }) }),
      fc.record({ key: headerValue, rate: fc.double({ noInteger: true, noNaN: true, min: 0 }) }),
      fc.record({
        key: headerValue,
        parallelism: fc.integer({ min: 1, max: 9 }),
        period: fc.constantFrom("1m", 60),
      }),
      fc.record({
        key: headerValue,
        rate: fc.integer({ min: 1, max: 9 }),
        period: fc.constantFrom("10x", "0s", -1),
      }),
    ),
  ),
  bad("failureCallback", fc.constantFrom("ftp://x.org", "x.org/fail", "", "javascript:alert(1)")),
  bad(
    "retryDelay",
    fc.oneof(
      fc.constantFrom(
        "",
        "log(retried)",
        "pow(2)",
        "min(1)",
        "max(1, 2, 3)",
        "retried +",
        "(1",
        "1)",
        "2 ** 3",
        "sqrt(1, 2)",
        "retries",
      ),
      expr.map((e) => `${e} +`),
      expr.map((e) => `foo(${e})`),
    ),
  ),
  bad("runId", fc.constant("")),
  bad(
    "headers",
    fc.constantFrom("X Bad", "X:Y", "", "Ü").map((name) => ({ [name]: "v" })),
  ),
  // A bad value is reported under the header's own name, as every header option's is.
  headerName.map((name) => ({
    field: `headers.${name}`,
    options: { url: "https://example.org/wf", headers: { [name]: "a\nb" } },
  })),
);

function bad(field: string, value: fc.Arbitrary<unknown>) {
  return value.map((v) => ({ field, options: { url: "https://example.org/wf", [field]: v } }));
}
