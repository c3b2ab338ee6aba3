// `pnpm release:check` in a fresh git repository made from this one's files (what the check
// reads: package manifests, API reports, specs, the changesets config; no tag, as in a
// fresh clone), released (its baseline taken from its own tree), then changed the way a
// maintainer would change it. The check runs in this process (scripts/release-check.mjs's
// `releaseCheck`), but for one test that runs the command as `pnpm release:check` does.
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { releaseCheck as checkRelease } from "../scripts/release-check.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const vectorSpec = "specs/vector/openapi.yaml";
let dir: string;

function copy(file: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  cpSync(join(repo, file), join(dir, file), { recursive: true });
}

/**
 * What the check reads, as files and folders of this checkout: read from the file system,
 * not `git ls-files`, so the test runs in a source archive with no `.git` too.
 */
function checkedFiles(): string[] {
  const packages = readdirSync(join(repo, "packages")).flatMap((name) =>
    readdirSync(join(repo, "packages", name))
      .filter((file) => file === "package.json" || file.endsWith(".api.md"))
      .map((file) => `packages/${name}/${file}`),
  );
  return [...packages, "specs", "released", ".changeset/config.json"];
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(join(dir, file), "utf8");
  expect(text, `${file} holds the text the test changes`).toContain(from);
  writeFileSync(join(dir, file), text.replace(from, to));
}

function changeset(id: string, bumps: Record<string, string>): void {
  const frontmatter = Object.entries(bumps).map(([name, bump]) => `"${name}": ${bump}`);
  writeFileSync(
    join(dir, ".changeset", `${id}.md`),
    `---\n${frontmatter.join("\n")}\n---\n\nWhat users see change.\n`,
  );
}

/** `pnpm release:check` on the copy, in this process: its exit status and what it prints. */
async function releaseCheck(): Promise<{ status: number; output: string }> {
  const { status, stdout, stderr } = await checkRelease(dir);
  return { status, output: stdout + stderr };
}

function specDiff(): string {
  return execFileSync("node", [join(repo, "scripts/spec-diff.mjs"), "--root", dir], {
    encoding: "utf8",
  });
}

// The released copy is made once (its baseline taken, committed); each test works on its
// own copy of it, so it pays for one copy instead of a baseline run and a commit.
let released: string;
beforeAll(() => {
  released = mkdtempSync(join(tmpdir(), "x-release-check-released-"));
  dir = released;
  for (const file of checkedFiles()) copy(file);
  // The copy is a release: its baseline is its own tree, whatever is pending in this repo.
  execFileSync("node", [join(repo, "scripts/release-baseline.mjs"), "--root", dir]);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
  git("init", "-q");
  git("add", ".");
  git("-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-qm", "release");
});

afterAll(() => {
  rmSync(released, { recursive: true, force: true });
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "x-release-check-"));
  cpSync(released, dir, { recursive: true });
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

// The range request's page size, renamed as a careless spec edit would rename it.
function renameLimit(): void {
  edit(vectorSpec, "required: [cursor, limit]", "required: [cursor, pageLimit]");
  edit(
    vectorSpec,
    "        limit:\n          type: integer\n          minimum: 1\n          description: Maximum number",
    "        pageLimit:\n          type: integer\n          minimum: 1\n          description: Maximum number",
  );
}

