// Generated from specs/vector/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

/** Every path of the spec, as it writes it (`/query/{namespace}`). */
export const pathTemplates: readonly string[] = [
  "/range",
  "/range/{namespace}",
  "/query",
  "/query/{namespace}",
  "/fetch",
  "/fetch/{namespace}",
  "/info"
];
