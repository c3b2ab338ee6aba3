// `pnpm lint:deps` (dependency-cruiser with .dependency-cruiser.cjs, run by `pnpm check`)
// fails on an import cycle inside a package and on an arrow between packages that runs the
// wrong way. Shown here on a temporary copy of one package, the repo itself untouched.
// dependency-cruiser runs in this process, through its API as its command line calls it
// (`--config` read, then the tsconfig it names): a `depcruise` process of its own spent
// most of its second loading the tool again.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise as depcruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const copies: string[] = [];

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder holding the rules and a copy of packages/core's sources. */
function copyOfCore(): string {
  const dir = mkdtempSync(join(tmpdir(), "x-import-rules-"));
  copies.push(dir);
  for (const file of [".dependency-cruiser.cjs", "tsconfig.base.json"]) {
    cpSync(join(root, file), join(dir, file));
  }
  cpSync(join(root, "packages/core/src"), join(dir, "packages/core/src"), { recursive: true });
  return dir;
}

/**
 * dependency-cruiser's verdict on `dir`, as `depcruise packages --config .dependency-cruiser.cjs`
 * gives it there: the number of errors (its exit code) and its report.
 */
async function cruise(dir: string): Promise<{ code: number; report: string }> {
  const options = await extractDepcruiseOptions(join(dir, ".dependency-cruiser.cjs"));
  const tsConfigFile = options.tsConfig?.fileName;
  const tsConfig = tsConfigFile === undefined ? {} : extractTSConfig(join(dir, tsConfigFile));
  const result = await depcruise(
    ["packages"],
    { ...options, baseDir: dir, outputType: "err" },
    {},
    { tsConfig },
  );
  return { code: result.exitCode, report: String(result.output) };
}

describe("the import rules", () => {
  it("pass on the copy as it is", async () => {
    const { code, report } = await cruise(copyOfCore());
    expect(report).toContain("no dependency violations found");
    expect(code).toBe(0);
  });

  it("fail on an import cycle inside a package", async () => {
    const dir = copyOfCore();
    const src = join(dir, "packages/core/src");
    writeFileSync(
      join(src, "ping.ts"),
      'import { pong } from "./pong";\nexport const ping = () => pong;\n',
    );
    writeFileSync(
      join(src, "pong.ts"),
      'import { ping } from "./ping";\nexport const pong = () => ping;\n',
    );
    const { code, report } = await cruise(dir);
    expect(code).not.toBe(0);
    expect(report).toMatch(/no-circular: packages\/core\/src\/p[io]ng\.ts/);
  });

  it("fail on an arrow the wrong way: core reaching into a client", async () => {
    const dir = copyOfCore();
    mkdirSync(join(dir, "packages/vector/src"), { recursive: true });
    writeFileSync(join(dir, "packages/vector/src/client.ts"), "export const client = 1;\n");
    writeFileSync(
      join(dir, "packages/core/src/backwards.ts"),
      'export { client } from "../../vector/src/client";\n',
    );
    const { code, report } = await cruise(dir);
    expect(code).not.toBe(0);
    expect(report).toContain("arrows-core-src: packages/core/src/backwards.ts");
  });

  it("fail on a package the arrow table does not list", async () => {
    const dir = copyOfCore();
    const src = join(dir, "packages/metrics/src");
    mkdirSync(src, { recursive: true });
    writeFileSync(join(src, "version.ts"), "export const version = 1;\n");
    writeFileSync(join(src, "index.ts"), 'export { version } from "./version";\n');
    const { code, report } = await cruise(dir);
    expect(code).not.toBe(0);
    expect(report).toContain("package-in-arrow-table: packages/metrics/src/index.ts");
  });

  it("fail on a workspace import that does not resolve (a dependency not declared)", async () => {
    const dir = copyOfCore();
    writeFileSync(
      join(dir, "packages/core/src/undeclared.ts"),
      'export { VectorIndex } from "@x/vector";\n',
    );
    const { code, report } = await cruise(dir);
    expect(code).not.toBe(0);
    expect(report).toContain("not-to-unresolvable: packages/core/src/undeclared.ts → @x/vector");
  });
});
