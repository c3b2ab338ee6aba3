// The call chain: a policy passes it once per call, the methods' and `api`'s alike; and an
// openapi-fetch middleware object, adapted into one policy, behaves on a method's call as
// it does on openapi-fetch itself (checked side by side with openapi-fetch's own client).
import createClient, { type Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import type { ChainRequest, Next, Policy } from "../src/index";
import type { paths } from "./fixtures/empty-answers";
import { createClientCore } from "./harness";

const TOKEN = "chain-token-secret-42";
const BASE = "https://h.example";

/** A fetch that answers each call with the next of `answers` (the last one repeats). */
function answering(...answers: (() => Response)[]) {
  const sent: Request[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push(new Request(url, init));
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === undefined) throw new TypeError("fetch failed");
    return answer();
  };
  return { fetch, sent };
}

const items = () => Response.json([{ id: "a" }]);

describe("a policy given to use()", () => {
  it("runs once for a method's call and once for an api call, in the order added", async () => {
    const { fetch, sent } = answering(items);
    const core = createClientCore<paths>({ baseUrl: BASE, token: TOKEN, fetch, maxRetries: 0 });
    const order: string[] = [];
    const named =
      (name: string): Policy =>
      async (request, next) => {
        order.push(`${name} ${request.method} ${request.template}`);
        return next(request);
      };
    core.use(named("first"), named("second"));
    await core.call(core.operation("Items.list", "get", "/items"), {}, undefined);
    await core.api.GET("/items");
    expect(order).toEqual([
      "first GET /items",
      "second GET /items",
      "first GET /items",
      "second GET /items",
    ]);
    expect(sent).toHaveLength(2);
  });

  it("can answer the call without calling next: nothing is sent", async () => {
    const { fetch, sent } = answering(items);
    const core = createClientCore<paths>({ baseUrl: BASE, token: TOKEN, fetch });
    const cached: Policy = async () => Response.json([{ id: "cached" }]);
    core.use(cached);
    const list = core.operation("Items.list", "get", "/items");
    expect(await core.call(list, {}, undefined)).toEqual([{ id: "cached" }]);
    expect((await core.api.GET("/items")).data).toEqual([{ id: "cached" }]);
    expect(sent).toHaveLength(0);
  });

  it("sees no token, runs outside the retries, and its change to the request is sent", async () => {
    const busy = () =>
      Response.json({ error: "busy" }, { status: 503, headers: { "retry-after": "0" } });
    const { fetch, sent } = answering(busy, items);
    const core = createClientCore<paths>({ baseUrl: BASE, token: TOKEN, fetch, maxRetries: 1 });
    const seen: ChainRequest[] = [];
    core.use(async (request: ChainRequest, next: Next) => {
      seen.push(request);
      request.headers.set("x-request-id", "r-1");
      return next(request);
    });
    await core.call(core.operation("Items.list", "get", "/items"), {}, undefined);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.has("authorization")).toBe(false);
    expect(sent.map((request) => request.headers.get("x-request-id"))).toEqual(["r-1", "r-1"]);
    expect(sent.map((request) => request.headers.get("authorization"))).toEqual([
      `Bearer ${TOKEN}`,
      `Bearer ${TOKEN}`,
    ]);
  });

  it("gets an answer whose body it can read, and the call still reads it", async () => {
    const { fetch } = answering(items);
    const core = createClientCore<paths>({ baseUrl: BASE, token: TOKEN, fetch });
    const bodies: unknown[] = [];
    core.use(async (request, next) => {
      const response = await next(request);
      bodies.push(await response.clone().json());
      return response;
    });
    expect(await core.call(core.operation("Items.list", "get", "/items"), {}, undefined)).toEqual([
      { id: "a" },
    ]);
    expect(bodies).toEqual([[{ id: "a" }]]);
  });

  it("is taken off by eject(), as an adapted middleware object is", async () => {
    const { fetch } = answering(items);
    const core = createClientCore<paths>({ baseUrl: BASE, token: TOKEN, fetch });
    const calls: string[] = [];
    const policy: Policy = (request, next) => {
      calls.push("policy");
      return next(request);
    };
    const middleware: Middleware = { onRequest: () => void calls.push("middleware") };
    core.use(policy, middleware);
    const list = core.operation("Items.list", "get", "/items");
    await core.call(list, {}, undefined);
    core.eject(policy, middleware);
    await core.call(list, {}, undefined);
    expect(calls).toEqual(["policy", "middleware"]);
  });
});

