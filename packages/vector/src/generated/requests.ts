// Generated from specs/vector/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

import type { SpecRule } from "@x/core/internal";

/** Each JSON request body an operation of the spec takes, by its name under components: its fields and their rules. */
export const requestBodies = {
  "Range": {
    "type": "object",
    "fields": {
      "cursor": {
        "type": "string"
      },
      "limit": {
        "type": "integer",
        "minimum": 1
      },
      "prefix": {
        "type": "string"
      },
      "includeMetadata": {
        "type": "boolean"
      },
      "includeVectors": {
        "type": "boolean"
      },
      "includeData": {
        "type": "boolean"
      }
    },
    "required": [
      [
        "cursor",
        "limit"
      ]
    ],
    "closed": true
  },
  "Query": {
    "type": "object",
    "fields": {
      "vector": {
        "type": "array",
        "items": {
          "type": "number"
        }
      },
      "sparseVector": {
        "type": "object",
        "fields": {
          "indices": {
            "type": "array",
            "items": {
              "type": "integer",
              "minimum": 0
            }
          },
          "values": {
            "type": "array",
            "items": {
              "type": "number"
            }
          }
        },
        "required": [
          [
            "indices",
            "values"
          ]
        ]
      },
      "topK": {
        "type": "integer",
        "minimum": 1
      },
      "includeMetadata": {
        "type": "boolean"
      },
      "includeVectors": {
        "type": "boolean"
      },
      "includeData": {
        "type": "boolean"
      },
      "filter": {
        "type": "string"
      },
      "weightingStrategy": {
        "type": "string",
        "enum": [
          "IDF"
        ]
      },
      "fusionAlgorithm": {
        "type": "string",
        "enum": [
          "RRF",
          "DBSF"
        ]
      }
    },
    "required": [
      [
        "vector"
      ],
      [
        "sparseVector"
      ]
    ],
    "closed": true
  },
  "Fetch": {
    "type": "object",
    "fields": {
      "ids": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "includeMetadata": {
        "type": "boolean"
      },
      "includeVectors": {
        "type": "boolean"
      },
      "includeData": {
        "type": "boolean"
      },
      "prefix": {
        "type": "string"
      }
    },
    "required": [
      [
        "ids"
      ],
      [
        "prefix"
      ]
    ],
    "closed": true
  }
} as const satisfies Record<string, SpecRule>;

/** The media types of each request body an operation takes, by its name under components. */
export const mediaTypes = {
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
