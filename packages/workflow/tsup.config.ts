import { defineConfig } from "tsup";

// The JavaScript only: the build script then writes the declarations from the sources
// (scripts/build/declarations.mjs), without the type-checking program tsup's `dts` builds.
export default defineConfig({
  entry: ["src/index.ts", "src/api.ts", "src/internal.ts", "src/guard.ts"],
  format: ["esm", "cjs"],
  clean: true,
  target: "es2022",
  treeshake: true,
});
