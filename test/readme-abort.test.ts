// What the client READMEs say an aborted call does is what it does: it rejects with an
// `AbortError` whose `cause` is the signal's reason (not with the reason itself).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { VectorIndex } from "@x/vector";
import { AbortError, WorkflowClient } from "@x/workflow";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const readme = (name: string) =>
  readFileSync(join(root, "packages", name, "README.md"), "utf8").replace(/\s+/g, " ");
const never: typeof fetch = () => new Promise(() => {});
const reason = new Error("user left the page");

describe.each([
  {
    name: "workflow",
    call: (signal: AbortSignal) =>
      new WorkflowClient({
        token: "t0ken-abc",
        baseUrl: "http://127.0.0.1:1",
        fetch: never,
      }).trigger({ url: "https://example.org/flow" }, { signal }),
  },
  {
    name: "vector",
    call: (signal: AbortSignal) =>
      new VectorIndex({ url: "http://127.0.0.1:1", token: "t0ken-abc", fetch: never }).info({
        signal,
      }),
  },
])("@x/$name", ({ name, call }) => {
  it("rejects an aborted call with an AbortError whose cause is the reason", async () => {
    const controller = new AbortController();
    const pending = call(controller.signal).catch((error: unknown) => error);
    controller.abort(reason);
    const error = await pending;
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe(reason);
  });

  it("says so in its README, and nowhere that it rejects with the reason itself", () => {
    const text = readme(name);
    expect(text).toContain(
      "`signal` | aborts the call and its retry waits: `AbortError`, the reason as `cause`",
    );
    expect(text).not.toMatch(/rejects with (its|your abort|the) reason/);
  });
});
