// An optional field given as `undefined` is the field left out, everywhere: in the client's
// options, in the trigger request (flow control and failure callback included) and in the
// call's options. Nothing is refused and nothing of it is sent: the trigger sends exactly
// what the same trigger without those fields sends. (Under `exactOptionalPropertyTypes` the
// types take `undefined` too; test/types checks that.)
import { describe, expect, it } from "vitest";
import {
  type RequestOptions,
  type TriggerRequest,
  WorkflowClient,
  type WorkflowClientOptions,
} from "../src/index";
import { recordingFetch, TOKEN, WORKFLOW } from "./helpers";

/** Each key of `T` but `Kept`, as `undefined`: the compiler refuses a list missing a key. */
type AllUndefined<T, Kept extends keyof T = never> = { [K in Exclude<keyof T, Kept>]-?: undefined };

/** Every client option but `token` and `fetch`, each `undefined`. */
const UNDEFINED_CLIENT_OPTIONS = {
  maxRetries: undefined,
  timeoutMs: undefined,
  fetchOptions: undefined,
  defaultHeaders: undefined,
  logger: undefined,
  logLevel: undefined,
  tracing: undefined,
  baseUrl: undefined,
  region: undefined,
  tokenIn: undefined,
  maxResponseBytes: undefined,
} satisfies AllUndefined<WorkflowClientOptions, "token" | "fetch">;

/** Every optional field of a trigger, each `undefined`. */
const UNDEFINED_TRIGGER_FIELDS = {
  body: undefined,
  contentType: undefined,
  runId: undefined,
  headers: undefined,
  retries: undefined,
  delay: undefined,
  notBefore: undefined,
  labels: undefined,
  flowControl: undefined,
  failureCallback: undefined,
  retryDelay: undefined,
} satisfies AllUndefined<TriggerRequest, "url">;

const NO_OPTIONS = {
  signal: undefined,
  timeoutMs: undefined,
  maxRetries: undefined,
  headers: undefined,
  maxResponseBytes: undefined,
} satisfies AllUndefined<RequestOptions>;

async function sent(request: Request) {
  return {
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body: await request.text(),
  };
}

describe("an optional field given as undefined is a field left out", () => {
  it("sends a trigger exactly as without those fields, refusing none", async () => {
    const plain = recordingFetch();
    await new WorkflowClient({ token: TOKEN, fetch: plain.fetch }).trigger({
      url: WORKFLOW,
      body: { order: 1 },
      flowControl: { key: "user-1", rate: 2 },
      failureCallback: { url: "https://example.org/failed" },
    });
    const loose = recordingFetch();
    await new WorkflowClient({
      token: TOKEN,
      fetch: loose.fetch,
      ...UNDEFINED_CLIENT_OPTIONS,
    }).trigger(
      {
        url: WORKFLOW,
        ...UNDEFINED_TRIGGER_FIELDS,
        body: { order: 1 },
        flowControl: { key: "user-1", rate: 2, parallelism: undefined, period: undefined },
        failureCallback: { url: "https://example.org/failed", headers: undefined },
      },
      NO_OPTIONS,
    );
    const [expected] = plain.requests;
    const [actual] = loose.requests;
    if (!expected || !actual) throw new Error("a trigger sent nothing");
    expect(await sent(actual)).toEqual(await sent(expected));
  });

  it("sends a trigger with only its url as without the undefined fields", async () => {
    const plain = recordingFetch();
    await new WorkflowClient({ token: TOKEN, fetch: plain.fetch }).trigger({ url: WORKFLOW });
    const loose = recordingFetch();
    await new WorkflowClient({ token: TOKEN, fetch: loose.fetch }).trigger({
      url: WORKFLOW,
      ...UNDEFINED_TRIGGER_FIELDS,
    });
    const [expected] = plain.requests;
    const [actual] = loose.requests;
    if (!expected || !actual) throw new Error("a trigger sent nothing");
    expect(await sent(actual)).toEqual(await sent(expected));
  });

  it("fromEnv: an undefined option keeps what the environment says", async () => {
    const { fetch, requests } = recordingFetch();
    const env = { WORKFLOW_TOKEN: TOKEN, WORKFLOW_URL: "http://127.0.0.1:8080" };
    const client = WorkflowClient.fromEnv(env, {
      fetch,
      token: undefined,
      ...UNDEFINED_CLIENT_OPTIONS,
    });
    await client.trigger({ url: WORKFLOW });
    expect(requests[0]?.url.startsWith("http://127.0.0.1:8080/v2/trigger/")).toBe(true);
    expect(requests[0]?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });
});
