import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// One run across the workspace. Workspace packages resolve to their sources so
// tests never depend on a previous build.
const workspace = ["core", "workflow", "vector", "otel", "dev-server", "openapi-check"];
// Packages with an `/internal` subpath for the other packages' use.
const withInternal = ["core", "workflow", "openapi-check"];
// Clients with a `/guard` entry point (their spec guard), and core's part of it.
const withGuard = ["workflow", "vector"];
// Clients with an `/api` entry point (openapi-fetch's client over theirs).
const withApi = ["workflow", "vector"];
/**
 * The test files that run each in a process of its own: what they check is the state of a
 * fresh process, or what they do to a process should not stay in the shared graph. The
 * rest (the packages' tests and the root's test/) share a module graph per worker.
 */
const OWN_PROCESS = [
  // It counts the schemas a first server compiles: one started before it compiled them.
  "packages/dev-server/test/startup-warm-up.test.ts",
  // The generated scenarios count every socket and timer the process has left open, and
  // their helpers replace the process's setTimeout while they run.
  "packages/otel/test/client-pipeline.props.test.ts",
  // It mocks the generated rules module (vi.mock), which only takes where that module is
  // imported afresh: in a shared graph another file may have imported the real one first.
  "packages/workflow/test/header-rules.test.ts",
  // They load a whole tool into the worker and run it there (API Extractor with its
  // TypeScript, dependency-cruiser, the changesets reader and the spec differ): its module
  // state and its memory stay out of the shared graph.
  "test/api-report.test.ts",
  "test/import-rules.test.ts",
  "test/release-bump-check.test.ts",
  // It replaces fetch and the environment, and resets the module registry, for each sample.
  "test/docs-samples.test.ts",
  // It imports the README's program as a module, and replaces console.log while it runs.
  "test/readme-snippet.test.ts",
];

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
      ...withApi.map((name) => ({
        find: new RegExp(`^@x/${name}/api$`),
        replacement: fileURLToPath(new URL(`./packages/${name}/src/api.ts`, import.meta.url)),
      })),
    ],
  },
  test: {
    // Vitest's default on a run is one worker fewer than the cores: a single worker on a
    // 2-core machine. Most of this suite's time is spent waiting (sockets, child processes,
    // the dev server's deliveries), so a second worker overlaps those waits; more cores
    // keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 15_000,
    hookTimeout: 30_000,
    projects: [
      // The packages' tests share a module graph within each worker (isolate: false): each
      // file imported the sources afresh in a process of its own, and that import was most of
      // its CPU seconds (core, vector and workflow: 24.9 CPU seconds isolated, 8.0 shared).
      // A test whose module state must be fresh is listed in OWN_PROCESS instead.
      {
        extends: true,
        test: {
          name: "shared",
          include: ["packages/*/test/**/*.test.ts", "bench/test/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "own-process", include: OWN_PROCESS },
      },
    ],
  },
});
