// Generated from specs/vector/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

import type { SpecRule } from "@x/core/internal";

/** Each JSON request body an operation of the spec takes, by its name under components: its fields and their rules. */
export const requestBodies: {
  readonly Range: {
    readonly type: "object";
    readonly fields: {
      readonly cursor: {
        readonly type: "string";
      };
      readonly limit: {
        readonly type: "integer";
        readonly minimum: 1;
      };
      readonly prefix: {
        readonly type: "string";
      };
      readonly includeMetadata: {
        readonly type: "boolean";
      };
      readonly includeVectors: {
        readonly type: "boolean";
      };
      readonly includeData: {
        readonly type: "boolean";
      };
    };
    readonly required: readonly [
      readonly ["cursor", "limit"]
    ];
    readonly closed: true;
  };
  readonly Query: {
    readonly type: "object";
    readonly fields: {
      readonly vector: {
        readonly type: "array";
        readonly items: {
          readonly type: "number";
        };
      };
      readonly sparseVector: {
        readonly type: "object";
        readonly fields: {
          readonly indices: {
            readonly type: "array";
            readonly items: {
              readonly type: "integer";
              readonly minimum: 0;
            };
          };
          readonly values: {
            readonly type: "array";
            readonly items: {
              readonly type: "number";
            };
          };
        };
        readonly required: readonly [
          readonly ["indices", "values"]
        ];
      };
      readonly topK: {
        readonly type: "integer";
        readonly minimum: 1;
      };
      readonly includeMetadata: {
        readonly type: "boolean";
      };
      readonly includeVectors: {
        readonly type: "boolean";
      };
      readonly includeData: {
        readonly type: "boolean";
      };
      readonly filter: {
        readonly type: "string";
      };
      readonly weightingStrategy: {
        readonly type: "string";
        readonly enum: readonly ["IDF"];
      };
      readonly fusionAlgorithm: {
        readonly type: "string";
        readonly enum: readonly ["RRF", "DBSF"];
      };
    };
    readonly required: readonly [
      readonly ["vector"],
      readonly ["sparseVector"]
    ];
    readonly closed: true;
  };
  readonly Fetch: {
    readonly type: "object";
    readonly fields: {
      readonly ids: {
        readonly type: "array";
        readonly items: {
          readonly type: "string";
        };
      };
      readonly includeMetadata: {
        readonly type: "boolean";
      };
      readonly includeVectors: {
        readonly type: "boolean";
      };
      readonly includeData: {
        readonly type: "boolean";
      };
      readonly prefix: {
        readonly type: "string";
      };
    };
    readonly required: readonly [
      readonly ["ids"],
      readonly ["prefix"]
    ];
    readonly closed: true;
  };
} = {
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
