import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// One run across the workspace. Workspace packages resolve to their sources so
// tests never depend on a previous build.
const workspace = ["core", "workflow", "vector", "otel", "dev-server", "openapi-check"];
// Packages with an `/internal` subpath for the other packages' use.
const withInternal = ["core", "workflow", "openapi-check"];
// Clients with a `/guard` entry point (their spec guard), and core's part of it.
const withGuard = ["workflow", "vector"];

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
      {
        find: /^@x\/core\/internal\/guard$/,
        replacement: fileURLToPath(new URL("./packages/core/src/guard.ts", import.meta.url)),
      },
      ...withGuard.map((name) => ({
        find: new RegExp(`^@x/${name}/guard$`),
        replacement: fileURLToPath(new URL(`./packages/${name}/src/guard.ts`, import.meta.url)),
      })),
    ],
  },
  test: {
    // Vitest's default on a run is one worker fewer than the cores: a single worker on a
    // 2-core machine. Most of this suite's time is spent waiting (sockets, child processes,
    // the dev server's deliveries), so a second worker overlaps those waits; more cores
    // keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    include: ["packages/*/test/**/*.test.ts", "bench/test/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
