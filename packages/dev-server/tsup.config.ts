import { defineConfig } from "tsup";

export default defineConfig({
  // src/cli.ts starts with a node shebang, which tsup keeps (and marks the file executable).
  entry: ["src/index.ts", "src/cli.ts"],
  format: ["esm", "cjs"],
  dts: { entry: "src/index.ts" },
  platform: "node",
  target: "node20",
  // The contract kit is private: bundled in, the published package carries the repo's one
  // request validator (and the committed spec JSON) without a dependency nobody can install.
  noExternal: ["@x/contract"],
  clean: true,
  treeshake: true,
});
