// startDevServer resolves once the first request of each kind will be answered as fast as
// the next: the request schemas of both specs and the dense kernel are compiled while it
// starts (they took most of the 300-500 ms of a fresh server's first request), not on the
// first request. Counted, not timed. Alone in its file: a server started before would have
// compiled them already.
import { createRequire } from "node:module";
import { expect, it, vi } from "vitest";
import { startDevServer } from "../src/index.js";

// The Ajv the validator uses, as its own package resolves it.
const fromValidator = createRequire(new URL("../../openapi-check/package.json", import.meta.url));
const Ajv2020 = (fromValidator("ajv/dist/2020.js") as { default: { prototype: object } }).default;

it("compiles every request schema and the dense kernel before it resolves, and none on the first requests", async () => {
  const compile = vi.spyOn(Ajv2020.prototype as { compile: () => unknown }, "compile");
  const wasm = vi.spyOn(WebAssembly, "validate");
  const dev = await startDevServer({ vector: { dimension: 2 } });
  try {
    expect(compile.mock.calls.length).toBeGreaterThan(0);
    expect(wasm).toHaveBeenCalledTimes(1);
    compile.mockClear();
    wasm.mockClear();

    const headers = { authorization: `Bearer ${dev.token}`, "content-type": "application/json" };
    const post = (url: string, body: unknown) =>
      fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
    const answers: Response[] = [];
    for (const ns of ["", "/movies"]) {
      answers.push(await post(`${dev.vectorUrl}/upsert${ns}`, [{ id: "a", vector: [1, 0] }]));
      answers.push(await post(`${dev.vectorUrl}/query${ns}`, { vector: [1, 0], topK: 1 }));
      answers.push(await post(`${dev.vectorUrl}/range${ns}`, { cursor: "0", limit: 1 }));
      answers.push(await post(`${dev.vectorUrl}/fetch${ns}`, { ids: ["a"] }));
    }
    answers.push(await fetch(`${dev.vectorUrl}/info`, { headers }));
    answers.push(await post(`${dev.workflowUrl}/v2/trigger/http://127.0.0.1:1/wf`, { order: 1 }));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(compile).not.toHaveBeenCalled();
    expect(wasm).not.toHaveBeenCalled();
  } finally {
    await dev.close();
  }
});
