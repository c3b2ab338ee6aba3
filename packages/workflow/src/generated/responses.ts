// Generated from specs/workflow/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

import type { ResponseRules } from "@x/core/internal/guard";

/**
 * What the spec declares for the answers of each operation, by path template and method:
 * per status, the media types, the required response headers and a compact schema of the
 * JSON body. Imported only by the `/guard` entry point.
 */
export const responseRules: ResponseRules = {
  "/v2/trigger/{workflowUrl}": {
    "POST": {
      "operation": "POST /v2/trigger/{workflowUrl}",
      "responses": {
        "200": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "workflowRunId": {
                "type": "string"
              },
              "workflowCreatedAt": {
                "type": "integer"
              }
            },
            "required": [
              "workflowRunId",
              "workflowCreatedAt"
            ]
          }
        },
        "400": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              }
            },
            "required": [
              "error"
            ]
          }
        },
        "401": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              }
            },
            "required": [
              "error"
            ]
          }
        },
        "500": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              }
            },
            "required": [
              "error"
            ]
          }
        },
        "default": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              }
            },
            "required": [
              "error"
            ]
          }
        }
      }
    }
  }
};
