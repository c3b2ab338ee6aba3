import { describe, expect, it } from "vitest";
import { type TriggerRequest, ValidationError } from "../src/index";
import { setup, WORKFLOW } from "./helpers";

// Options a TypeScript caller cannot write but a JavaScript caller can.
type Loose = Record<string, unknown>;

async function rejection(options: Loose): Promise<ValidationError> {
  const { client, requests } = setup();
  const error = await client.trigger({ url: WORKFLOW, ...options } as TriggerRequest).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  // Nothing reaches the network when the input is bad.
  expect(requests).toHaveLength(0);
  if (!(error instanceof ValidationError))
    throw new Error(`expected a ValidationError, got ${error}`);
  expect(error.message).toBe(`${error.field}: ${error.rule}`);
  return error;
}

const URL_RULE = "must be an absolute http(s) URL without . or .. segments";
const INT = "must be a non-negative integer";
// What the spec's patterns (Svc-Label, Svc-Failure-Callback) refuse, in the rule's words.
const BLANK_LABEL = String.raw`must match ^\s*[^,\s][^,]*(?:,\s*[^,\s][^,]*)*$ (no label may be blank)`;
const LABEL_COMMA = "must be strings without commas; give several labels as an array";
const CALLBACK_RULE = String.raw`must match ^(?:https?://\S+)?$ (an http:// or https:// URL without whitespace)`;

