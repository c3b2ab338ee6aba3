import { defineConfig } from "tsup";
import { packageDocumentation } from "../../scripts/package-doc.mjs";

export default defineConfig({
  entry: ["src/index.ts", "src/internal.ts", "src/guard.ts"],
  format: ["esm", "cjs"],
  // The banner goes on every declaration file, `internal.d.ts` and `guard.d.ts` included;
  // only the root's is read as the package's documentation.
  dts: { banner: packageDocumentation("src/index.ts") },
  clean: true,
  target: "es2022",
  treeshake: true,
});
