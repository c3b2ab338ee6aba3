import { defineConfig } from "tsup";
import { packageDocumentation } from "../../scripts/package-doc.mjs";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: { banner: packageDocumentation("src/index.ts") },
  clean: true,
  target: "es2022",
  treeshake: true,
});
