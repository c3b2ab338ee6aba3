// The state file of version 3: lines of JSON, a record per line, dense vectors as base64 of
// their float32 values, read back a line at a time (never the whole file as one string for
// JSON.parse, which stopped near 512 MB: about 125,000 records of 384 dimensions). Files of
// version 2 (one JSON document) still load; a file cut short, corrupt or of another version
// is refused at start with a message naming the line and what is wrong.
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";

let dir: string;
const open: DevServer[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "x-dev-state-format-"));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((dev) => dev.close()));
  await rm(dir, { recursive: true, force: true });
});

async function start(stateFile: string): Promise<DevServer> {
  const dev = await startDevServer({ token: "t", vector: { dimension: 3 }, stateFile });
  open.push(dev);
  return dev;
}

async function stop(dev: DevServer): Promise<void> {
  open.splice(open.indexOf(dev), 1);
  await dev.close();
}

async function fetchAll(dev: DevServer, namespace: string, ids: string[]): Promise<unknown> {
  const path = namespace === "" ? "/fetch" : `/fetch/${namespace}`;
  const response = await fetch(`${dev.vectorUrl}${path}`, {
    method: "POST",
    headers: { authorization: "Bearer t", "content-type": "application/json" },
    body: JSON.stringify({ ids, includeVectors: true, includeMetadata: true, includeData: true }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

/** A file of `count` records in the default namespace, written by a dev server. */
async function savedFile(count: number): Promise<string> {
  const file = join(dir, "state.json");
  const dev = await start(file);
  const records = Array.from({ length: count }, (_, i) => ({
    id: `r${i}`,
    vector: [0.1, -i, 1e-7],
    metadata: { i },
  }));
  await dev.vector.upsert(records);
  await stop(dev);
  return file;
}

it("saves a record per line, vectors as base64 float32, and loads them back as the index held them", async () => {
  const file = join(dir, "state.json");
  const first = await start(file);
  await first.vector.upsert([{ id: "a", vector: [0.1, 0.2, 0.3], metadata: { n: 1 } }]);
  await first.vector.upsert([{ id: "b", vector: [1e-30, -2, 3.5], data: "text" }], {
    namespace: "docs",
  });
  await stop(first);

  const lines = (await readFile(file, "utf8")).split("\n");
  expect(lines.map((line) => (line === "" ? "" : Object.keys(JSON.parse(line))))).toEqual([
    ["format", "version"],
    ["savedAt", "runs", "flowControl", "index", "faults"],
    ["namespace", "records"],
    ["id", "metadata", "vector"],
    ["namespace", "records"],
    ["id", "data", "vector"],
    ["end"],
    "",
  ]);
  expect(JSON.parse(lines[0] as string)).toEqual({ format: "x-dev-state", version: 3 });
  expect(JSON.parse(lines[3] as string).vector).toBe(
    Buffer.from(new Float32Array([0.1, 0.2, 0.3]).buffer).toString("base64"),
  );
  expect(JSON.parse(lines[6] as string)).toEqual({ end: { namespaces: 2, records: 2 } });

  const again = await start(file);
  expect(await fetchAll(again, "", ["a"])).toEqual([
    { id: "a", vector: [0.1, 0.2, 0.3], metadata: { n: 1 } },
  ]);
  expect(await fetchAll(again, "docs", ["b"])).toEqual([
    { id: "b", vector: [1e-30, -2, 3.5], data: "text" },
  ]);
});

it("reads the file a line at a time: no JSON.parse of more than one record", async () => {
  const file = await savedFile(2000);
  const { size } = await stat(file);
  const parse = vi.spyOn(JSON, "parse");
  const dev = await start(file);
  const longest = Math.max(...parse.mock.calls.map(([text]) => String(text).length));
  expect(size).toBeGreaterThan(100_000);
  expect(longest).toBeLessThan(1000);
  expect(await fetchAll(dev, "", ["r1999"])).toEqual([
    { id: "r1999", vector: [0.1, -1999, 1e-7], metadata: { i: 1999 } },
  ]);
});

it("loads a state file of version 2: one JSON document, vectors as arrays of numbers", async () => {
  const file = join(dir, "state.json");
  const version2 = {
    format: "x-dev-state",
    version: 2,
    savedAt: 1_700_000_000_000,
    runs: [],
    flowControl: [],
    index: { dimension: 3, metric: "COSINE", type: "DENSE" },
    namespaces: { "": [{ id: "old", vector: [1, 2, 3], metadata: { v: 2 } }], empty: [] },
    faults: [],
  };
  await writeFile(file, JSON.stringify(version2));
  const dev = await start(file);
  expect(await fetchAll(dev, "", ["old"])).toEqual([
    { id: "old", vector: [1, 2, 3], metadata: { v: 2 } },
  ]);
  expect(await fetchAll(dev, "empty", ["old"])).toEqual([null]);
});

/** FILE's lines, changed by `edit`, written back. */
async function editLines(file: string, edit: (lines: string[]) => string[]): Promise<void> {
  const lines = (await readFile(file, "utf8")).split("\n");
  await writeFile(file, edit(lines).join("\n"));
}

it.each([
  [
    "cut short",
    (lines: string[]) => [...lines.slice(0, 5), ""],
    "ends before its end line (2 records read): it was cut short",
  ],
  [
    "cut inside a line",
    (lines: string[]) => [...lines.slice(0, 4), (lines[4] as string).slice(0, 10)],
    "ends inside line 5: it was cut short",
  ],
  [
    "a record line that is not JSON",
    (lines: string[]) => lines.map((line, i) => (i === 4 ? `${line.slice(0, 20)}#` : line)),
    "line 5: not valid JSON",
  ],
  [
    "a vector that is not base64 of 3 float32 values",
    (lines: string[]) =>
      lines.map((line, i) => (i === 4 ? JSON.stringify({ id: "x", vector: "AAAA" }) : line)),
    'namespace "": [1].vector: must be base64 of 3 float32 values (16 characters; got 4)',
  ],
  [
    "a namespace with fewer records than its line says",
    (lines: string[]) => lines.filter((_, i) => i !== 4),
    'line 6: namespace "" said 3 records, but 2 came',
  ],
  [
    "of another version",
    (lines: string[]) => [JSON.stringify({ format: "x-dev-state", version: 4 }), ...lines.slice(1)],
    "has version 4; this x-dev reads 3 (and 2 and 1)",
  ],
])("refuses a state file %s, naming what is wrong", async (_, edit, words) => {
  const file = await savedFile(3);
  await editLines(file, edit);
  await expect(start(file)).rejects.toThrow(`state file ${file}`);
  await expect(start(file)).rejects.toThrow(words);
});
