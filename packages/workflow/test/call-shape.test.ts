// The call shape of trigger: its request, then optional RequestOptions; unknown keys are
// ValidationErrors with a "did you mean"; bad input rejects, never throws.
import { describe, expect, it } from "vitest";
import { ValidationError, WorkflowClient } from "../src/index";
import { RESULT, setup, TOKEN, WORKFLOW } from "./helpers";

const loose = (value: unknown) => value as never;

/** What `call`'s promise rejected with; a synchronous throw fails the test. */
async function rejection(call: () => PromiseLike<unknown>): Promise<ValidationError> {
  let promise: PromiseLike<unknown>;
  try {
    promise = call();
  } catch (error) {
    throw new Error(`threw synchronously instead of rejecting: ${String(error)}`);
  }
  const error = await Promise.resolve(promise).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ValidationError))
    throw new Error(`expected a ValidationError, got ${error}`);
  return error;
}

describe("trigger's unknown keys", () => {
  it.each([
    [{ url: WORKFLOW, retry: 3 }, 'trigger: unknown option "retry" (did you mean "retries"?)'],
    [{ url: WORKFLOW, delays: "10s" }, 'trigger: unknown option "delays" (did you mean "delay"?)'],
    [{ url: WORKFLOW, runid: "r" }, 'trigger: unknown option "runid" (did you mean "runId"?)'],
    [{ url: WORKFLOW, label: "x" }, 'trigger: unknown option "label" (did you mean "labels"?)'],
    [{ url: WORKFLOW, signal: AbortSignal.abort() }, 'trigger: unknown option "signal"'],
    [
      { url: WORKFLOW, flowControl: { key: "k", rate: 1, perod: "1m" } },
      'trigger flowControl: unknown option "perod" (did you mean "period"?)',
    ],
    [
      { url: WORKFLOW, failureCallback: { url: WORKFLOW, header: {} } },
      'trigger failureCallback: unknown option "header" (did you mean "headers"?)',
    ],
  ])("%j is rejected before sending", async (request, message) => {
    const { client, requests } = setup();
    const error = await rejection(() => client.trigger(loose(request)));
    expect(error.message).toBe(message);
    expect(requests).toHaveLength(0);
  });

  it.each([
    [{ url: WORKFLOW, retry: 3 }, "retry"],
    [{ url: WORKFLOW, flowControl: { key: "k", perod: "1m" } }, "flowControl.perod"],
    [{ url: WORKFLOW, failureCallback: { url: WORKFLOW, header: {} } }, "failureCallback.header"],
  ])("%j names the unknown key itself as the error's field", async (request, field) => {
    const { client } = setup();
    const error = await rejection(() => client.trigger(loose(request)));
    expect(error.field).toBe(field);
  });

  it("rejects a misspelt call option", async () => {
    const { client, requests } = setup();
    const error = await rejection(() => client.trigger({ url: WORKFLOW }, loose({ signl: 1 })));
    expect(error.message).toBe('trigger options: unknown option "signl" (did you mean "signal"?)');
    expect(requests).toHaveLength(0);
  });

  it("rejects an unknown constructor option, naming the one meant", () => {
    expect(() => new WorkflowClient(loose({ token: TOKEN, baseURL: "http://127.0.0.1" }))).toThrow(
      'WorkflowClient: unknown option "baseURL" (did you mean "baseUrl"?)',
    );
  });
});

describe("trigger reports bad input by rejecting", () => {
  it.each([
    ["no request", undefined, "trigger"],
    ["a string request", WORKFLOW, "trigger"],
    ["no url", {}, "url"],
    ["notBefore in milliseconds", { url: WORKFLOW, notBefore: 1_763_776_800_000 }, "notBefore"],
    [
      "a contentType the spec does not list",
      { url: WORKFLOW, body: "x", contentType: "text/csv" },
      "contentType",
    ],
  ])("%s", async (_, request, field) => {
    const { client, requests } = setup();
    const error = await rejection(() => client.trigger(loose(request)));
    expect(error.field).toBe(field);
    expect(requests).toHaveLength(0);
  });

  it("says a notBefore in milliseconds looks like milliseconds", async () => {
    const { client } = setup();
    const error = await rejection(() => client.trigger({ url: WORKFLOW, notBefore: 1e11 + 1 }));
    expect(error.rule).toBe(
      "100000000001 looks like milliseconds; give Unix seconds (Math.ceil(ms / 1000)) or a Date",
    );
    await expect(client.trigger({ url: WORKFLOW, notBefore: 1e11 })).resolves.toEqual(RESULT);
  });

  it("takes a contentType with parameters when its media type is one of the three", async () => {
    const { client, only } = setup();
    await client.trigger({ url: WORKFLOW, body: "x", contentType: "text/plain; charset=utf-8" });
    expect(only().headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });
});

describe("baseUrl", () => {
  it.each([
    ["http://127.0.0.1:8080/v2/trigger", "/v2/trigger", "http://127.0.0.1:8080"],
    ["http://127.0.0.1:8080/proxy/v2/trigger/", "/v2/trigger/", "http://127.0.0.1:8080/proxy"],
    ["http://127.0.0.1:8080/v2", "/v2", "http://127.0.0.1:8080"],
  ])("refuses %s, saying to drop %s", (baseUrl, appended, kept) => {
    expect(() => new WorkflowClient({ token: TOKEN, baseUrl })).toThrow(
      `baseUrl: "${baseUrl}" already ends in "${appended}", which the client appends itself; drop it: "${kept}"`,
    );
  });

  it("quotes the URL without its query, where a token could be", () => {
    const error = (() => {
      try {
        new WorkflowClient({ token: TOKEN, baseUrl: `http://127.0.0.1/v2?svc_token=${TOKEN}` });
      } catch (thrown) {
        return thrown as Error;
      }
    })();
    expect(error?.message).toContain('"http://127.0.0.1/v2"');
    expect(error?.message).not.toContain(TOKEN);
  });
});

describe("call options", () => {
  it("keeps signal out of the request and resolves withResponse() to data and response", async () => {
    const { client, only } = setup();
    const { data, response } = await client
      .trigger(
        { url: WORKFLOW, body: { a: 1 } },
        { signal: new AbortController().signal, timeoutMs: 1000 },
      )
      .withResponse();
    expect(data).toEqual(RESULT);
    expect(response.status).toBe(200);
    expect(await only().text()).toBe('{"a":1}');
  });

  it("sends per-call headers, which cannot replace a Svc-* option", async () => {
    const { client, only } = setup();
    await client.trigger(
      { url: WORKFLOW, retries: 2 },
      { headers: { "x-request-id": "r-1", "svc-retries": "9" } },
    );
    expect(only().headers.get("x-request-id")).toBe("r-1");
    expect(only().headers.get("svc-retries")).toBe("2");
  });
});
