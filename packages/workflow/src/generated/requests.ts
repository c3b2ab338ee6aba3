// Generated from specs/workflow/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

import type { Schema } from "@x/core/internal";

/** The header parameters of the spec's components with a rule beyond being a string, by name. */
export const headerParameters: {
  readonly "Svc-Workflow-RunId": {
    readonly type: "string";
    readonly minLength: 1;
  };
  readonly "Svc-Retries": {
    readonly type: "integer";
    readonly minimum: 0;
  };
  readonly "Svc-Delay": {
    readonly type: "string";
    readonly pattern: "^(?:[0-9]+(?:\\.[0-9]+)?[smhd])+$";
  };
  readonly "Svc-Not-Before": {
    readonly type: "integer";
    readonly minimum: 0;
  };
  readonly "Svc-Label": {
    readonly type: "string";
    readonly pattern: "^\\s*[^,\\s][^,]*(?:,\\s*[^,\\s][^,]*)*$";
  };
  readonly "Svc-Flow-Control-Key": {
    readonly type: "string";
    readonly minLength: 1;
  };
  readonly "Svc-Flow-Control-Value": {
    readonly type: "string";
    readonly pattern: "^(?:parallelism=[1-9][0-9]*(?:\\s*,\\s*rate=[1-9][0-9]*(?:\\s*,\\s*period=(?:[0-9]+(?:\\.[0-9]+)?[smhd])+)?)?|rate=[1-9][0-9]*(?:\\s*,\\s*period=(?:[0-9]+(?:\\.[0-9]+)?[smhd])+)?)$";
  };
  readonly "Svc-Failure-Callback": {
    readonly type: "string";
    readonly pattern: "^(?:https?://\\S+)?$";
  };
  readonly "Svc-Retry-Delay": {
    readonly type: "string";
    readonly pattern: "^(?:[\\s0-9.+\\-*/(),]|retried|pow|exp|sqrt|abs|floor|ceil|round|min|max)+$";
  };
} = {
  "Svc-Workflow-RunId": {
    "type": "string",
    "minLength": 1
  },
  "Svc-Retries": {
    "type": "integer",
    "minimum": 0
  },
  "Svc-Delay": {
    "type": "string",
    "pattern": "^(?:[0-9]+(?:\\.[0-9]+)?[smhd])+$"
  },
  "Svc-Not-Before": {
    "type": "integer",
    "minimum": 0
  },
  "Svc-Label": {
    "type": "string",
    "pattern": "^\\s*[^,\\s][^,]*(?:,\\s*[^,\\s][^,]*)*$"
  },
  "Svc-Flow-Control-Key": {
    "type": "string",
    "minLength": 1
  },
  "Svc-Flow-Control-Value": {
    "type": "string",
    "pattern": "^(?:parallelism=[1-9][0-9]*(?:\\s*,\\s*rate=[1-9][0-9]*(?:\\s*,\\s*period=(?:[0-9]+(?:\\.[0-9]+)?[smhd])+)?)?|rate=[1-9][0-9]*(?:\\s*,\\s*period=(?:[0-9]+(?:\\.[0-9]+)?[smhd])+)?)$"
  },
  "Svc-Failure-Callback": {
    "type": "string",
    "pattern": "^(?:https?://\\S+)?$"
  },
  "Svc-Retry-Delay": {
    "type": "string",
    "pattern": "^(?:[\\s0-9.+\\-*/(),]|retried|pow|exp|sqrt|abs|floor|ceil|round|min|max)+$"
  }
} as const satisfies Record<string, Schema>;

/** The media types of each request body an operation takes, by its name under components. */
export const mediaTypes: {
  readonly WorkflowPayload: readonly ["text/plain", "application/json", "application/octet-stream"];
} = {
  "WorkflowPayload": [
    "text/plain",
    "application/json",
    "application/octet-stream"
  ]
} as const satisfies Record<string, readonly string[]>;

/** The values each server variable of the spec may take, by variable name. */
export const serverVariables: {
  readonly region: readonly ["us-east-1", "eu-central-1"];
} = {
  "region": [
    "us-east-1",
    "eu-central-1"
  ]
} as const satisfies Record<string, readonly string[]>;
