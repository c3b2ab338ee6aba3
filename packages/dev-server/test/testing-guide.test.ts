// The testing guide's code blocks are complete vitest tests: the first ```ts block of each
// section below is cut out of TESTING.md as written and imported here while this file
// is collected, inside a describe of its own, so its `it`s run as this file's tests and a
// guide that drifts from the API fails the suite.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe } from "vitest";
import { startDevServer } from "../src/index.js";

const guidePath = fileURLToPath(new URL("../TESTING.md", import.meta.url));
const SECTIONS = [
  "A first test",
  "Faults",
  "The same run every time",
  "Isolation between tests",
  "Test against your real data",
];

function sectionTest(guide: string, heading: string): string {
  const start = guide.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`TESTING.md has no section "## ${heading}"`);
  const end = guide.indexOf("\n## ", start + 1);
  const section = guide.slice(start, end === -1 ? undefined : end);
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) throw new Error(`TESTING.md has no \`\`\`ts block under "${heading}"`);
  return code;
}

// Inside the repo, so the workspace's @x/* aliases and vitest resolve the guide's imports.
const folder = mkdtempSync(join(fileURLToPath(new URL(".", import.meta.url)), ".testing-guide-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const guide = readFileSync(guidePath, "utf8");
// "Test against your real data" copies the live index these name: a dev server plays it.
const live = await startDevServer({ vector: { dimension: 384 } });
afterAll(() => live.close());
await live.vector.upsert(
  Array.from({ length: 30 }, (_, i) => ({
    id: `doc-${i}`,
    vector: Array.from({ length: 384 }, (_, k) => Math.sin(i * 384 + k)),
  })),
  { namespace: "docs" },
);
process.env.LIVE_VECTOR_URL = live.vectorUrl;
process.env.LIVE_VECTOR_TOKEN = live.token;
for (const [i, heading] of SECTIONS.entries()) {
  const file = join(folder, `section-${i}.ts`);
  writeFileSync(file, sectionTest(guide, heading));
  describe(`TESTING.md: ${heading}`, async () => {
    await import(/* @vite-ignore */ file);
  });
}
