// The workspace's dependency arrows run one way:
//   clients (core <- workflow, vector) <- contract suite -> openapi-check <- dev server.
// This reads every import of every package's src and test folders and fails on one that runs
// the wrong way, so a cycle cannot be held together by a path alias again.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const packagesDir = join(root, "packages");

interface Allowed {
  /** Workspace packages the shipped sources may import. */
  src: string[];
  /** Workspace packages the tests may import besides those (and the package itself). */
  test: string[];
}

const MAY_IMPORT: Record<string, Allowed> = {
  core: { src: [], test: [] },
  // The clients' tests check the requests they send with the validator.
  workflow: { src: ["core"], test: ["openapi-check"] },
  vector: { src: ["core"], test: ["openapi-check"] },
  "openapi-check": { src: [], test: [] },
  contract: { src: ["core", "workflow", "vector", "openapi-check"], test: [] },
  "dev-server": { src: ["core", "workflow", "openapi-check"], test: ["vector"] },
};

const SOURCE_FILE = /\.(ts|mts|cts|js|mjs|cjs)$/;
// `from "x"` (imports and re-exports), `import("x")` and a bare `import "x"`.
const SPECIFIER = [
  /\bfrom\s+["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /^\s*import\s+["']([^"']+)["']/gm,
];

function filesUnder(dir: string): string[] {
  let entries: ReturnType<typeof readdirSync<string>>;
  try {
    entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => SOURCE_FILE.test(entry) && !entry.split(/[\\/]/).includes("generated"))
    .map((entry) => join(dir, entry));
}

function specifiers(text: string): string[] {
  return SPECIFIER.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ""));
}

/** What is wrong with one import of `file` in package `name`; undefined when it is allowed. */
function wrongArrow(
  name: string,
  part: "src" | "test",
  file: string,
  specifier: string,
): string | undefined {
  const allowed = MAY_IMPORT[name];
  if (allowed === undefined) return `packages/${name} is not in the arrow table`;
  const where = relative(root, file);
  if (specifier.startsWith(".")) {
    const target = relative(join(packagesDir, name), resolve(dirname(file), specifier));
    if (target.startsWith("..")) return `${where} reaches outside its package: "${specifier}"`;
    return undefined;
  }
  const workspace = /^@x\/([^/]+)/.exec(specifier)?.[1];
  if (workspace === undefined || workspace === name) return undefined;
  const permitted = part === "src" ? allowed.src : [...allowed.src, ...allowed.test];
  if (permitted.includes(workspace)) return undefined;
  return `${where} imports @x/${workspace}, an arrow the wrong way`;
}

function packageNames(): string[] {
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

describe("package arrows", () => {
  it("every package is in the arrow table", () => {
    expect(packageNames().sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  });

  it.each(packageNames())("packages/%s imports only what its arrows allow", (name) => {
    const wrong: string[] = [];
    for (const part of ["src", "test"] as const) {
      for (const file of filesUnder(join(packagesDir, name, part))) {
        for (const specifier of specifiers(readFileSync(file, "utf8"))) {
          const problem = wrongArrow(name, part, file, specifier);
          if (problem !== undefined) wrong.push(problem);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("catches a validator that imports a client, and a client that imports the suite", () => {
    const validator = join(packagesDir, "openapi-check/src/load.ts");
    expect(wrongArrow("openapi-check", "src", validator, "@x/vector")).toMatch(/wrong way/);
    const client = join(packagesDir, "workflow/test/helpers.ts");
    expect(wrongArrow("workflow", "test", client, "@x/contract")).toMatch(/wrong way/);
    expect(wrongArrow("workflow", "test", client, "../../contract/src/suite/clients.js")).toMatch(
      /outside its package/,
    );
    const server = join(packagesDir, "dev-server/src/vector/service.ts");
    expect(wrongArrow("dev-server", "src", server, "@x/openapi-check")).toBeUndefined();
  });
});
