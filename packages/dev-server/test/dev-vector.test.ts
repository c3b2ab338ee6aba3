// dev.vector: upsert, delete and reset from code, per namespace, validated.
import { ValidationError } from "@x/core";
import { VectorIndex } from "@x/vector";
import { afterEach, expect, it } from "vitest";
import type { DevServer } from "../src/index.js";
import { startManual } from "./kit-harness.js";

let dev: DevServer | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

async function ids(index: VectorIndex, namespace = ""): Promise<string[]> {
  const records = await index.namespace(namespace).fetch({ prefix: "" });
  return records.map((record) => record.id);
}

it("upserts, deletes and resets per namespace", async () => {
  dev = await startManual();
  const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
  await dev.vector.upsert([
    { id: "a", vector: [1, 0] },
    { id: "b", vector: [0, 1] },
  ]);
  await dev.vector.upsert({ id: "c", vector: [1, 1], metadata: { n: 1 } }, { namespace: "ns" });
  expect(await ids(index)).toEqual(["a", "b"]);
  expect(await ids(index, "ns")).toEqual(["c"]);

  expect(await dev.vector.delete(["a", "zzz"])).toBe(1);
  expect(await dev.vector.delete("c", { namespace: "ns" })).toBe(1);
  expect(await ids(index)).toEqual(["b"]);
  expect(await ids(index, "ns")).toEqual([]);

  await dev.vector.upsert({ id: "d", vector: [1, 1] }, { namespace: "ns" });
  await dev.vector.reset({ namespace: "ns" });
  expect(Object.keys((await index.info()).namespaces)).toEqual([""]);
  expect(await ids(index)).toEqual(["b"]);
  await dev.vector.reset();
  expect(await ids(index)).toEqual([]);
});

it("refuses bad records, ids and options with a ValidationError", async () => {
  dev = await startManual();
  const d = dev;
  const cases: [() => Promise<unknown>, string][] = [
    [
      () => d.vector.upsert({ id: "a", vector: [1, 2, 3] }),
      "records: Invalid vector dimension: 3, expected: 2",
    ],
    [() => d.vector.upsert({ vector: [1, 2] } as unknown as { id: string }), "records: "],
    [
      () => d.vector.upsert({ id: "a", vector: [1, 2] }, { namespace: 5 } as object),
      "namespace: must be a string",
    ],
    [
      () => d.vector.upsert({ id: "a", vector: [1, 2] }, { namespaces: "x" } as object),
      'did you mean "namespace"',
    ],
    [() => d.vector.delete([{}] as unknown as string[]), "ids: must be strings"],
    [
      () => d.vector.delete(["a"], { namespace: "never" }),
      "namespace: Namespace 'never' does not exist",
    ],
    [() => d.vector.reset("ns" as unknown as object), "options: vector.reset takes an object"],
  ];
  for (const [call, words] of cases) {
    const error = await call().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error, words).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain(words);
  }
});
