// The `@example` blocks of the SDK reference, read from TypeDoc's JSON model, and their
// type check: each block is a program of its own (its imports included, or the snippet
// prelude below), compiled against the packages' sources as the docs samples are, so an
// example cannot name a method or an option that does not exist.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ReflectionKind } from "typedoc";

const run = promisify(execFile);

// A block with no import of its own is a snippet: it may use `index` (a VectorIndex) and
// `wf` (a WorkflowClient), as the READMEs do. The imports also make it a module, where
// top-level await works.
const PRELUDE = `import type { VectorIndex } from "@x/vector";
import type { WorkflowClient } from "@x/workflow";
declare const index: VectorIndex;
declare const wf: WorkflowClient;
`;
/** The kinds of reflection that are called, and so need an `@example`. */
export const CALLABLE =
  ReflectionKind.Method | ReflectionKind.Constructor | ReflectionKind.Function;

/**
 * @typedef {{ kind: string, text: string }} Part
 * @typedef {{ summary?: Part[], blockTags?: { tag: string, content: Part[] }[] }} JsonComment
 * @typedef {{ name: string, kind: number, flags?: { isExternal?: boolean },
 *   inheritedFrom?: unknown, comment?: JsonComment, signatures?: JsonNode[],
 *   children?: JsonNode[] }} JsonNode
 */

/**
 * Every callable the packages declare (not inherited, not from the platform), by full
 * name, with the code of each of its signatures' `@example` blocks.
 * @param {JsonNode} project TypeDoc's JSON output
 * @returns {{ name: string, signatures: string[][] }[]}
 */
export function callables(project) {
  /** @type {{ name: string, signatures: string[][] }[]} */
  const found = [];
  /** @param {JsonNode} node @param {string[]} path */
  const visit = (node, path) => {
    const here = [...path, node.name];
    if (node.kind & CALLABLE && !node.flags?.isExternal && node.inheritedFrom === undefined) {
      found.push({
        name: here.slice(1).join("."),
        signatures: (node.signatures ?? []).map((signature) => examplesOf(signature.comment)),
      });
    }
    for (const child of node.children ?? []) visit(child, here);
  };
  visit(project, []);
  return found;
}

/** @param {JsonComment | undefined} comment @returns {string[]} */
function examplesOf(comment) {
  return (comment?.blockTags ?? [])
    .filter((tag) => tag.tag === "@example")
    .map((tag) =>
      tag.content
        .filter((part) => part.kind === "code")
        .map((part) => /^```\w*\n([\s\S]*?)```$/.exec(part.text)?.[1] ?? "")
        .join("\n"),
    );
}

/**
 * Each export of package `name` (`@x/vector`, `@x/vector/guard`) and the source file it
 * stands for (its `source` condition), as `[specifier, [file]]`.
 * @param {string} root
 * @param {string} name
 */
function sourcesOf(root, name) {
  const dir = join(root, "packages", name);
  const { exports = {} } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  return Object.entries(exports)
    .filter(([, target]) => typeof target?.source === "string")
    .map(([key, target]) => [`@x/${name}${key.slice(1)}`, [join(dir, target.source)]]);
}

/**
 * Compiles every example with the repository's compiler settings; throws with the
 * compiler's report, each file named after its example, when one does not type-check.
 * @param {string} root the repository
 * @param {string[]} packages the packages the examples may import, as `@x/<name>`
 * @param {{ name: string, signatures: string[][] }[]} members
 * @param {string} tsc the compiler's binary
 */
export async function typecheckExamples(root, packages, members, tsc) {
  const dir = mkdtempSync(join(tmpdir(), "x-sdk-examples-"));
  try {
    for (const { name, signatures } of members) {
      signatures.flat().forEach((code, i) => {
        const file = `${name.replace(/[^\w.-]+/g, "_")}.${i + 1}.ts`;
        writeFileSync(join(dir, file), /^(import|export) /m.test(code) ? code : PRELUDE + code);
      });
    }
    const tsconfig = {
      extends: join(root, "tsconfig.base.json"),
      include: [join(dir, "*.ts")],
      compilerOptions: {
        types: ["node"],
        typeRoots: [join(root, "node_modules/@types")],
        paths: Object.fromEntries(packages.flatMap((name) => sourcesOf(root, name))),
      },
    };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    try {
      await run(tsc, ["-p", join(dir, "tsconfig.json")], {
        cwd: dir,
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      const report = `${error.stdout ?? ""}${error.stderr ?? ""}`;
      throw new Error(`an @example of the SDK reference does not type-check:\n${report}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
