// DESIGN section 2: no function over 60 lines in the clients' code (core, vector, workflow),
// so each reads on one screen. Every function, method and arrow of their hand-written
// sources is measured from its first line to its last, a nested function inside its own.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const MAX_LINES = 60;

/** The hand-written `.ts` files under `dir` (generated code is not counted). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split(/[\\/]/).includes("generated"));
}

/** Each function of `text` with its length in lines, as `[lines, "file:line name"]`. */
function functionLengths(file: string, text: string): [number, string][] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: [number, string][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const name = node.name?.getText(source) ?? "(anonymous)";
      found.push([last - first + 1, `${file}:${first + 1} ${name}`]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("function length", () => {
  it("counts a function from its first line to its last, a nested one on its own", () => {
    const text =
      "function outer() {\n  const inner = () => {\n    return 1;\n  };\n  return inner();\n}\n";
    expect(functionLengths("a.ts", text)).toEqual([
      [6, "a.ts:1 outer"],
      [3, "a.ts:2 (anonymous)"],
    ]);
  });

  it.each(["core", "vector", "workflow"])(
    `keeps every function of @x/%s within ${MAX_LINES} lines`,
    (name) => {
      const over = sources(join(root, "packages", name, "src")).flatMap((path) =>
        functionLengths(relative(root, path), readFileSync(path, "utf8")).filter(
          ([lines]) => lines > MAX_LINES,
        ),
      );
      expect(over.map(([lines, where]) => `${where}: ${lines} lines`)).toEqual([]);
    },
  );
});
