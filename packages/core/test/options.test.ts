import { describe, expect, it } from "vitest";
import { NotFoundError, RateLimitError, ValidationError } from "../src/index";
import { createTransport } from "./harness";
import { rejection } from "./helpers";

const TOKEN = "tok-options-1";

/** A fetch that answers `response` and keeps each RequestInit it was given. */
function recording(response = () => Response.json({ ok: 1 })) {
  const inits: RequestInit[] = [];
  const fetch = async (_: string, init: RequestInit) => {
    inits.push(init);
    return response();
  };
  return { fetch, inits };
}

describe("the token", () => {
  it.each([
    ["empty", "", "must be a non-empty string"],
    ["not a string", 42, "must be a non-empty string"],
    ["ending in a newline", "abc\n", "must be visible ASCII"],
    ["holding a space", "ab c", "must be visible ASCII"],
    ["holding a tab", "ab\tc", "must be visible ASCII"],
    ["holding a control character", "ab\u0007c", "must be visible ASCII"],
    ["holding a no-break space", "ab\u00a0c", "must be visible ASCII"],
  ])("is refused at construction when %s", (_, token, rule) => {
    const { fetch } = recording();
    const build = () => createTransport({ baseUrl: "https://h", token: token as string, fetch });
    expect(build).toThrow(ValidationError);
    expect(build).toThrow(
      expect.objectContaining({ field: "token", rule: expect.stringContaining(rule) }),
    );
  });

  it("is never quoted by its ValidationError", () => {
    const error = (() => {
      try {
        createTransport({ baseUrl: "https://h", token: "secret\n" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(JSON.stringify(error)).not.toContain("secret");
    expect(error?.message).not.toContain("secret");
  });
});

describe("defaultHeaders", () => {
  it("are sent on every call, and a call's own headers win whatever their case", async () => {
    const { fetch, inits } = recording();
    const send = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch,
      defaultHeaders: { "X-Team": "search" },
    });
    await send({ method: "POST", path: "/q", json: { a: 1 } });
    await send({ method: "GET", path: "/info", headers: { "x-team": "ops" } });
    expect(new Headers(inits[0]?.headers).get("x-team")).toBe("search");
    expect(new Headers(inits[0]?.headers).get("content-type")).toBe("application/json");
    expect(new Headers(inits[1]?.headers).get("x-team")).toBe("ops");
    expect(new Headers(inits[1]?.headers).get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    [{ authorization: "Bearer other" }, "defaultHeaders.authorization"],
    [{ "Content-Type": "text/plain" }, "defaultHeaders.Content-Type"],
    [{ "bad name": "x" }, "defaultHeaders.bad name"],
    [{ "x-a": "line\r\nbreak" }, "defaultHeaders.x-a"],
    [{ "x-a": 1 }, "defaultHeaders.x-a"],
    [["x-a", "1"], "defaultHeaders"],
  ])("refuses %j", (defaultHeaders, field) => {
    const build = () =>
      createTransport({
        baseUrl: "https://h",
        token: TOKEN,
        defaultHeaders: defaultHeaders as unknown as Record<string, string>,
      });
    expect(build).toThrow(expect.objectContaining({ name: "ValidationError", field }));
  });
});

describe("fetchOptions", () => {
  it("go to fetch on every call; keepalive is never set by default", async () => {
    const { fetch, inits } = recording();
    const plain = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
    await plain({ method: "GET", path: "/info" });
    expect(inits[0]).not.toHaveProperty("keepalive");
    const dispatcher = { name: "a runtime's own option" };
    const tuned = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch,
      fetchOptions: { keepalive: true, cache: "no-store", dispatcher },
    });
    await tuned({ method: "GET", path: "/info" });
    expect(inits[1]).toMatchObject({
      keepalive: true,
      cache: "no-store",
      dispatcher,
      redirect: "manual",
    });
  });

  it.each(["method", "headers", "body", "signal", "redirect"])(
    "refuses %s, which the client sets itself",
    (field) => {
      const build = () =>
        createTransport({ baseUrl: "https://h", token: TOKEN, fetchOptions: { [field]: "x" } });
      expect(build).toThrow(
        expect.objectContaining({ name: "ValidationError", field: `fetchOptions.${field}` }),
      );
    },
  );
});

describe("RateLimitError.retryAfterMs", () => {
  const rateLimited = async (headers: Record<string, string>) => {
    const fetch = async () => Response.json({ error: "slow down" }, { status: 429, headers });
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch, maxRetries: 0 });
    return rejection<RateLimitError>(send({ method: "GET", path: "/" }));
  };

  it("is the service's Retry-After, in seconds or as a date", async () => {
    const seconds = await rateLimited({ "retry-after": "7" });
    expect(seconds).toBeInstanceOf(RateLimitError);
    expect(seconds.retryAfterMs).toBe(7000);
    const date = await rateLimited({ "retry-after": new Date(Date.now() + 120_000).toUTCString() });
    expect(date.retryAfterMs).toBeGreaterThan(100_000);
    expect(date.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it("is at most a day, which setTimeout can wait, however far the service points", async () => {
    // 99999999 s is three years; setTimeout fires at once past 2^31 - 1 ms (24.8 days).
    expect((await rateLimited({ "retry-after": "99999999" })).retryAfterMs).toBe(86_400_000);
    expect((await rateLimited({ "retry-after": "9".repeat(400) })).retryAfterMs).toBe(86_400_000);
    const farDate = new Date(Date.now() + 400 * 86_400_000).toUTCString();
    expect((await rateLimited({ "retry-after": farDate })).retryAfterMs).toBe(86_400_000);
    expect((await rateLimited({ "retry-after": "86400" })).retryAfterMs).toBe(86_400_000);
    expect((await rateLimited({ "retry-after": "86399" })).retryAfterMs).toBe(86_399_000);
  });

  it("is undefined when the service did not say, or said nonsense", async () => {
    expect((await rateLimited({})).retryAfterMs).toBeUndefined();
    expect((await rateLimited({ "retry-after": "soon" })).retryAfterMs).toBeUndefined();
  });
});

describe("hints", () => {
  it("fit the service: a client passes its own per status", async () => {
    const fetch = async () => Response.json({ error: "no such route" }, { status: 404 });
    const plain = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
    const generic = await rejection(plain({ method: "GET", path: "/" }));
    expect(generic).toBeInstanceOf(NotFoundError);
    expect(generic.message).toBe("404 no such route. Check the client's URL and the path.");
    expect(generic.message).not.toContain("namespace");
    const vector = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch,
      hints: { 404: "Check the index URL and the namespace." },
    });
    const specific = await rejection(vector({ method: "GET", path: "/" }));
    expect(specific.message).toBe("404 no such route. Check the index URL and the namespace.");
  });
});
