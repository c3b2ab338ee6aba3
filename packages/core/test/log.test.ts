import { afterEach, describe, expect, it, vi } from "vitest";
import { type Logger, ValidationError } from "../src/index";
import { readLogLevel } from "../src/internal";
import { createTransport } from "./harness";

const TOKEN = "tok-log-secret-9";

/** A logger that keeps every line and its details, by level. */
function memoryLogger() {
  const lines: Array<{ level: string; message: string; details: unknown[] }> = [];
  const at =
    (level: string) =>
    (message: string, ...details: unknown[]) =>
      lines.push({ level, message, details });
  const logger: Logger = {
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
  };
  return { logger, lines };
}

/** A fetch answering each call in turn from `answers`, echoing the token in each body. */
function answering(...statuses: number[]) {
  return async () => {
    const status = statuses.shift() ?? 200;
    return Response.json(
      { error: `echo ${TOKEN}`, ok: status },
      { status, headers: { "retry-after": "0" } },
    );
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("logLevel", () => {
  it("debug: exactly one line per attempt, on one line: method, URL without query, outcome, time, attempt and wait", async () => {
    const { logger, lines } = memoryLogger();
    const send = createTransport({
      baseUrl: "https://h.example",
      token: TOKEN,
      tokenIn: "query",
      tokenQueryParam: "svc_token",
      fetch: answering(503, 200),
      logger,
      logLevel: "debug",
    });
    await send({ method: "POST", path: "/query?ns=a", json: { secretBody: 1 } });
    const text = lines.map((line) => `${line.level} ${line.message}`);
    expect(text).toEqual([
      expect.stringMatching(
        /^warn \[x\] POST https:\/\/h\.example\/query -> 503 in \d+ ms \(attempt 1 of 3\); retrying in 0 ms$/,
      ),
      expect.stringMatching(
        /^info \[x\] POST https:\/\/h\.example\/query -> 200 in \d+ ms \(attempt 2 of 3\)$/,
      ),
    ]);
    // Nothing but the line: an object beside it prints as a multi-line dump.
    expect(lines.map((line) => line.details)).toEqual([[], []]);
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain("secretBody");
    expect(everything).not.toContain("echo");
  });

  it.each([
    ["off", []],
    ["error", ["error"]],
    ["warn", ["warn", "error"]],
    ["info", ["warn", "error"]],
    ["debug", ["warn", "error"]],
  ] as const)("%s logs %j for a retry then a final failure", async (logLevel, levels) => {
    const { logger, lines } = memoryLogger();
    const send = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch: answering(500, 400),
      logger,
      logLevel,
    });
    await send({ method: "GET", path: "/" }).catch(() => {});
    expect(lines.map((line) => line.level)).toEqual(levels);
  });

  it("counts no attempts on a first-time success: no retry came before it or follows it", async () => {
    const { logger, lines } = memoryLogger();
    const send = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch: answering(200),
      logger,
      logLevel: "info",
      maxRetries: 2,
    });
    await send({ method: "GET", path: "/info" });
    expect(lines.map((line) => line.message)).toEqual([
      expect.stringMatching(/^\[x\] GET https:\/\/h\/info -> 200 in \d+ ms$/),
    ]);
  });

  it("a 401, never retried, says nothing of attempts it could not make", async () => {
    const { logger, lines } = memoryLogger();
    const send = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch: answering(401),
      logger,
      logLevel: "debug",
    });
    await send({ method: "GET", path: "/info" }).catch(() => {});
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      expect.stringMatching(/^error \[x\] GET https:\/\/h\/info -> 401 in \d+ ms$/),
    ]);
  });

  it("names a failure without a response by its class and code", async () => {
    const { logger, lines } = memoryLogger();
    const fetch = async () => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("x"), { code: "ENOTFOUND" }),
      });
    };
    const send = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch,
      logger,
      logLevel: "error",
      maxRetries: 0,
    });
    await send({ method: "GET", path: "/" }).catch(() => {});
    expect(lines[0]?.message).toMatch(
      /^\[x\] GET https:\/\/h\/ -> ConnectionError ENOTFOUND in \d+ ms$/,
    );
  });

  it("is off by default, and the default logger is console", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const quiet = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch: answering(503, 200),
    });
    await quiet({ method: "GET", path: "/" });
    expect(warn).not.toHaveBeenCalled();
    const loud = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch: answering(503, 200),
      logLevel: "warn",
    });
    await loud({ method: "GET", path: "/" });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("and logger are checked at construction", () => {
    const build = (options: object) => () =>
      createTransport({ baseUrl: "https://h", token: TOKEN, ...options });
    expect(build({ logLevel: "verbose" })).toThrow(
      new ValidationError("logLevel", 'must be "off", "error", "warn", "info" or "debug"'),
    );
    expect(build({ logger: { debug() {}, info() {} } })).toThrow(
      new ValidationError("logger", "has no warn method"),
    );
  });
});

describe("readLogLevel", () => {
  it("reads X_LOG, for fromEnv", () => {
    expect(readLogLevel({ X_LOG: "debug" })).toBe("debug");
    expect(readLogLevel({})).toBeUndefined();
    expect(() => readLogLevel({ X_LOG: "loud" })).toThrow(
      expect.objectContaining({ name: "ValidationError", field: "X_LOG" }),
    );
  });
});
