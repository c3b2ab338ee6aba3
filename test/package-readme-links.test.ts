// Each public package's README, and what it links, as the registry shows them: read from
// the packed tarball. A relative link must name a file of the tarball (and a heading of it,
// when it names one); an absolute one must be an https address (checked by its form only:
// no network). A command in a code block is one a user's project runs, not a script only
// this repository has.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, normalize } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packPackages } from "../scripts/lib/pack.mjs";

/** Scripts of the repository's root package.json, which no user's project has. */
const REPO_ONLY = /\bpnpm\s+(?:-s\s+)?(?:x-dev|size|bench|gen|types:matrix|check|api)\b/;

let dir: string;
/** The unpacked `package/` folder of each package, by name. */
const unpacked = new Map<string, string>();

// One `pnpm pack` of every public package (about 2 s): what the registry serves.
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "x-readme-links-"));
  const tarballs = packPackages(join(dir, "tarballs")) as Record<string, string>;
  for (const [name, tarball] of Object.entries(tarballs)) {
    const into = join(dir, name.replace("@x/", ""));
    mkdirSync(into);
    execFileSync("tar", ["xzf", tarball, "-C", into]);
    unpacked.set(name, join(into, "package"));
  }
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** The fenced code blocks of `markdown`. */
function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((match) => match[1] ?? "");
}

/** Every link target: inline `[text](target)` and `![alt](target)`, and `[label]: target`. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const defined = [...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)];
  return [...inline, ...defined].map((match) => match[1] ?? "");
}

/** The anchors of a Markdown file's headings, as GitHub and the registry write them. */
function anchors(markdown: string): Set<string> {
  const headings = markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6}\s+(.+)$/gm);
  return new Set(
    [...headings].map((match) =>
      (match[1] ?? "")
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    ),
  );
}

/** Every file of an unpacked package, relative to it. */
function filesOf(folder: string, under = ""): string[] {
  return readdirSync(join(folder, under), { withFileTypes: true }).flatMap((entry) => {
    const path = under === "" ? entry.name : `${under}/${entry.name}`;
    return entry.isDirectory() ? filesOf(folder, path) : [path];
  });
}

/** What is wrong with `target`, linked from `from` (a file of `folder`); undefined when nothing. */
function problem(folder: string, from: string, target: string): string | undefined {
  if (/^[a-z][a-z+.-]*:/i.test(target)) {
    return target.startsWith("https://") ? undefined : "is absolute but not an https address";
  }
  const [path = "", anchor] = target.split("#");
  const file = path === "" ? from : normalize(join(from, "..", path));
  if (file.startsWith("..") || !existsSync(join(folder, file))) {
    return `names ${file}, which the tarball does not hold`;
  }
  if (anchor !== undefined && file.endsWith(".md")) {
    const headings = anchors(readFileSync(join(folder, file), "utf8"));
    if (!headings.has(anchor)) return `names #${anchor}, no heading of ${file}`;
  }
  return undefined;
}

it("reads every kind of link, and none in code", () => {
  const sample = [
    'See [the guide](TESTING.md#the-clock), ![logo](img/logo.png "Logo") and [ref][r].',
    "[r]: https://example.com/ref",
    "`[not](a-link.md)`",
    "```ts",
    "const x = [a](b.md);",
    "```",
  ].join("\n");
  expect(linkTargets(sample)).toEqual([
    "TESTING.md#the-clock",
    "img/logo.png",
    "https://example.com/ref",
  ]);
});

const PUBLIC = ["core", "workflow", "vector", "otel", "dev-server", "openapi-check"];

describe.each(PUBLIC)("the packed @x/%s", (name) => {
  it("has a README whose every link resolves in the tarball or is an https address", () => {
    const folder = unpacked.get(`@x/${name}`);
    if (folder === undefined) throw new Error(`@x/${name} was not packed`);
    const documents = filesOf(folder).filter((file) => file.endsWith(".md"));
    expect(documents).toContain("README.md");
    const wrong: string[] = [];
    for (const document of documents) {
      for (const target of linkTargets(readFileSync(join(folder, document), "utf8"))) {
        const why = problem(folder, document, target);
        if (why !== undefined) wrong.push(`${document}: ${target} ${why}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("writes its commands as a user's project runs them", () => {
    const folder = unpacked.get(`@x/${name}`) as string;
    const documents = filesOf(folder).filter((file) => file.endsWith(".md"));
    const repoOnly = documents.flatMap((document) =>
      codeBlocks(readFileSync(join(folder, document), "utf8"))
        .flatMap((block) => block.split("\n"))
        .filter((line) => REPO_ONLY.test(line))
        .map((line) => `${document}: ${line.trim()}`),
    );
    expect(repoOnly).toEqual([]);
  });
});

it("ships the test kit's reference with @x/dev-server, linked from its README", () => {
  const folder = unpacked.get("@x/dev-server") as string;
  expect(existsSync(join(folder, "TESTING.md"))).toBe(true);
  expect(linkTargets(readFileSync(join(folder, "README.md"), "utf8"))).toContain("TESTING.md");
});
