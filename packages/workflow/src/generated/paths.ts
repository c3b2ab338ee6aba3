// Generated from specs/workflow/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

/** Every path of the spec, as it writes it (`/query/{namespace}`). */
export const pathTemplates: readonly string[] = [
  "/v2/trigger/{workflowUrl}"
];
