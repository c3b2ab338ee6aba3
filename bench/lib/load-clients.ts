import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * Our clients bundled from their sources by esbuild, as a user's bundler (or our tsup build)
 * emits them. Running the sources through tsx instead would time its `__name` helpers too
 * (keepNames), which no shipped build carries.
 */
export async function loadClients(): Promise<typeof import("./clients")> {
  const outfile = join(mkdtempSync(join(tmpdir(), "x-bench-")), "clients.mjs");
  await build({
    entryPoints: [fileURLToPath(new URL("./clients.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["source"],
    outfile,
    logLevel: "error",
  });
  return import(pathToFileURL(outfile).href);
}
