// The types matrix reads one `tsc -b --verbose` per TypeScript, every setting a project of
// its own (scripts/types-matrix/output.mjs): each error goes to the column of the project
// whose build printed it. The outputs below are as TypeScript 5.x (absolute project paths,
// a 12-hour clock) and 7 (relative paths) print them.
import { describe, expect, it } from "vitest";
import { DECLARATIONS, errorsBySetting } from "../scripts/types-matrix/output.mjs";

const SETTINGS = ["nodenext", "bundler"];

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
