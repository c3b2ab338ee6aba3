// A seed that cannot be loaded fails the start with a message saying where: the file and
// line or index, the record's id, and for a dimension mismatch where the dimension came from.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VectorIndex } from "@x/vector";
import { afterEach, beforeEach, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";

let dir: string;
let dev: DevServer | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "x-dev-seed-errors-"));
});
afterEach(async () => {
  await dev?.close();
  dev = undefined;
  await rm(dir, { recursive: true, force: true });
});

it("names the JSON Lines file, line and record id, and the default dimension", async () => {
  const file = join(dir, "seed.jsonl");
  const vector = Array.from({ length: 384 }, () => 0.5);
  await writeFile(
    file,
    `${JSON.stringify({ id: "ok", vector })}\n\n${JSON.stringify({ id: "doc-2", vector: [1, 2, 3, 4] })}\n`,
  );
  await expect(startDevServer({ seed: file })).rejects.toThrow(
    `seed file ${file}, line 3, record "doc-2": Invalid vector dimension: 4, expected: 384 (the index has 384 dimensions: the default; set --dimension or vector.dimension to change it)`,
  );
});

it("names the array index and id of a bad record, and a dimension set by option", async () => {
  const file = join(dir, "seed.json");
  await writeFile(
    file,
    JSON.stringify([
      { id: "a", vector: [1, 2] },
      { id: "b", vector: [1] },
    ]),
  );
  await expect(startDevServer({ seed: file, vector: { dimension: 2 } })).rejects.toThrow(
    `seed file ${file}, index 1, record "b": Invalid vector dimension: 1, expected: 2 (the index has 2 dimensions: set by --dimension / vector.dimension)`,
  );
  await expect(
    startDevServer({
      seed: [
        { id: "a", vector: [1, 2] },
        { id: "c", vector: "x" as unknown as number[] },
      ],
      vector: { dimension: 2 },
    }),
  ).rejects.toThrow('seed[1], record "c": ');
  await expect(
    startDevServer({
      seed: [{ vector: [1, 2] } as unknown as { id: string }],
      vector: { dimension: 2 },
    }),
  ).rejects.toThrow(/^seed\[0\]: /);
});

it("names the state file a dimension came from, and takes the saved index without flags", async () => {
  const state = join(dir, "state.json");
  dev = await startDevServer({ vector: { dimension: 3 }, stateFile: state });
  await dev.close();
  dev = undefined;
  await expect(
    startDevServer({ stateFile: state, seed: [{ id: "x", vector: [1, 2] }] }),
  ).rejects.toThrow(
    `seed[0], record "x": Invalid vector dimension: 2, expected: 3 (the index has 3 dimensions: taken from the state file ${state})`,
  );
  dev = await startDevServer({ stateFile: state, seed: [{ id: "x", vector: [1, 2, 3] }] });
  expect(dev.seeded).toBe(1);
  expect(dev.vector.index).toEqual({ dimension: 3, metric: "COSINE", type: "DENSE" });
});

it("loads seed records ready at once, so info counts them right after the start", async () => {
  dev = await startDevServer({
    vector: { dimension: 2 },
    seed: [
      { id: "a", vector: [1, 0] },
      { id: "b", vector: [0, 1], namespace: "other" },
    ],
  });
  const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
  expect(await index.info()).toMatchObject({ vectorCount: 2, pendingVectorCount: 0 });
  expect(dev.seeded).toBe(2);
});