describe("trigger validates every option before sending", () => {
  it.each<[string, Loose, string, string]>([
    ["a relative url", { url: "/api/workflow" }, "url", URL_RULE],
    ["an ftp url", { url: "ftp://example.org/wf" }, "url", URL_RULE],
    ["a url without scheme", { url: "example.org/wf" }, "url", URL_RULE],
    ["an empty url", { url: "" }, "url", URL_RULE],
    ["a missing url", { url: undefined }, "url", URL_RULE],
    ["a url that is not a string", { url: new URL(WORKFLOW) }, "url", URL_RULE],
    ["a url without slashes", { url: "https:example.org" }, "url", URL_RULE],
    ["a url with leading space", { url: " https://example.org" }, "url", URL_RULE],
    ["an upper-case scheme", { url: "HTTPS://example.org" }, "url", URL_RULE],
    ["a url with a tab", { url: "https://example.org/a\tb" }, "url", URL_RULE],
    ["a url with a line break", { url: "https://example.org/a\nb" }, "url", URL_RULE],
    ["a url without host", { url: "https:///path" }, "url", URL_RULE],

    ["an empty runId", { runId: "" }, "runId", "must be a non-empty string"],
    ["a blank runId", { runId: "  " }, "runId", "must be a non-empty string"],
    ["a numeric runId", { runId: 7 }, "runId", "must be a non-empty string"],

    ["negative retries", { retries: -1 }, "retries", INT],
    ["fractional retries", { retries: 1.5 }, "retries", INT],
    ["NaN retries", { retries: Number.NaN }, "retries", INT],
    ["string retries", { retries: "3" }, "retries", INT],

    ["delay 10x", { delay: "10x" }, "delay", '"10x" is not like "10s", "1.5h" or "1d10h30m"'],
    ["delay -5s", { delay: "-5s" }, "delay", '"-5s" is not like "10s", "1.5h" or "1d10h30m"'],
    ["an empty delay", { delay: "" }, "delay", '"" is not like "10s", "1.5h" or "1d10h30m"'],
    [
      "delay 1.5.2h",
      { delay: "1.5.2h" },
      "delay",
      '"1.5.2h" is not like "10s", "1.5h" or "1d10h30m"',
    ],
    [
      "delay without unit",
      { delay: "10" },
      "delay",
      '"10" is not like "10s", "1.5h" or "1d10h30m"',
    ],
    [
      "a negative number delay",
      { delay: -5 },
      "delay",
      "must be a non-negative finite number of seconds",
    ],
    [
      "a NaN delay",
      { delay: Number.NaN },
      "delay",
      "must be a non-negative finite number of seconds",
    ],
    [
      "an infinite delay",
      { delay: Number.POSITIVE_INFINITY },
      "delay",
      "must be a non-negative finite number of seconds",
    ],

    ["negative notBefore", { notBefore: -1 }, "notBefore", `${INT} (Unix seconds) or a valid Date`],
    [
      "fractional notBefore",
      { notBefore: 1767225600.5 },
      "notBefore",
      `${INT} (Unix seconds) or a valid Date`,
    ],
    [
      "notBefore in ms as a string",
      { notBefore: "1767225600" },
      "notBefore",
      `${INT} (Unix seconds) or a valid Date`,
    ],
    [
      "an invalid Date",
      { notBefore: new Date("nope") },
      "notBefore",
      `${INT} (Unix seconds) or a valid Date`,
    ],
    [
      "a Date before 1970",
      { notBefore: new Date(-5000) },
      "notBefore",
      `${INT} (Unix seconds) or a valid Date`,
    ],

    ["an empty label", { labels: "" }, "labels", BLANK_LABEL],
    ["a blank label", { labels: ["ok", "  "] }, "labels", BLANK_LABEL],
    ["a label with a comma", { labels: "a,b" }, "labels", LABEL_COMMA],
    ["a comma in a list", { labels: ["a", "b,c"] }, "labels", LABEL_COMMA],
    [
      "a label with a line break",
      { labels: "a\nb" },
      "labels",
      "must be a string of Latin-1 characters without line breaks",
    ],

    ["flowControl without key", { flowControl: { rate: 1 } }, "flowControl", "needs a key"],
    [
      "flowControl with a blank key",
      { flowControl: { key: " ", rate: 1 } },
      "flowControl",
      "needs a key",
    ],
    [
      "flowControl without limits",
      { flowControl: { key: "k" } },
      "flowControl",
      "needs parallelism or rate",
    ],
    [
      "a zero parallelism",
      { flowControl: { key: "k", parallelism: 0 } },
      "flowControl",
      "parallelism must be a positive integer",
    ],
    [
      "a negative rate",
      { flowControl: { key: "k", rate: -2 } },
      "flowControl",
      "rate must be a positive integer",
    ],
    [
      "a fractional rate",
      { flowControl: { key: "k", rate: 2.5 } },
      "flowControl",
      "rate must be a positive integer",
    ],
    [
      "period without rate",
      { flowControl: { key: "k", parallelism: 2, period: "1m" } },
      "flowControl",
      "period needs rate",
    ],
    [
      "a bad period",
      { flowControl: { key: "k", rate: 2, period: "1 minute" } },
      "flowControl",
      '"1 minute" is not like "10s", "1.5h" or "1d10h30m"',
    ],
    [
      "a zero period",
      { flowControl: { key: "k", rate: 2, period: 0 } },
      "flowControl",
      "period must be positive",
    ],

    [
      "a failureCallback that is not http",
      { failureCallback: "mailto:ops@example.org" },
      "failureCallback",
      URL_RULE,
    ],
    [
      "a failureCallback with a space",
      { failureCallback: "https://example.org/a b" },
      "failureCallback",
      CALLBACK_RULE,
    ],
    [
      "a failureCallback with an upper-case scheme",
      { failureCallback: "HTTPS://example.org/on-failure" },
      "failureCallback",
      CALLBACK_RULE,
    ],
    [
      "a failureCallback without slashes",
      { failureCallback: "http:example.org" },
      "failureCallback",
      URL_RULE,
    ],
    [
      "a relative failureCallback",
      { failureCallback: { url: "/fail" } },
      "failureCallback",
      URL_RULE,
    ],
    [
      "a failureCallback without url",
      { failureCallback: { headers: { a: "1" } } },
      "failureCallback",
      URL_RULE,
    ],
    [
      "a bad failure-callback header name",
      { failureCallback: { url: WORKFLOW, headers: { "X Reason": "1" } } },
      "failureCallback",
      '"X Reason" is not a valid header name',
    ],
    [
      "a bad failure-callback header value",
      { failureCallback: { url: WORKFLOW, headers: { "X-A": "1\r\nX-B: 2" } } },
      "failureCallback.X-A",
      "must be a string of Latin-1 characters without line breaks",
    ],

    [
      "a forwarded header name with a space",
      { headers: { "X Tenant": "1" } },
      "headers",
      '"X Tenant" is not a valid header name',
    ],
    [
      "a forwarded header name with a colon",
      { headers: { "X-Tenant:": "1" } },
      "headers",
      '"X-Tenant:" is not a valid header name',
    ],
    [
      "an empty forwarded header name",
      { headers: { "": "1" } },
      "headers",
      '"" is not a valid header name',
    ],
    [
      "a non-ASCII forwarded header name",
      { headers: { "X-Übel": "1" } },
      "headers",
      '"X-Übel" is not a valid header name',
    ],
    [
      "a forwarded header value with NUL",
      { headers: { "X-A": "a\0b" } },
      "headers.X-A",
      "must be a string of Latin-1 characters without line breaks",
    ],
    [
      "a forwarded header value beyond Latin-1",
      { headers: { "X-A": "雪" } },
      "headers.X-A",
      "must be a string of Latin-1 characters without line breaks",
    ],

    ["an empty retryDelay", { retryDelay: "" }, "retryDelay", "unexpected end at position 1"],
    [
      "an unknown identifier",
      { retryDelay: "1000 * attempts" },
      "retryDelay",
      'unknown identifier "attempts" at position 8',
    ],
    [
      "an unknown function",
      { retryDelay: "log(retried)" },
      "retryDelay",
      'unknown function "log" at position 1',
    ],
    [
      "a wrong arity",
      { retryDelay: "pow(2)" },
      "retryDelay",
      "pow takes 2 argument(s), got 1 at position 1",
    ],
    ["trailing junk", { retryDelay: "1000 ms" }, "retryDelay", 'unexpected "ms" at position 6'],

    [
      "a body JSON cannot carry",
      { body: () => 1 },
      "body",
      "must be text, bytes or a JSON object (wrap an array or a value in an object)",
    ],
    [
      "a JSON array body (the service takes a JSON object)",
      { body: [1, 2] },
      "body",
      "must be text, bytes or a JSON object (wrap an array or a value in an object)",
    ],
    [
      "a JSON number body",
      { body: 42 },
      "body",
      "must be text, bytes or a JSON object (wrap an array or a value in an object)",
    ],
  ])("rejects %s", async (_, options, field, rule) => {
    const error = await rejection(options);
    expect({ field: error.field, rule: error.rule }).toEqual({ field, rule });
  });

  it("rejects a body JSON.stringify cannot encode before sending", async () => {
    const error = await rejection({ body: { n: 1n } });
    expect(error.field).toBe("body");
    expect(error.rule).toMatch(/^cannot be sent as JSON \(.*BigInt/);
  });

  it("accepts the boundary values", async () => {
    const { client, requests } = setup();
    await client.trigger({
      url: "http://a",
      retries: 0,
      delay: 0,
      notBefore: 0,
      labels: ["x"],
      flowControl: { key: "k", parallelism: 1, rate: 1, period: "1s" },
      headers: { "!#$%&'*+-.^_`|~09azAZ": "Latin-1 é" },
      retryDelay: "0",
    });
    expect(requests).toHaveLength(1);
  });
});
