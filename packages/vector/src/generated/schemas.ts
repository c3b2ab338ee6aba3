// Generated from specs/vector/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

import type { Schema } from "@x/core/internal";

/** The spec's `SparseVector` schema. */
export const SparseVectorSchema: Schema = {
  "type": "object",
  "properties": {
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
    ["indices", "values"]
  ]
};

/** The spec's `VectorRecord` schema. */
export const VectorRecordSchema: Schema = {
  "type": "object",
  "properties": {
    "id": {
      "type": "string"
    },
    "vector": {
      "type": "array",
      "items": {
        "type": "number"
      }
    },
    "sparseVector": SparseVectorSchema,
    "metadata": {
      "type": "object"
    },
    "data": {
      "type": "string"
    }
  },
  "required": [
    ["id"]
  ]
};

/** The spec's `ScoreRecord` schema. */
export const ScoreRecordSchema: Schema = {
  "type": "object",
  "properties": {
    "id": {
      "type": "string"
    },
    "vector": {
      "type": "array",
      "items": {
        "type": "number"
      }
    },
    "sparseVector": SparseVectorSchema,
    "metadata": {
      "type": "object"
    },
    "data": {
      "type": "string"
    },
    "score": {
      "type": "number"
    }
  },
  "required": [
    ["id", "score"]
  ]
};

/** The spec's `RangeRequest` schema. */
export const RangeRequestSchema: Schema = {
  "type": "object",
  "properties": {
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
    ["cursor", "limit"]
  ],
  "additional": false
};

/** The spec's `RangeResult` schema. */
export const RangeResultSchema: Schema = {
  "type": "object",
  "properties": {
    "nextCursor": {
      "type": "string"
    },
    "vectors": {
      "type": "array",
      "items": VectorRecordSchema
    }
  },
  "required": [
    ["nextCursor", "vectors"]
  ]
};

/** The spec's `QueryRequest` schema. */
export const QueryRequestSchema: Schema = {
  "type": "object",
  "properties": {
    "vector": {
      "type": "array",
      "items": {
        "type": "number"
      }
    },
    "sparseVector": SparseVectorSchema,
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
      "enum": ["IDF"]
    },
    "fusionAlgorithm": {
      "enum": ["RRF", "DBSF"]
    }
  },
  "required": [
    ["vector"],
    ["sparseVector"]
  ],
  "additional": false
};

/** The spec's `QueryWithVector` schema. */
export const QueryWithVectorSchema: Schema = {
  "type": "object",
  "properties": {
    "vector": {
      "type": "array",
      "items": {
        "type": "number"
      }
    },
    "sparseVector": SparseVectorSchema,
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
      "enum": ["IDF"]
    },
    "fusionAlgorithm": {
      "enum": ["RRF", "DBSF"]
    }
  },
  "required": [
    ["vector"]
  ],
  "additional": false
};

/** The spec's `QueryWithSparseVector` schema. */
export const QueryWithSparseVectorSchema: Schema = {
  "type": "object",
  "properties": {
    "vector": {
      "type": "array",
      "items": {
        "type": "number"
      }
    },
    "sparseVector": SparseVectorSchema,
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
      "enum": ["IDF"]
    },
    "fusionAlgorithm": {
      "enum": ["RRF", "DBSF"]
    }
  },
  "required": [
    ["sparseVector"]
  ],
  "additional": false
};

/** The spec's `QueryBatch` schema. */
export const QueryBatchSchema: Schema = {
  "type": "array",
  "minItems": 1,
  "items": QueryRequestSchema
};

/** The spec's `QueryBody` schema. */
export const QueryBodySchema: Schema = {
  "anyOf": [
    QueryRequestSchema,
    QueryBatchSchema
  ]
};

/** The spec's `ScoreList` schema. */
export const ScoreListSchema: Schema = {
  "type": "array",
  "items": ScoreRecordSchema
};

/** The spec's `ScoreLists` schema. */
export const ScoreListsSchema: Schema = {
  "type": "array",
  "minItems": 2,
  "items": ScoreListSchema
};

/** The spec's `QueryResult` schema. */
export const QueryResultSchema: Schema = {
  "anyOf": [
    ScoreListSchema,
    ScoreListsSchema
  ]
};

