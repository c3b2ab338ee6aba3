// TypeDoc as the SDK reference runs it (docs/src/sdk.mjs: in the docs build's process, with
// the examples' check beside the rendering), on a one-file project: an undocumented export
// fails the run with TypeDoc's message, and the work beside gets the model and fails the run
// when it fails.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { runTypeDoc } from "../docs/src/sdk.mjs";

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
  // The settings of docs/typedoc.json that decide whether a run fails.
  writeFileSync(
    join(dir, "typedoc.json"),
    JSON.stringify({
      entryPoints: ["./index.ts"],
      tsconfig: "./tsconfig.json",
      packagesRequiringDocumentation: ["fixture"],
      validation: { notExported: true, invalidLink: true, notDocumented: true },
      treatWarningsAsErrors: true,
      treatValidationWarningsAsErrors: true,
    }),
  );
  return {
    options: join(dir, "typedoc.json"),
    logLevel: "Warn",
    out: join(dir, "out"),
    json: join(dir, "out/api.json"),
  } as const;
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
