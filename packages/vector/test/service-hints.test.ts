import { describe, expect, it } from "vitest";
import { AuthenticationError, GoneError, NotFoundError, VectorIndex } from "../src/index.js";

const TOKEN = "tok_hints_0123456789";

describe("what the vector client's errors advise", () => {
  it("a 404 points at the index URL and the namespace", async () => {
    const fetch = async () =>
      new Response('{"error":"namespace not found","status":404}', { status: 404 });
    const index = new VectorIndex({ url: "http://127.0.0.1:1", token: TOKEN, fetch });
    const error = await index
      .namespace("ghost")
      .info()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe(
      "404 namespace not found. Check the index URL and the namespace.",
    );
  });

  it("a 410 says the index was deleted and what to use instead, without retrying", async () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      return Response.json({ error: "this index was deleted", status: 410 }, { status: 410 });
    };
    const index = new VectorIndex({ url: "http://127.0.0.1:1", token: TOKEN, fetch });
    const error = await index.info().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoneError);
    expect(error).toMatchObject({ name: "GoneError", status: 410 });
    expect((error as Error).message).toBe(
      "410 this index was deleted. This index was deleted: create an index and use its URL and token (VECTOR_URL, VECTOR_TOKEN).",
    );
    expect(calls).toBe(1);
  });

  it("a 401 says how the token is sent and which one to use", async () => {
    const fetch = async () =>
      Response.json({ error: "Unauthorized", status: 401 }, { status: 401 });
    const index = new VectorIndex({ url: "http://127.0.0.1:1", token: TOKEN, fetch });
    const error = await index.info().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toBe(
      "401 Unauthorized. Check the token: the client sends it as Authorization: Bearer <token>, and it must be this index's token (VECTOR_TOKEN) with access to it.",
    );
  });

  it("fromEnv reads the log level from X_LOG, and options win over it", async () => {
    const lines: string[] = [];
    const record = (line: string) => {
      lines.push(line);
    };
    const logger = { debug: record, info: record, warn: record, error: record };
    const fetch = async () => new Response('{"result":{"vectorCount":0}}');
    const env = { VECTOR_URL: "http://127.0.0.1:1", VECTOR_TOKEN: TOKEN, X_LOG: "debug" };
    await VectorIndex.fromEnv(env, { logger, fetch }).info();
    expect(lines.length).toBeGreaterThan(0);
    lines.length = 0;
    await VectorIndex.fromEnv(env, { logger, fetch, logLevel: "off" }).info();
    expect(lines).toEqual([]);
  });
});
