import { describe, expect, it } from "vitest";
import { AuthenticationError, GoneError, NotFoundError, WorkflowClient } from "../src/index.js";

const TOKEN = "tok_hints_0123456789";
const notFound = async () => new Response('{"error":"no such path"}', { status: 404 });

describe("what the workflow client's errors advise", () => {
  it("a 404 points at the client's address, not at a namespace (workflows have none)", async () => {
    const wf = new WorkflowClient({ token: TOKEN, baseUrl: "http://127.0.0.1:1", fetch: notFound });
    const error = await wf.trigger({ url: "https://example.org/flow" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe(
      "404 no such path. Check the client's baseUrl (or region).",
    );
    expect((error as Error).message).not.toMatch(/namespace/i);
  });

  it("a 410 is a GoneError that says what happened and what to do", async () => {
    const gone = async () => Response.json({ error: "gone" }, { status: 410 });
    const wf = new WorkflowClient({ token: TOKEN, baseUrl: "http://127.0.0.1:1", fetch: gone });
    const error = await wf.trigger({ url: "https://example.org/flow" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoneError);
    expect((error as Error).message).toBe(
      "410 gone. It was deleted for good, so retrying cannot help: check the client's URL and the path.",
    );
  });

  it("a 401 names both ways the token can be sent", async () => {
    const unauthorized = async () =>
      Response.json({ error: "missing or invalid token" }, { status: 401 });
    const wf = new WorkflowClient({
      token: TOKEN,
      baseUrl: "http://127.0.0.1:1",
      fetch: unauthorized,
    });
    const error = await wf.trigger({ url: "https://example.org/flow" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain("Authorization: Bearer <token>");
    expect((error as Error).message).toContain('svc_token query parameter with tokenIn: "query"');
  });

  it("fromEnv reads the log level from X_LOG", async () => {
    const lines: string[] = [];
    const logger = {
      debug: (line: string) => lines.push(line),
      info: (line: string) => lines.push(line),
      warn: (line: string) => lines.push(line),
      error: (line: string) => lines.push(line),
    };
    const ok = async () => new Response('{"workflowRunId":"wfr_1","workflowCreatedAt":1}');
    const env = { WORKFLOW_TOKEN: TOKEN, WORKFLOW_URL: "http://127.0.0.1:1", X_LOG: "debug" };
    await WorkflowClient.fromEnv(env, { logger, fetch: ok }).trigger({
      url: "https://example.org/f",
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(TOKEN);
  });
});
