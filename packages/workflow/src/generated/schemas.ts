// Generated from specs/workflow/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

import type { Schema } from "@x/core/internal";

/** The spec's `TriggerResult` schema. */
export const TriggerResultSchema: Schema = {
  "type": "object",
  "properties": {
    "workflowRunId": {
      "type": "string"
    },
    "workflowCreatedAt": {
      "type": "integer",
      "minimum": 0
    }
  },
  "required": [
    ["workflowRunId", "workflowCreatedAt"]
  ]
};

/** The spec's `FailureReport` schema. */
export const FailureReportSchema: Schema = {
  "type": "object",
  "properties": {
    "status": {
      "type": "integer",
      "minimum": 0
    },
    "headers": {
      "type": "object",
      "additional": {
        "type": "string"
      }
    },
    "body": {
      "type": "string"
    },
    "url": {
      "type": "string"
    },
    "workflowRunId": {
      "type": "string"
    },
    "workflowCreatedAt": {
      "type": "integer",
      "minimum": 0
    },
    "retried": {
      "type": "integer",
      "minimum": 0
    },
    "maxRetries": {
      "type": "integer",
      "minimum": 0
    }
  },
  "required": [
    ["status", "headers", "body", "url", "workflowRunId", "workflowCreatedAt", "retried", "maxRetries"]
  ]
};

/** The spec's `Error` schema. */
export const ErrorSchema: Schema = {
  "type": "object",
  "properties": {
    "error": {
      "type": "string"
    }
  },
  "required": [
    ["error"]
  ]
};
