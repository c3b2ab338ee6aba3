// The testing guide's first code block is a complete vitest test: it is cut out of
// docs/testing.md as written and imported here while this file is collected, so its `it`
// runs as one of this file's tests and a guide that drifts from the API fails the suite.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";

const guidePath = fileURLToPath(new URL("../../../docs/testing.md", import.meta.url));

function guideTest(): string {
  const guide = readFileSync(guidePath, "utf8");
  const section = guide.slice(guide.indexOf("## A first test"));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined)
    throw new Error('docs/testing.md has no ```ts block under "A first test"');
  return code;
}

// Inside the repo, so the workspace's @x/* aliases and vitest resolve the guide's imports.
const folder = mkdtempSync(join(fileURLToPath(new URL(".", import.meta.url)), ".testing-guide-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = join(folder, "guide.ts");
writeFileSync(file, guideTest());
await import(/* @vite-ignore */ file);
