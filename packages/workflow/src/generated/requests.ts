// Generated from specs/workflow/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

import type { SpecRule } from "@x/core/internal";

/** The header parameters of the spec's components with a rule beyond being a string, by name. */
export const headerParameters = {
  "Svc-Workflow-RunId": {
    "type": "string",
    "minLength": 1
  },
  "Svc-Retries": {
    "type": "integer",
    "minimum": 0
  },
  "Svc-Not-Before": {
    "type": "integer",
    "minimum": 0
  },
  "Svc-Flow-Control-Key": {
    "type": "string",
    "minLength": 1
  }
} as const satisfies Record<string, SpecRule>;

/** The media types of each request body an operation takes, by its name under components. */
export const mediaTypes = {
  "WorkflowPayload": [
    "text/plain",
    "application/json",
    "application/octet-stream"
  ]
} as const satisfies Record<string, readonly string[]>;

/** The values each server variable of the spec may take, by variable name. */
export const serverVariables = {
  "region": [
    "us-east-1",
    "eu-central-1"
  ]
} as const satisfies Record<string, readonly string[]>;
