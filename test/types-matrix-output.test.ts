// The types matrix reads one `tsc -b --verbose` per TypeScript, every setting a project of
// its own (scripts/types-matrix/output.mjs): each error goes to the column of the project
// whose build printed it. The outputs below are as TypeScript 5.x (absolute project paths,
// a 12-hour clock) and 7 (relative paths) print them.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DECLARATIONS, errorsBySetting } from "../scripts/types-matrix/output.mjs";

const SETTINGS = ["nodenext", "bundler"];
const TSC = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));

/** A build log as tsc -b --verbose prints it, with `errors` after each project's line. */
function buildLog(project: (setting: string) => string, errors: Record<string, string[]>) {
  return [
    "12:34:39 AM - Projects in this build: ",
    ...SETTINGS.map((setting) => `    * ${project(setting)}`),
    "",
    ...SETTINGS.flatMap((setting) => [
      `12:34:39 AM - Project '${project(setting)}' is out of date because output file 'x.tsbuildinfo' does not exist`,
      "",
      `12:34:39 AM - Building project '${project(setting)}'...`,
      "",
      ...(errors[setting] ?? []),
    ]),
  ].join("\n");
}

const SAMPLE_ERROR =
  "samples/docs_samples/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.";
const DECLARATION_ERROR =
  "../node_modules/@x/core/dist/index.d.ts(3,1): error TS2304: Cannot find name 'Headers'.";

describe("errorsBySetting", () => {
  it("gives each project's errors to its own column (TypeScript 5.x: absolute paths)", () => {
    const output = buildLog((setting) => `/tmp/x/types-1/ts-5.7.3/tsconfig.${setting}.json`, {
      bundler: [SAMPLE_ERROR, "  Another line of the same error.", DECLARATION_ERROR],
    });
    const columns = errorsBySetting(output, SETTINGS);
    expect(columns.get("nodenext")).toEqual(new Map());
    expect(columns.get("bundler")).toEqual(
      new Map([
        ["samples/docs_samples/a.ts", [SAMPLE_ERROR, "  Another line of the same error."]],
        [DECLARATIONS, [DECLARATION_ERROR]],
      ]),
    );
  });

  it("reads TypeScript 7's relative project paths", () => {
    const output = buildLog((setting) => `ts-7.0.2/tsconfig.${setting}.json`, {
      nodenext: [SAMPLE_ERROR],
    });
    const columns = errorsBySetting(output, SETTINGS);
    expect([...(columns.get("nodenext")?.keys() ?? [])]).toEqual(["samples/docs_samples/a.ts"]);
    expect(columns.get("bundler")).toEqual(new Map());
  });

  it("reads the repo's TypeScript's own build log: an error of one setting in its column only", () => {
    const folder = mkdtempSync(join(tmpdir(), "x-types-output-"));
    try {
      writeFileSync(join(folder, "package.json"), '{ "type": "module" }');
      mkdirSync(join(folder, "samples"));
      // Under nodenext a relative import needs its extension; under bundler it does not.
      writeFileSync(
        join(folder, "samples/a.ts"),
        'import { b } from "./b";\nexport const c = b;\n',
      );
      writeFileSync(join(folder, "samples/b.ts"), "export const b = 1;\n");
      mkdirSync(join(folder, "ts"));
      const modules = { nodenext: "nodenext", bundler: "esnext" };
      for (const setting of SETTINGS) {
        const compilerOptions = {
          module: modules[setting as keyof typeof modules],
          moduleResolution: setting,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        };
        const tsconfig = { compilerOptions, include: ["../samples/**/*.ts"] };
        writeFileSync(join(folder, `ts/tsconfig.${setting}.json`), JSON.stringify(tsconfig));
      }
      const configs = SETTINGS.map((setting) => `ts/tsconfig.${setting}.json`);
      const args = [TSC, "-b", ...configs, "--verbose", "--pretty", "false"];
      const run = spawnSync(process.execPath, args, { cwd: folder, encoding: "utf8" });
      const columns = errorsBySetting(run.stdout, SETTINGS);
      expect([...(columns.get("nodenext")?.keys() ?? [])]).toEqual(["samples/a.ts"]);
      expect(columns.get("nodenext")?.get("samples/a.ts")?.[0]).toMatch(/error TS2835: /);
      expect(columns.get("bundler")).toEqual(new Map());
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("fails every column on an error before any project (a bad option), and a project never built", () => {
    const badOption = "error TS5023: Unknown compiler option '--nope'.";
    const columns = errorsBySetting(badOption, SETTINGS);
    for (const setting of SETTINGS) expect(columns.get(setting)?.has("*")).toBe(true);

    const onlyFirst = buildLog((setting) => `tsconfig.${setting}.json`, {}).split(
      "12:34:39 AM - Project 'tsconfig.bundler.json'",
    )[0];
    const partial = errorsBySetting(onlyFirst, SETTINGS);
    expect(partial.get("nodenext")).toEqual(new Map());
    expect(partial.get("bundler")?.get("*")?.[0]).toBe(
      "tsc -b did not build tsconfig.bundler.json",
    );
  });

  it("fails a column whose errors are of syntax only (no type was checked)", () => {
    const syntax = "samples/a.ts(1,1): error TS1005: ';' expected.";
    const columns = errorsBySetting(
      buildLog((s) => `tsconfig.${s}.json`, { nodenext: [syntax] }),
      SETTINGS,
    );
    expect(columns.get("nodenext")?.has("*")).toBe(true);
    expect(columns.get("bundler")).toEqual(new Map());
  });
});
