import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// One run across the workspace. Workspace packages resolve to their sources so
// tests never depend on a previous build.
const workspace = ["core", "workflow", "vector", "otel", "dev-server", "openapi-check"];
// Packages with an `/internal` subpath for the other packages' use.
const withInternal = ["core", "openapi-check"];

export default defineConfig({
  resolve: {
    alias: [
      ...workspace.map((name) => ({
        find: new RegExp(`^@x/${name}$`),
        replacement: fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url)),
      })),
      ...withInternal.map((name) => ({
        find: new RegExp(`^@x/${name}/internal$`),
        replacement: fileURLToPath(new URL(`./packages/${name}/src/internal.ts`, import.meta.url)),
      })),
    ],
  },
  test: {
    include: ["packages/*/test/**/*.test.ts", "bench/test/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
