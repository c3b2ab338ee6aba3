// TypeDoc as the SDK reference runs it (docs/src/sdk.mjs: in the docs build's process, with
// the examples' check beside the rendering), on a one-file project: an undocumented export
// fails the run with TypeDoc's message, and the work beside gets the model and fails the run
// when it fails.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { runTypeDoc } from "../docs/src/sdk.mjs";

/** The reference's own settings: what it asks of the checkout's git is decided there. */
const reference = JSON.parse(
  readFileSync(new URL("../docs/typedoc.json", import.meta.url), "utf8"),
) as Record<string, unknown>;

let dir: string;

function project(source: string) {
  writeFileSync(join(dir, "index.ts"), source);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "fixture", version: "0.0.0" }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      // No DOM: the standard library alone is most of the run.
      compilerOptions: {
        strict: true,
        module: "esnext",
        target: "es2022",
        lib: ["es2022"],
        types: [],
      },
      include: ["index.ts"],
    }),
  );
  // The settings of docs/typedoc.json that decide whether a run fails, and those that decide
  // whether it reads the checkout's git (source links need an `origin` remote).
  writeFileSync(
    join(dir, "typedoc.json"),
    JSON.stringify({
      entryPoints: ["./index.ts"],
      tsconfig: "./tsconfig.json",
      packagesRequiringDocumentation: ["fixture"],
      validation: reference.validation,
      treatWarningsAsErrors: reference.treatWarningsAsErrors,
      treatValidationWarningsAsErrors: reference.treatValidationWarningsAsErrors,
      ...pick(reference, ["disableSources", "disableGit", "sourceLinkTemplate", "gitRemote"]),
    }),
  );
  return {
    options: join(dir, "typedoc.json"),
    logLevel: "Warn",
    out: join(dir, "out"),
    json: join(dir, "out/api.json"),
  } as const;
}

/** The keys of `from` among `keys` that it sets. */
function pick(from: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in from).map((key) => [key, from[key]]));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "x-typedoc-"));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it("fails, naming the export, when an export has no comment; the work beside never starts", async () => {
  const options = project(
    "/** Documented. */\nexport const a = 1;\nexport const undocumentedOne = 2;\n",
  );
  const beside = vi.fn(async () => {});
  await expect(runTypeDoc(options, beside)).rejects.toThrow(
    /typedoc failed \(validation\):[\s\S]*undocumentedOne/,
  );
  expect(beside).not.toHaveBeenCalled();
});

it("gives the work beside the converted model, and fails the run when that work fails", async () => {
  const options = project("/** Documented. */\nexport function documented(): void {}\n");
  const beside = vi.fn(async (_model: { children?: { name: string }[] }) => {
    throw new Error("an example does not type-check");
  });
  await expect(runTypeDoc(options, beside)).rejects.toThrow("an example does not type-check");
  expect(beside.mock.calls[0]![0].children?.map((child) => child.name)).toEqual(["documented"]);
  // The pages are written all the same: the failure is reported once they are.
  expect(existsSync(join(dir, "out/index.html"))).toBe(true);
  expect(existsSync(join(dir, "out/api.json"))).toBe(true);
});

// A fork with `upstream` only, a clone whose remote was renamed, a source archive: the
// reference builds in each. TypeDoc's "The provided git remote origin was not valid" is a
// warning, and warnings fail the run. One TypeDoc run each (about 3 s): no cheaper step
// reads the checkout's git as TypeDoc does.
it.each([
  ["a git checkout with no origin remote", true],
  ["a folder with no .git", false],
])("builds in %s", async (_, withGit) => {
  // Inside the test's folder, which afterEach removes with it.
  const parent = dir;
  dir = join(parent, "checkout");
  mkdirSync(dir);
  try {
    const options = project("/** Documented. */\nexport function documented(): void {}\n");
    if (withGit) {
      const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
      git("init", "--quiet");
      git("add", ".");
      git("-c", "user.name=x", "-c", "user.email=x@example.com", "commit", "--quiet", "-m", "x");
      git("remote", "add", "upstream", "https://example.com/x.git");
    } else {
      // The folder must not sit inside some checkout (a TMPDIR under a repository).
      expect(() => execFileSync("git", ["-C", dir, "rev-parse"], { stdio: "ignore" })).toThrow();
    }
    await expect(runTypeDoc(options, async () => {})).resolves.toBeUndefined();
  } finally {
    dir = parent;
  }
});
