// The state file is written safely: a fresh random temporary name created exclusively (a
// symlink planted beside FILE is not followed), mode 600 (it holds forwarded secrets),
// renamed over FILE; a killed writer's leftovers are removed at start; a FILE that could
// never be written fails the start; and a state longer than the longest string survives
// stop and start (V8's limit is stood in for by a lower one).
import { lstat, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";
import { openSnapshot } from "../src/persistence/state.js";

let dir: string;
const open: DevServer[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "x-dev-state-safety-"));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((dev) => dev.close()));
  await rm(dir, { recursive: true, force: true });
});

async function start(stateFile: string): Promise<DevServer> {
  const dev = await startDevServer({ token: "t", vector: { dimension: 2 }, stateFile });
  open.push(dev);
  return dev;
}

async function stop(dev: DevServer): Promise<void> {
  open.splice(open.indexOf(dev), 1);
  await dev.close();
}

it("writes FILE with mode 600 and leaves no temporary file", async () => {
  const file = join(dir, "state.json");
  const dev = await start(file);
  await dev.vector.upsert([{ id: "a", vector: [1, 0] }]);
  await stop(dev);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(await readdir(dir)).toEqual(["state.json"]);
});

it("removes a killed writer's temporary files at start and never follows one planted", async () => {
  const file = join(dir, "state.json");
  const victim = join(dir, "victim.txt");
  await writeFile(victim, "keep me");
  // What an older x-dev's name would be (FILE.<pid>.tmp), planted as a symlink, and a
  // partial file a killed writer left.
  await symlink(victim, `${file}.${process.pid}.tmp`);
  await writeFile(`${file}.0123456789abcdef.tmp`, '{"format":"x-dev-st');
  const dev = await start(file);
  expect((await readdir(dir)).sort()).toEqual(["victim.txt"]);
  await stop(dev);
  expect(await readFile(victim, "utf8")).toBe("keep me");
  expect((await lstat(file)).isFile()).toBe(true);
  expect((await readdir(dir)).sort()).toEqual(["state.json", "victim.txt"]);
});

it("fails the start when FILE's directory is missing or is no directory", async () => {
  await expect(start(join(dir, "missing", "state.json"))).rejects.toThrow(
    /^state file .*missing\/state\.json cannot be written \(ENOENT in .*missing\); create the directory, make it writable, or pass another --state file$/,
  );
  await writeFile(join(dir, "plain"), "");
  await expect(start(join(dir, "plain", "state.json"))).rejects.toThrow(
    /cannot be written \(ENOTDIR in /,
  );
});

it("keeps a state longer than the longest string across stop and start", async () => {
  const file = join(dir, "state.json");
  const dev = await start(file);
  const data = "d".repeat(100_000);
  await dev.vector.upsert(
    Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, vector: [1, 0], data })),
  );
  const stringify = JSON.stringify;
  vi.spyOn(JSON, "stringify").mockImplementation((...args: Parameters<typeof stringify>) => {
    const text = stringify(...args);
    if (text !== undefined && text.length > 1_000_000)
      throw new RangeError("Invalid string length");
    return text;
  });
  await stop(dev);
  vi.restoreAllMocks();
  const again = await start(file);
  const records = openSnapshot(await again.snapshot()).namespaces[""];
  expect(records).toHaveLength(20);
  expect(records?.[19]).toMatchObject({ id: "r19", data });
});

it("refuses a state file nested past 256 levels without parsing it", async () => {
  const file = join(dir, "state.json");
  await writeFile(file, `${"[".repeat(300)}${"]".repeat(300)}`);
  const parse = vi.spyOn(JSON, "parse");
  await expect(start(file)).rejects.toThrow(
    `state file ${file} cannot be read: it nests deeper than 256 levels; it may be corrupt`,
  );
  expect(parse).not.toHaveBeenCalled();
});
