// The test files share a module graph per worker (vitest.config.ts, project `shared`).
// `vi.mock` only takes where the mocked module is imported afresh, so a file that mocks one
// must run in a process of its own: in the shared graph it passes or fails by the order.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";
import config from "../vitest.config";

const root = join(import.meta.dirname, "..");

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".test.ts"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

it("runs every test file that calls vi.mock in its own process", () => {
  const projects = (config.test?.projects ?? []) as {
    test?: { name?: string; include?: string[] };
  }[];
  const ownProcess = projects.find((project) => project.test?.name === "own-process");
  const folders = [
    ...readdirSync(join(root, "packages")).map((name) => join(root, "packages", name, "test")),
    join(root, "test"),
  ];
  const mocking = folders
    .flatMap((dir) => (existsSync(dir) ? testFiles(dir) : []))
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, file), "utf8")));
  expect(mocking.length).toBeGreaterThan(0);
  for (const file of mocking) expect(ownProcess?.test?.include).toContain(file);
});
