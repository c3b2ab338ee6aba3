// The call pipeline where its parts meet: openapi-fetch's `api`, the methods' own path,
// one middleware list for both, and what a caller can see of the response. (The defects
// where `api` and middleware met are tested through a client: vector's api-middleware.)
import type { Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { ApiPromise } from "../src/index";
import type { paths } from "./fixtures/empty-answers";
import { createClientCore } from "./harness";

const TOKEN = "pipeline-token-secret-42";
const BASE = "https://h.example";

/**
 * A fetch that answers `answer` and, as a runtime's fetch does, names the URL it was sent
 * to (token and all) in `response.url`; it records what it was sent.
 */
function answering(answer: () => Response = () => Response.json([{ id: "a" }])) {
  const sent: Request[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push(new Request(url, init));
    const response = answer();
    Object.defineProperty(response, "url", { value: url });
    return response;
  };
  return { fetch, sent };
}

function client(fetch: ReturnType<typeof answering>["fetch"], tokenIn?: "query") {
  const core = createClientCore<paths>({
    baseUrl: BASE,
    token: TOKEN,
    fetch,
    ...(tokenIn ? { tokenIn, tokenQueryParam: "svc_token" } : {}),
  });
  const list = core.operation("Items.list", "get", "/items");
  return { core, list: () => core.call(list, {}, undefined) };
}

describe("use() on the client", () => {
  it("reaches api, and eject() takes it off both", async () => {
    const { fetch } = answering();
    const { core, list } = client(fetch);
    const calls: string[] = [];
    const named: Middleware = {
      onRequest: ({ schemaPath }) => {
        calls.push(schemaPath);
      },
    };
    core.use(named);
    await list();
    await core.api.GET("/items");
    core.eject(named);
    await list();
    await core.api.GET("/items");
    expect(calls).toEqual(["/items", "/items"]);
  });
});

describe("the response a caller receives", () => {
  it("withResponse(): its url has no query token", async () => {
    const { fetch, sent } = answering();
    const { list } = client(fetch, "query");
    const { response } = await list().withResponse();
    expect(sent[0]?.url).toContain(`svc_token=${TOKEN}`);
    expect(response.url).toBe(`${BASE}/items`);
  });

  it("asResponse(): the response with its body unread, its url without the token", async () => {
    const { fetch } = answering();
    const { list } = client(fetch, "query");
    const response = await list().asResponse();
    expect(response.bodyUsed).toBe(false);
    expect(response.url).toBe(`${BASE}/items`);
    expect(await response.json()).toEqual([{ id: "a" }]);
  });

  it("asResponse() through middleware: still unread, and the middleware saw it", async () => {
    const { fetch } = answering();
    const { core, list } = client(fetch, "query");
    const statuses: number[] = [];
    core.use({ onResponse: ({ response }) => void statuses.push(response.status) });
    const response = await list().asResponse();
    expect(statuses).toEqual([200]);
    expect(response.url).not.toContain(TOKEN);
    expect(await response.json()).toEqual([{ id: "a" }]);
  });

  it("headers that echo the token come redacted, on a 2xx too", async () => {
    const { fetch } = answering(() =>
      Response.json([], { headers: { "x-echo": `Bearer ${TOKEN}` } }),
    );
    const { list } = client(fetch);
    const { response } = await list().withResponse();
    expect(response.headers.get("x-echo")).toBe("Bearer [redacted]");
  });

  it("a header that echoes the token base64-encoded, as Basic user:token, comes redacted on a 2xx", async () => {
    const basic = `Basic ${Buffer.from(`user:${TOKEN}`).toString("base64")}`;
    const { fetch } = answering(() => Response.json([], { headers: { "x-echo": basic } }));
    const { list } = client(fetch);
    const { response } = await list().withResponse();
    const echoed = response.headers.get("x-echo") ?? "";
    expect(echoed).toContain("[redacted]");
    expect(echoed).not.toContain(basic.slice(12, -2));
  });
});

describe("middleware on a method's call", () => {
  it("sees a standard Request without the token; its header changes are sent", async () => {
    const { fetch, sent } = answering();
    const { core, list } = client(fetch);
    const seen: Request[] = [];
    core.use({
      onRequest: ({ request }) => {
        seen.push(request);
        request.headers.set("x-request-id", "r-1");
      },
    });
    await list();
    expect(seen[0]?.headers.has("authorization")).toBe(false);
    expect(sent[0]?.headers.get("x-request-id")).toBe("r-1");
    expect(sent[0]?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("a Response from onRequest is the call's answer, and nothing is sent", async () => {
    const { fetch, sent } = answering();
    const { core, list } = client(fetch);
    core.use({ onRequest: () => Response.json([{ id: "cached" }]) });
    expect(await list()).toEqual([{ id: "cached" }]);
    expect(sent).toHaveLength(0);
  });
});

describe("the request middleware sees", () => {
  /** A fetch that keeps the headers it was given. */
  function recordingInit() {
    const sent: Headers[] = [];
    const fetch = async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return Response.json([{ id: "a" }]);
    };
    return { fetch, sent };
  }

  it("a middleware that only looks: the call is sent as one without it", async () => {
    const plain = recordingInit();
    await client(plain.fetch).list();
    const { fetch, sent } = recordingInit();
    const { core, list } = client(fetch);
    const statuses: number[] = [];
    const paths: string[] = [];
    core.use({
      onRequest: ({ schemaPath }) => {
        paths.push(schemaPath);
      },
      onResponse: ({ response }) => {
        statuses.push(response.status);
      },
    });
    await list();
    expect(paths).toEqual(["/items"]);
    expect(statuses).toEqual([200]);
    expect([...(sent[0] ?? [])]).toEqual([...(plain.sent[0] ?? [])]);
    expect(sent[0]?.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("a header set in onRequest on the Request it was given is sent", async () => {
    const { fetch, sent } = recordingInit();
    const { core, list } = client(fetch);
    core.use({
      onRequest: (params) => {
        params.request.headers.set("x-request-id", "r-2");
      },
    });
    await list();
    expect(sent[0]?.get("x-request-id")).toBe("r-2");
    expect(sent[0]?.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("returning the request it was given is no replacement: its change is sent", async () => {
    const { fetch, sent } = recordingInit();
    const { core, list } = client(fetch);
    core.use({
      onRequest: ({ request }) => {
        request.headers.set("x-returned", "yes");
        return request;
      },
    });
    await list();
    expect(sent[0]?.get("x-returned")).toBe("yes");
  });

  it("with the token in the query: the response and the request onResponse reads hold no token", async () => {
    const { fetch, sent } = answering();
    const { core, list } = client(fetch, "query");
    const late: Request[] = [];
    core.use({
      onResponse: ({ request }) => {
        late.push(request);
      },
    });
    const { response } = await list().withResponse();
    // The token went on the wire, and nowhere the caller or the middleware can see it.
    expect(sent[0]?.url).toContain(`svc_token=${TOKEN}`);
    expect(response.url).toBe(`${BASE}/items`);
    expect(late[0]?.url).toBe(`${BASE}/items`);
  });

  it("read only in onResponse and onError: without the token", async () => {
    const { fetch } = recordingInit();
    const { core, list } = client(fetch);
    const seen: Request[] = [];
    const reader = {
      onResponse: ({ request }: { request: Request }) => {
        seen.push(request);
      },
    };
    core.use(reader);
    await list();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(`${BASE}/items`);
    expect(seen[0]?.headers.has("authorization")).toBe(false);

    const failing = client(async () => {
      throw new TypeError("fetch failed");
    });
    const errors: Request[] = [];
    failing.core.use({
      onError: ({ request }) => {
        errors.push(request);
        return Response.json([{ id: "recovered" }]);
      },
    });
    expect(await failing.list()).toEqual([{ id: "recovered" }]);
    expect(errors[0]?.url).toBe(`${BASE}/items`);
    expect(errors[0]?.headers.has("authorization")).toBe(false);
  });
});

describe("ApiPromise.map", () => {
  it("applies every transform in order, in one step, and keeps the response", async () => {
    const response = new Response(null, { status: 202 });
    const mapped = ApiPromise.resolved(2, response)
      .map((n) => n + 1)
      .map((n, r) => `${n * 10} ${r.status}`);
    expect(await mapped).toBe("30 202");
    expect(await mapped.withResponse()).toEqual({ data: "30 202", response });
    expect(await mapped.asResponse()).toBe(response);
  });
});

describe("a trace without `attempted`", () => {
  it("still marks every attempt's own headers and ends once", async () => {
    const answers = [
      () => Response.json({ error: "busy" }, { status: 503, headers: { "retry-after": "0" } }),
      () => Response.json([{ id: "a" }]),
    ];
    const sent: Headers[] = [];
    const fetch = async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return (answers.shift() ?? answers[0])?.() ?? Response.json([]);
    };
    const ends: (number | undefined)[] = [];
    const core = createClientCore<paths>({
      baseUrl: BASE,
      token: TOKEN,
      fetch,
      tracing: {
        startCall: () => ({
          attempt(attempt, headers) {
            headers["x-attempt"] = String(attempt);
          },
          end(status) {
            ends.push(status);
          },
        }),
      },
    });
    const list = core.operation("Items.list", "get", "/items");
    expect(await core.call(list, {}, undefined)).toEqual([{ id: "a" }]);
    expect(sent.map((headers) => headers.get("x-attempt"))).toEqual(["1", "2"]);
    expect(ends).toEqual([200]);
  });
});
