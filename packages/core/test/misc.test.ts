import { describe, expect, it } from "vitest";
// The retry policy is internal to the transport; its rules are tested here directly.
import { isRetryableStatus, retryDelayMs } from "../src/chain/retry";
import { retryAfterMs } from "../src/chain/retry-after";
import { ValidationError } from "../src/index";
import { httpUrl, readEnv } from "../src/internal";

describe("retryDelayMs", () => {
  it("doubles from 0.5 s to an 8 s cap with at most 25% jitter", () => {
    for (const [retry, full] of [
      [0, 500],
      [1, 1000],
      [3, 4000],
      [4, 8000],
      [10, 8000],
    ] as const) {
      const ms = retryDelayMs(retry);
      expect(ms).toBeLessThanOrEqual(full);
      expect(ms).toBeGreaterThanOrEqual(full * 0.75);
    }
  });
  it("honours Retry-After in seconds and as an HTTP date, up to 60 s", () => {
    expect(retryDelayMs(0, retryAfterMs(new Headers({ "retry-after": "3" })))).toBe(3000);
    const date = new Date(Date.now() + 10_000).toUTCString();
    const ms = retryDelayMs(0, retryAfterMs(new Headers({ "retry-after": date })));
    expect(ms).toBeGreaterThan(8000);
    expect(ms).toBeLessThanOrEqual(10_000);
    // Past 60 s (a broken header's three years too) the loop backs off as usual instead.
    for (const asked of ["120", "99999999"]) {
      const ms = retryDelayMs(0, retryAfterMs(new Headers({ "retry-after": asked })));
      expect(ms).toBeLessThanOrEqual(500);
    }
  });
  it("retries only statuses another attempt can fix", () => {
    expect([408, 409, 429, 500, 502, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 404, 422].some(isRetryableStatus)).toBe(false);
  });
});

describe("readEnv", () => {
  it("reads the given env, trims, and treats blanks as missing", () => {
    expect(readEnv("A", { A: " x " })).toBe("x");
    expect(readEnv("A", { A: " " })).toBeUndefined();
    expect(readEnv("A", {})).toBeUndefined();
  });
  it("turns a runtime's refusal to read the environment into a ValidationError", () => {
    // What Deno's process.env does without --allow-env: every read throws.
    class NotCapable extends Error {
      override name = "NotCapable";
    }
    const lockedDown = new Proxy<Record<string, string | undefined>>(
      {},
      {
        get() {
          throw new NotCapable('Requires env access to "VECTOR_URL", run again with --allow-env');
        },
      },
    );
    expect(() => readEnv("VECTOR_URL", lockedDown)).toThrow(ValidationError);
    expect(() => readEnv("VECTOR_URL", lockedDown)).toThrow(
      "VECTOR_URL: cannot be read: this runtime does not permit reading the environment " +
        "(NotCapable). Allow it (Deno: --allow-env=VECTOR_URL), or pass the values yourself: " +
        "in the client's options, or as the env object of fromEnv.",
    );
  });

  it("falls back to process.env at call time", () => {
    const { env } = (globalThis as unknown as { process: { env: Record<string, string> } }).process;
    env.X_CORE_TEST_VAR = "v";
    expect(readEnv("X_CORE_TEST_VAR")).toBe("v");
    delete env.X_CORE_TEST_VAR;
  });
});

describe("httpUrl", () => {
  it("accepts absolute http(s) URLs and names the field otherwise", () => {
    expect(httpUrl("https://a.example/x", "url")).toBe("https://a.example/x");
    expect(() => httpUrl("https:a.example", "url", /^https:\/\//)).toThrow(ValidationError);
    // Dot segments would be resolved away in transit, so they are refused.
    for (const dots of ["https://a/..", "https://a/./b", "https://a/x/%2E%2e/y", "https://a/%2e"]) {
      expect(() => httpUrl(dots, "url")).toThrow(ValidationError);
    }
    expect(httpUrl("https://a/.well-known/x..y", "url")).toBe("https://a/.well-known/x..y");
    for (const bad of ["ftp://a", "/relative", "", 42]) {
      expect(() => httpUrl(bad, "url")).toThrow(
        new ValidationError("url", "must be an absolute http(s) URL without . or .. segments"),
      );
    }
  });
});
