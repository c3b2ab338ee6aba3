// The package.json of every public package, as npm will read it in a user's project:
// no field that installs more than the user asked for, no list with a repeated entry.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { publicPackages } from "../scripts/release/workspace.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

interface Manifest {
  name: string;
  files?: string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const published: Manifest[] = publicPackages(root).map(({ manifest }) => manifest);
const publishedNames = new Set(published.map((m) => m.name));

describe.each(published.map((m) => [m.name, m] as const))("%s's package.json", (_name, m) => {
  it("lists each entry of files once", () => {
    const files = m.files ?? [];
    expect(files.filter((entry, i) => files.indexOf(entry) !== i)).toEqual([]);
  });

  // npm installs a required peer into the user's app (npm 7+): a Node 20 app would get the
  // newest @types/node. Types are only wanted by TypeScript users, who have their own.
  it("makes every type-only peer dependency optional", () => {
    const typePeers = Object.keys(m.peerDependencies ?? {}).filter((n) => n.startsWith("@types/"));
    for (const peer of typePeers) {
      expect(m.peerDependenciesMeta?.[peer]?.optional, `${peer} is a required peer`).toBe(true);
    }
  });

  it("depends at run time only on workspace packages that are published too", () => {
    const workspaceDeps = Object.keys(m.dependencies ?? {}).filter((n) => n.startsWith("@x/"));
    expect(workspaceDeps.filter((n) => !publishedNames.has(n))).toEqual([]);
  });
});

it("finds the public packages", () => {
  expect([...publishedNames].sort()).toEqual(
    expect.arrayContaining(["@x/core", "@x/dev-server", "@x/vector", "@x/workflow"]),
  );
});
