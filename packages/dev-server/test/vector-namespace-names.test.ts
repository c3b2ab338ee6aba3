// Namespace names are data, never object keys with a meaning: "__proto__", "constructor"
// and "hasOwnProperty" are listed by info and kept by the snapshot and the state file, so
// their records survive a restore and a restart (issue 42: "__proto__" was written and read
// by range, but info, the snapshot and the state file dropped it).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VectorIndex } from "@x/vector";
import { afterEach, beforeEach, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";
import {
  openSnapshot,
  readSnapshotFile,
  type SnapshotData,
  sealSnapshot,
} from "../src/persistence/state.js";

const NAMES = ["__proto__", "constructor", "hasOwnProperty"];
let dir: string;
const servers: DevServer[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "x-dev-names-"));
});
afterEach(async () => {
  for (const dev of servers.splice(0)) await dev.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(stateFile?: string): Promise<DevServer> {
  const dev = await startDevServer({
    vector: { dimension: 2 },
    ...(stateFile ? { stateFile } : {}),
  });
  servers.push(dev);
  return dev;
}

async function upsertEach(dev: DevServer) {
  for (const [i, namespace] of NAMES.entries()) {
    await dev.vector.upsert([{ id: `in-${namespace}`, vector: [1, i] }], { namespace });
  }
}

/** The ids of each named namespace, as range reads them. */
async function idsOf(dev: DevServer): Promise<string[][]> {
  const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
  const pages = NAMES.map((name) => index.namespace(name).range({ cursor: "0", limit: 10 }));
  return (await Promise.all(pages)).map((page) => page.vectors.map((v) => v.id));
}

const expected = NAMES.map((name) => [`in-${name}`]);

it("info lists them with their counts", async () => {
  const dev = await start();
  await upsertEach(dev);
  const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
  const { namespaces } = await index.info();
  expect(Object.keys(namespaces).sort()).toEqual(["", ...NAMES].sort());
  for (const name of NAMES) expect(Object.hasOwn(namespaces, name)).toBe(true);
  const counted = NAMES.map((name) => {
    const counts = namespaces[name];
    return counts ? counts.vectorCount + counts.pendingVectorCount : 0;
  });
  expect(counted).toEqual([1, 1, 1]);
});

it("a snapshot keeps them, over HTTP too, and a restore brings their records back", async () => {
  const dev = await start();
  await upsertEach(dev);
  const snapshot = openSnapshot(await dev.snapshot());
  for (const name of NAMES) expect(Object.hasOwn(snapshot.namespaces, name)).toBe(true);
  const overHttp = await fetch(`${dev.workflowUrl}/v2/dev/snapshot`, {
    headers: { authorization: `Bearer ${dev.token}` },
  });
  const sent = (await overHttp.json()) as typeof snapshot;
  for (const name of NAMES) expect(Object.hasOwn(sent.namespaces, name)).toBe(true);

  const fresh = await start();
  await fresh.restore(sealSnapshot(sent));
  expect(await idsOf(fresh)).toEqual(expected);
});

it("the state file keeps them across a restart", async () => {
  const file = join(dir, "state.json");
  const first = await start(file);
  await upsertEach(first);
  await first.close();
  servers.splice(servers.indexOf(first), 1);
  const saved = (await readSnapshotFile(file)) as SnapshotData;
  for (const name of NAMES) expect(Object.hasOwn(saved.namespaces, name)).toBe(true);
  const again = await start(file);
  expect(await idsOf(again)).toEqual(expected);
});