describe("release:check against the released/ snapshot", () => {
  it("passes on the tree as released", async () => {
    const { status, output } = await releaseCheck();
    expect(output).toContain("no spec or API report changed since the last release");
    expect(status).toBe(0);
  });

  // Through the command, as `pnpm release:check` runs it: its flag, its exit code, its stderr.
  it("fails a renamed request field with a patch changeset, naming @x/vector and major", () => {
    renameLimit();
    changeset("rename-limit", { "@x/vector": "patch" });
    const { status, stdout, stderr } = spawnSync(
      "node",
      [join(repo, "scripts/release-check.mjs"), "--root", dir],
      { encoding: "utf8" },
    );
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("@x/vector needs a major changeset");
    expect(stderr).toContain("pending changesets give only patch (.changeset/rename-limit.md)");
    expect(stderr).toMatch(
      /specs\/vector\/openapi\.yaml: breaking #\/\S+ \[Added\] \S+ \S+ to `pageLimit`/,
    );
    expect(stderr).not.toContain("@x/workflow");
  });

  it("passes the same rename with a major changeset among smaller ones", async () => {
    renameLimit();
    changeset("wording", { "@x/vector": "patch", "@x/core": "minor" });
    changeset("rename-limit", { "@x/vector": "major" });
    const { status, output } = await releaseCheck();
    expect(output).toContain("@x/vector: needs major, has major (.changeset/rename-limit.md)\n");
    expect(status).toBe(0);
  });

  it("asks minor for an added optional request field", async () => {
    edit(
      vectorSpec,
      "        prefix:\n",
      "        suffix:\n          type: string\n          description: Only ids ending with it.\n        prefix:\n",
    );
    changeset("suffix", { "@x/vector": "patch" });
    const { status, output } = await releaseCheck();
    expect(status).toBe(1);
    expect(output).toContain("@x/vector needs a minor changeset");
    expect(output).toMatch(/additive #\/\S+\/properties\/suffix/);
  });

  it("asks patch for a changed description", async () => {
    edit(vectorSpec, "Maximum number of vectors in the page.", "At most this many vectors.");
    const { status, output } = await releaseCheck();
    expect(status).toBe(1);
    expect(output).toContain("@x/vector needs a patch changeset; no pending changeset names it");
    expect(output).toMatch(/docs-only #\/\S+\/limit\/description/);
    changeset("wording", { "@x/vector": "patch" });
    expect((await releaseCheck()).status).toBe(0);
  });

  // The reports change with every refactor of the public API, so these edits find their
  // place instead of quoting a declaration.
  it("asks a bump for a changed API report when no spec changed", async () => {
    const report = "packages/core/core.api.md";
    const text = readFileSync(join(dir, report), "utf8");
    const end = text.lastIndexOf("\n```");
    writeFileSync(
      join(dir, report),
      `${text.slice(0, end)}\n// @public\nexport const requestIdHeader: string;\n${text.slice(end)}`,
    );
    const { status, output } = await releaseCheck();
    expect(status).toBe(1);
    expect(output).toContain("@x/core needs a minor changeset");
    expect(output).toContain("packages/core/core.api.md: additive change");
  });

  it("asks major when the API report lost a declaration", async () => {
    const report = "packages/core/core.api.md";
    const lines = readFileSync(join(dir, report), "utf8").split("\n");
    const declaration = lines.findIndex((line) => line.startsWith("export "));
    expect(declaration).toBeGreaterThan(0);
    lines.splice(declaration, 1);
    writeFileSync(join(dir, report), lines.join("\n"));
    const { status, output } = await releaseCheck();
    expect(status).toBe(1);
    expect(output).toContain("@x/core needs a major changeset");
    expect(output).toContain("packages/core/core.api.md: breaking change");
  });

  it("asks minor for a new public package, found without being listed", async () => {
    mkdirSync(join(dir, "packages/metrics"));
    writeFileSync(
      join(dir, "packages/metrics/package.json"),
      JSON.stringify({
        name: "@x/metrics",
        version: "0.0.0",
        scripts: { build: "tsup" },
        exports: { ".": { import: { types: "./dist/index.d.ts" } } },
      }),
    );
    writeFileSync(
      join(dir, "packages/metrics/metrics.api.md"),
      '## API Report File for "@x/metrics"\n\n```ts\nexport function instrument(): void;\n```\n',
    );
    const { status, output } = await releaseCheck();
    expect(status).toBe(1);
    expect(output).toContain("@x/metrics needs a minor changeset; no pending changeset names it");
    expect(output).toContain(
      "packages/metrics/metrics.api.md: a package never released (additive)",
    );
    changeset("metrics", { "@x/metrics": "minor" });
    expect((await releaseCheck()).status).toBe(0);
  });
});

describe("spec:diff", () => {
  it("prints each change of a rename, classified, with its JSON pointer", () => {
    renameLimit();
    const printed = specDiff();
    expect(printed).toContain("specs/vector/openapi.yaml (@x/vector) against released/");
    expect(printed).toMatch(
      /breaking +#\/components\/schemas\/RangeRequest\/properties\/pageLimit\n/,
    );
    expect(printed).toMatch(/additive +#\/components\/schemas\/RangeRequest\/properties\/limit\n/);
    expect(printed).toContain(
      "specs/workflow/openapi.yaml (@x/workflow) against released/specs/workflow/openapi.yaml: no change.",
    );
  });
});
