import { defineConfig } from "tsup";

export default defineConfig({
  // src/cli.ts starts with a node shebang, which tsup keeps (and marks the file executable).
  entry: ["src/index.ts", "src/cli.ts"],
  format: ["esm", "cjs"],
  dts: { entry: "src/index.ts" },
  platform: "node",
  target: "node20",
  clean: true,
  treeshake: true,
});
