// Bundle sizes in the docs are the budgets `pnpm size` enforces (bench/size.mjs), never a
// figure typed in once and left to drift as the code grows. A README that states a size
// states a budget, in bytes; the measured sizes live only in bench/RESULTS.md, written by
// `pnpm size`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { TRACING_BUDGET } from "../bench/lib/tracing-cost.mjs";
import { ENTRIES } from "../bench/size.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const BUDGETS = new Set([TRACING_BUDGET, ...ENTRIES.flatMap((e) => e.budget ?? [])]);

const docs = [
  "README.md",
  ...readdirSync(join(root, "packages")).map((dir) => join("packages", dir, "README.md")),
  ...readdirSync(join(root, "docs"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => join("docs", file)),
].filter((file) => existsSync(join(root, file)));

/** Every size figure (`12,800 B`, `9.6 kB`) in a sentence that speaks of gzip. */
function sizeFigures(text: string): string[] {
  // A sentence ends at a period before whitespace, so "9.6 kB" stays whole.
  const sentences = text.replace(/\s+/g, " ").split(/\.(?=\s|$)/);
  return sentences
    .filter((sentence) => /gzip/.test(sentence))
    .flatMap((sentence) => [...sentence.matchAll(/\d[\d,]*(?:\.\d+)? ?k?B\b/g)].map((m) => m[0]));
}

it("finds the figures a sentence about gzip states", () => {
  expect(sizeFigures("Under\n9.6 kB min+gzip. A 64 KiB body.")).toEqual(["9.6 kB"]);
  expect(sizeFigures("is 12,398 B and 11,196 B min+gzip, core included.")).toEqual([
    "12,398 B",
    "11,196 B",
  ]);
});

it.each(docs)("%s states only the size budgets pnpm size enforces", (file) => {
  const text = readFileSync(join(root, file), "utf8");
  const stray = sizeFigures(text).filter(
    (figure) => !(/^[\d,]+ ?B$/.test(figure) && BUDGETS.has(Number(figure.replace(/\D/g, "")))),
  );
  expect(stray, `budgets are ${[...BUDGETS].join(", ")} B (bench/size.mjs)`).toEqual([]);
});