/** The spec's `FetchRequest` schema. */
export const FetchRequestSchema: Schema = {
  "type": "object",
  "properties": {
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
    ["ids"],
    ["prefix"]
  ],
  "additional": false
};

/** The spec's `FetchByIds` schema. */
export const FetchByIdsSchema: Schema = {
  "type": "object",
  "properties": {
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
    }
  },
  "required": [
    ["ids"]
  ],
  "additional": false
};

/** The spec's `FetchByPrefix` schema. */
export const FetchByPrefixSchema: Schema = {
  "type": "object",
  "properties": {
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
    ["prefix"]
  ],
  "additional": false
};

/** The spec's `FetchResult` schema. */
export const FetchResultSchema: Schema = {
  "type": "array",
  "items": {
    "anyOf": [
      VectorRecordSchema,
      {
        "type": "null"
      }
    ]
  }
};

/** The spec's `NamespaceInfo` schema. */
export const NamespaceInfoSchema: Schema = {
  "type": "object",
  "properties": {
    "vectorCount": {
      "type": "integer",
      "minimum": 0
    },
    "pendingVectorCount": {
      "type": "integer",
      "minimum": 0
    }
  },
  "required": [
    ["vectorCount", "pendingVectorCount"]
  ]
};

/** The spec's `DenseIndexInfo` schema. */
export const DenseIndexInfoSchema: Schema = {
  "type": "object",
  "properties": {
    "dimension": {
      "type": "integer",
      "minimum": 0
    },
    "similarityFunction": {
      "enum": ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"]
    },
    "embeddingModel": {
      "type": "string"
    }
  },
  "required": [
    ["dimension", "similarityFunction", "embeddingModel"]
  ]
};

/** The spec's `SparseIndexInfo` schema. */
export const SparseIndexInfoSchema: Schema = {
  "type": "object",
  "properties": {
    "embeddingModel": {
      "type": "string"
    }
  },
  "required": [
    ["embeddingModel"]
  ]
};

/** The spec's `IndexInfo` schema. */
export const IndexInfoSchema: Schema = {
  "type": "object",
  "properties": {
    "vectorCount": {
      "type": "integer",
      "minimum": 0
    },
    "pendingVectorCount": {
      "type": "integer",
      "minimum": 0
    },
    "indexSize": {
      "type": "integer",
      "minimum": 0
    },
    "dimension": {
      "type": "integer",
      "minimum": 0
    },
    "similarityFunction": {
      "type": "string"
    },
    "indexType": {
      "enum": ["DENSE", "SPARSE", "HYBRID"]
    },
    "denseIndex": DenseIndexInfoSchema,
    "sparseIndex": SparseIndexInfoSchema,
    "namespaces": {
      "type": "object",
      "additional": NamespaceInfoSchema
    }
  },
  "required": [
    ["vectorCount", "pendingVectorCount", "indexSize", "dimension", "similarityFunction", "indexType", "namespaces"]
  ]
};

/** The spec's `Error` schema. */
export const ErrorSchema: Schema = {
  "type": "object",
  "properties": {
    "error": {
      "type": "string"
    },
    "status": {
      "type": "integer"
    }
  },
  "required": [
    ["error", "status"]
  ]
};

/** The spec's `RangeResponse` schema. */
export const RangeResponseSchema: Schema = {
  "type": "object",
  "properties": {
    "result": RangeResultSchema
  },
  "required": [
    ["result"]
  ]
};

/** The spec's `QueryResponse` schema. */
export const QueryResponseSchema: Schema = {
  "type": "object",
  "properties": {
    "result": QueryResultSchema
  },
  "required": [
    ["result"]
  ]
};

/** The spec's `FetchResponse` schema. */
export const FetchResponseSchema: Schema = {
  "type": "object",
  "properties": {
    "result": FetchResultSchema
  },
  "required": [
    ["result"]
  ]
};

/** The spec's `InfoResponse` schema. */
export const InfoResponseSchema: Schema = {
  "type": "object",
  "properties": {
    "result": IndexInfoSchema
  },
  "required": [
    ["result"]
  ]
};
