// The root README's "What you get" snippet is a complete program: it is cut out of the
// README as written and run here, so it cannot name an undefined variable or an old call
// shape. It only talks to 127.0.0.1 (its workflow endpoint refuses, and the run is dropped
// when the dev server closes).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it, vi } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
// Inside the repo, so the workspace's @x/* aliases resolve the snippet's imports.
const folder = mkdtempSync(join(root, "test", ".readme-snippet-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function snippet(): string {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## What you get"));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) throw new Error('README.md has no ```ts block under "What you get"');
  return code;
}

it("the README's first snippet runs to the end against the dev server", async () => {
  const file = join(folder, "snippet.ts");
  writeFileSync(file, snippet());
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    await import(/* @vite-ignore */ file);
    const last = log.mock.calls.at(-1);
    expect(last?.[0]).toMatch(/^wfr_/);
    expect(last?.slice(1)).toEqual([0, "", 200]);
  } finally {
    log.mockRestore();
  }
});