/** What one side of the comparison records: each hook, what it saw, and the call's end. */
type Log = string[];

/**
 * A set of middleware written for openapi-fetch: request, response and error hooks; one
 * that returns a new Request; one that can answer with a Response.
 */
function middlewareSet(log: Log, answerEarly: boolean): Middleware[] {
  const stamp: Middleware = {
    onRequest({ request, schemaPath }) {
      log.push(`stamp.onRequest ${request.method} ${new URL(request.url).pathname} ${schemaPath}`);
      request.headers.set("x-stamp", "1");
    },
    onResponse({ request, response }) {
      log.push(`stamp.onResponse ${response.status} stamp=${request.headers.get("x-stamp")}`);
    },
    onError({ error }) {
      log.push(`stamp.onError ${error instanceof Error}`);
    },
  };
  const replace: Middleware = {
    onRequest({ request }) {
      log.push(`replace.onRequest stamp=${request.headers.get("x-stamp")}`);
      const replaced = new Request(request);
      replaced.headers.set("x-replaced", "yes");
      return replaced;
    },
    onResponse({ response }) {
      log.push(`replace.onResponse ${response.status}`);
      return Response.json([{ id: "rewritten" }], { status: response.status });
    },
    onError() {
      log.push("replace.onError");
      return Response.json([{ id: "recovered" }]);
    },
  };
  const early: Middleware = {
    onRequest({ request }) {
      log.push(`early.onRequest replaced=${request.headers.get("x-replaced")}`);
      return answerEarly ? Response.json([{ id: "early" }]) : undefined;
    },
    onResponse() {
      log.push("early.onResponse");
    },
  };
  return [stamp, replace, early];
}

/** Runs one GET /items through openapi-fetch's own client with `middleware`. */
async function throughOpenapiFetch(
  fetch: (request: Request) => Promise<Response>,
  log: Log,
  answerEarly: boolean,
) {
  const api = createClient<paths>({ baseUrl: BASE, fetch });
  api.use(...middlewareSet(log, answerEarly));
  const { data } = await api.GET("/items");
  log.push(`data ${JSON.stringify(data)}`);
}

/** Runs one call of a method (the core's operation path) with the same middleware. */
async function throughMethods(
  fetch: (url: string, init: RequestInit) => Promise<Response>,
  log: Log,
  answerEarly: boolean,
) {
  const core = createClientCore<paths>({ baseUrl: BASE, token: TOKEN, fetch, maxRetries: 0 });
  core.use(...middlewareSet(log, answerEarly));
  const data = await core.call(core.operation("Items.list", "get", "/items"), {}, undefined);
  log.push(`data ${JSON.stringify(data)}`);
}

describe("openapi-fetch middleware on a method's call", () => {
  it("an onError hears of what the request failed with, never of a later hook's throw", async () => {
    const { fetch } = answering(items);
    const core = createClientCore<paths>({ baseUrl: BASE, token: TOKEN, fetch });
    const heard: unknown[] = [];
    core.use(
      { onError: ({ error }) => void heard.push(error) },
      {
        onRequest: () => {
          throw new Error("m1");
        },
      },
    );
    const list = core.operation("Items.list", "get", "/items");
    await expect(core.call(list, {}, undefined)).rejects.toThrow("m1");
    expect(heard).toEqual([]);
  });

  it.each([
    ["a 2xx", false, false],
    ["a failed fetch, recovered by onError", true, false],
    ["an onRequest that answers with a Response", false, true],
  ])("behaves as on openapi-fetch: %s", async (_, fails, answerEarly) => {
    const answer = () => {
      if (fails) throw new TypeError("fetch failed");
      return Response.json([{ id: "a" }]);
    };
    const theirs: Log = [];
    const theirSent: Request[] = [];
    await throughOpenapiFetch(
      async (request) => {
        theirSent.push(request);
        return answer();
      },
      theirs,
      answerEarly,
    );
    const ours: Log = [];
    const ourSent: Request[] = [];
    await throughMethods(
      async (url, init) => {
        ourSent.push(new Request(url, init));
        return answer();
      },
      ours,
      answerEarly,
    );
    expect(ours).toEqual(theirs);
    const shown = (request: Request) =>
      `${request.method} ${request.url} stamp=${request.headers.get("x-stamp")} replaced=${request.headers.get("x-replaced")}`;
    expect(ourSent.map(shown)).toEqual(theirSent.map(shown));
  });
});
