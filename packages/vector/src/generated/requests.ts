// Generated from specs/vector/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

/** The media types of each request body an operation takes, by its name under components. */
export const mediaTypes: {
  readonly Range: readonly ["application/json"];
  readonly Query: readonly ["application/json"];
  readonly Fetch: readonly ["application/json"];
} = {
  "Range": [
    "application/json"
  ],
  "Query": [
    "application/json"
  ],
  "Fetch": [
    "application/json"
  ]
} as const satisfies Record<string, readonly string[]>;
