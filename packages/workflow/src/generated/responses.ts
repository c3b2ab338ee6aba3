// Generated from specs/workflow/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

import type { ResponseRules, StatusRules } from "@x/core/internal/guard";
import { ErrorSchema, TriggerResultSchema } from "./schemas";

/** The spec's `Triggered` response. */
const TriggeredAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": TriggerResultSchema
};

/** The spec's `BadRequest` response. */
const BadRequestAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": ErrorSchema
};

/** The spec's `Unauthorized` response. */
const UnauthorizedAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": ErrorSchema
};

/** The spec's `InternalServerError` response. */
const InternalServerErrorAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": ErrorSchema
};

/** The spec's `OtherError` response. */
const OtherErrorAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": ErrorSchema
};

/**
 * What the spec declares for the answers of each operation, by path template and method:
 * per status, the media types, the required response headers and the JSON body's schema.
 * Imported only by the `/guard` entry point.
 */
export const responseRules: ResponseRules = {
  "/v2/trigger/{workflowUrl}": {
    POST: {
      operation: "POST /v2/trigger/{workflowUrl}",
      responses: {
        "200": TriggeredAnswer,
        "400": BadRequestAnswer,
        "401": UnauthorizedAnswer,
        "500": InternalServerErrorAnswer,
        "default": OtherErrorAnswer
      }
    }
  }
};
