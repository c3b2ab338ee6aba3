import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BuildOptions, build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A user's app can load the ESM build of @x/core while a dependency loads its CJS build:
// two copies of every class. An error thrown by one must pass `instanceof` against the
// other's classes. Both builds are made here as tsup makes them (esbuild, from the same
// entry), so the test stands alone without a prior `pnpm build`.

type Core = typeof import("../src/index") & typeof import("../src/internal");

// Both entries of the package in one build, as a bundler would load them.
const entry = {
  contents: 'export * from "./index"; export * from "./internal";',
  resolveDir: fileURLToPath(new URL("../src/", import.meta.url)),
  loader: "ts" as const,
};
const outdir = mkdtempSync(join(tmpdir(), "x-core-builds-"));
let esm: Core;
let cjs: Core;

beforeAll(async () => {
  const common: BuildOptions = {
    stdin: entry,
    bundle: true,
    platform: "neutral",
    target: "es2022",
    logLevel: "error",
  };
  await build({ ...common, format: "esm", outfile: join(outdir, "index.mjs") });
  await build({ ...common, format: "cjs", outfile: join(outdir, "index.cjs") });
  esm = await import(pathToFileURL(join(outdir, "index.mjs")).href);
  cjs = createRequire(import.meta.url)(join(outdir, "index.cjs"));
});

afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
});

/** The error a refused construction throws: a ValidationError from that build. */
function validationErrorFrom(core: Core): Error {
  try {
    core.createCoreClient({ baseUrl: "https://h", token: "" });
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a ValidationError");
}

/** A 404 answered through that build's transport: a NotFoundError from that build. */
async function notFoundFrom(core: Core): Promise<Error> {
  const fetch = async () => Response.json({ error: "no" }, { status: 404 });
  const client = core.createCoreClient({ baseUrl: "https://h", token: "t", fetch });
  return core
    .callOperation(client, core.operationOf(client, "root", "get", "/"), {}, undefined)
    .then(
      () => new Error("expected a NotFoundError"),
      (error: unknown) => error as Error,
    );
}

describe.each([
  ["ESM", "CJS", () => esm, () => cjs],
  ["CJS", "ESM", () => cjs, () => esm],
])("an error thrown by the %s build", (_, __, thrower, checker) => {
  it("is an instance of the other build's class and its ancestors", async () => {
    const other = checker();
    expect(thrower().ValidationError).not.toBe(other.ValidationError);
    const validation = validationErrorFrom(thrower());
    expect(validation instanceof other.ValidationError).toBe(true);
    expect(validation instanceof other.XError).toBe(true);
    const notFound = await notFoundFrom(thrower());
    expect(notFound instanceof other.NotFoundError).toBe(true);
    expect(notFound instanceof other.ApiError).toBe(true);
    expect(notFound instanceof other.XError).toBe(true);
  });

  it("is not an instance of the other build's unrelated classes", async () => {
    const other = checker();
    const validation = validationErrorFrom(thrower());
    expect(validation instanceof other.ApiError).toBe(false);
    expect(validation instanceof other.TimeoutError).toBe(false);
    const notFound = await notFoundFrom(thrower());
    expect(notFound instanceof other.RateLimitError).toBe(false);
    expect(notFound instanceof other.ValidationError).toBe(false);
    expect(new Error("plain") instanceof other.XError).toBe(false);
    expect({} instanceof other.XError).toBe(false);
  });
});

describe("a caller's own subclass", () => {
  it("keeps ordinary instanceof", () => {
    class RetryLater extends esm.ApiError {}
    const mine = new RetryLater(503, {}, new Headers(), "later");
    expect(mine instanceof RetryLater).toBe(true);
    expect(mine instanceof esm.ApiError).toBe(true);
    expect(mine instanceof cjs.ApiError).toBe(true);
    expect(new esm.ApiError(503, {}, new Headers(), "x") instanceof RetryLater).toBe(false);
  });
});
