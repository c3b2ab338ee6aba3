import { defineConfig } from "tsup";

// The JavaScript only: the build script then writes the declarations from the sources
// (scripts/build/declarations.mjs), without the type-checking program tsup's `dts` builds.
export default defineConfig({
  // src/cli.ts starts with a node shebang, which tsup keeps (and marks the file executable).
  entry: ["src/index.ts", "src/cli.ts"],
  format: ["esm", "cjs"],
  platform: "node",
  target: "node20",
  clean: true,
  treeshake: true,
});
