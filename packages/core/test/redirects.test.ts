import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../src/index";
import { createTransport } from "./harness";
import { type Hostile, hostileServer, rejection } from "./helpers";

// Over real sockets: a service that redirects gets an ApiError naming where it pointed,
// and the other origin is never reached, whatever the status and wherever the token is.

const TOKEN = "tok/redirect+1";
const servers: Hostile[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(handle: Parameters<typeof hostileServer>[0]): Promise<Hostile> {
  const server = await hostileServer(handle);
  servers.push(server);
  return server;
}

describe.each([301, 302, 303, 307, 308])("a %i redirect", (status) => {
  it.each(["header", "query"] as const)(
    "is an ApiError, never followed (token in %s)",
    async (tokenIn) => {
      const elsewhere = await start((_, response) => response.end("{}"));
      const service = await start((request, response) => {
        // Keeps the query, as a careless proxy does: with tokenIn "query" it holds the token.
        const query = request.url?.split("?")[1] ?? "";
        response.writeHead(status, { location: `${elsewhere.url}/v2/other?${query}` });
        response.end();
      });
      const send = createTransport({
        baseUrl: service.url,
        token: TOKEN,
        tokenIn,
        tokenQueryParam: "svc_token",
      });
      const error = await rejection(send({ method: "POST", path: "/v2/trigger", json: { a: 1 } }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(status);
      expect(elsewhere.requests).toHaveLength(0);
      expect(service.requests).toHaveLength(1);
      const where =
        tokenIn === "query"
          ? `${elsewhere.url}/v2/other?svc_token=[redacted]`
          : `${elsewhere.url}/v2/other?`;
      expect(error.message).toBe(
        `${status} The service redirected POST ${service.url}/v2/trigger to ${where}; ` +
          "redirects are not followed, so nothing was sent there. " +
          "Point the client at the address the service answers at.",
      );
      expect(error.headers.get("location")).toBe(where);
    },
  );
});

describe("an opaque redirect (a browser's answer to redirect: manual)", () => {
  it("says the browser hides where it pointed", async () => {
    const opaque = new Response(null, { status: 200 });
    // A browser's opaque redirect has type "opaqueredirect" and status 0, which no
    // Response constructor can make.
    Object.defineProperties(opaque, {
      type: { value: "opaqueredirect" },
      status: { value: 0 },
      ok: { value: false },
    });
    const fetch = async () => opaque;
    const send = createTransport({ baseUrl: "https://h.example", token: TOKEN, fetch });
    const error = await rejection(send({ method: "GET", path: "/info" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toContain("The service redirected GET https://h.example/info");
    expect(error.message).toContain("The browser hides where it pointed (an opaque redirect)");
  });

  it("is asked for on every call: redirect is manual", async () => {
    const seen: RequestInit[] = [];
    const fetch = async (_: string, init: RequestInit) => {
      seen.push(init);
      return Response.json({});
    };
    const send = createTransport({ baseUrl: "https://h.example", token: TOKEN, fetch });
    await send({ method: "GET", path: "/info" });
    expect(seen[0]?.redirect).toBe("manual");
  });
});
