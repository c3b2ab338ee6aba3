import { describe, expect, it } from "vitest";
import { createRedactor } from "../src/errors/redact";
import type { ConnectionError } from "../src/index";
import { createTransport } from "./harness";
import { closedPort, rejection } from "./helpers";

describe("createRedactor", () => {
  it("finds every written form of the token, and any mix of them, in one pass", () => {
    const redact = createRedactor("a/b");
    for (const form of [
      "a/b",
      "a%2Fb",
      "a%2fb",
      "%61%2F%62",
      "a\\/b",
      "\\u0061\\u002f\\u0062",
      "\\u0061/b",
      "a\\u002Fb",
    ]) {
      expect(redact(`<${form}>`), form).toBe("<[redacted]>");
    }
  });

  it("leaves look-alikes alone", () => {
    const redact = createRedactor("a/b");
    expect(redact("a/c A/B a%2Gb a\\\\/b")).toBe("a/c A/B a%2Gb a\\\\/b");
  });

  it("redacts characters outside ASCII as UTF-8 percent-encoding and surrogate pairs", () => {
    const redact = createRedactor("k€y😀");
    expect(redact(encodeURIComponent("k€y😀"))).toBe("[redacted]");
    expect(redact(JSON.stringify("k€y😀").slice(1, -1))).toBe("[redacted]");
    expect(redact("k\\u20acy\\ud83d\\ude00")).toBe("[redacted]");
  });

  it("never rewrites its own [redacted] with a very short token", () => {
    for (const token of ["d", "re", "dact", "[redacted]", "e]"]) {
      const redact = createRedactor(token);
      expect(redact(`x ${token} y`), token).toBe("x [redacted] y");
    }
  });
});

describe("redaction in messages", () => {
  it("touches only the server's text, so a short token never mangles the client's words", async () => {
    // "ke" is in "Check the token" and "e" in almost every word of the message.
    for (const token of ["ke", "e"]) {
      const fetch = async () => Response.json({ error: `bad ${token}` }, { status: 401 });
      const send = createTransport({ baseUrl: "https://h.example", token, fetch });
      const error = await rejection(send({ method: "GET", path: "/info" }));
      expect(error.message).toBe("401 bad [redacted]. Check the token and its access.");
    }
  });
});

describe("a token shorter than 8 characters", () => {
  it("is redacted only as a whole word in the server's text", () => {
    const redact = createRedactor("t");
    expect(redact("fetch failed: bad port t")).toBe("fetch failed: bad port [redacted]");
    expect(redact('{"token":"t"}')).toBe('{"token":"[redacted]"}');
    expect(redact("svc_token=t&x=1")).toBe("svc_token=[redacted]&x=1");
  });

  it("never mangles the client's own words, URL or method", async () => {
    const port = await closedPort();
    const send = createTransport({
      baseUrl: `http://127.0.0.1:${port}`,
      token: "t",
      maxRetries: 0,
    });
    const error = await rejection<ConnectionError>(send({ method: "GET", path: "/info" }));
    expect(error.message).toContain(`GET http://127.0.0.1:${port}/info failed`);
    expect(error.message).toContain("fetch failed");
    expect(error.message).not.toContain("[redacted]");
  });
});

describe("a token of 8 characters or more", () => {
  it("is redacted wherever it stands, glued to other text too", () => {
    const redact = createRedactor("s3cr3t-token");
    expect(redact("xxs3cr3t-tokenyy")).toBe("xx[redacted]yy");
    expect(redact("svc_token%3Ds3cr3t-token")).toBe("svc_token%3D[redacted]");
  });
});
