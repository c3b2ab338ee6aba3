// What each client's result type promises, written down from the seeds (not derived from
// the spec): a response the spec allows but that breaks one of these would make the
// client's types lie. Extra fields are allowed; only the promised ones are checked.

const num = { type: "number" };
const str = { type: "string" };
const count = { type: "integer", minimum: 0 };

const record = {
  type: "object",
  required: ["id"],
  properties: {
    id: str,
    vector: { type: "array", items: num },
    sparseVector: {
      type: "object",
      required: ["indices", "values"],
      properties: {
        indices: { type: "array", items: { type: "integer", minimum: 0 } },
        values: { type: "array", items: num },
      },
    },
    metadata: { type: "object" },
    data: str,
  },
};

const scored = {
  ...record,
  required: ["id", "score"],
  properties: { ...record.properties, score: num },
};

export const PROMISES = {
  trigger: {
    type: "object",
    required: ["workflowRunId", "workflowCreatedAt"],
    properties: { workflowRunId: str, workflowCreatedAt: count },
  },
  range: {
    type: "object",
    required: ["nextCursor", "vectors"],
    properties: { nextCursor: str, vectors: { type: "array", items: record } },
  },
  query: { type: "array", items: scored },
  queryMany: { type: "array", items: { type: "array", items: scored } },
  fetch: { type: "array", items: { anyOf: [record, { type: "null" }] } },
  info: {
    type: "object",
    required: [
      "vectorCount",
      "pendingVectorCount",
      "indexSize",
      "dimension",
      "similarityFunction",
      "indexType",
      "namespaces",
    ],
    properties: {
      vectorCount: count,
      pendingVectorCount: count,
      indexSize: count,
      dimension: count,
      similarityFunction: str,
      indexType: { enum: ["DENSE", "SPARSE", "HYBRID"] },
      denseIndex: {
        type: "object",
        required: ["dimension", "similarityFunction", "embeddingModel"],
        properties: {
          dimension: count,
          similarityFunction: { enum: ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"] },
          embeddingModel: str,
        },
      },
      sparseIndex: {
        type: "object",
        required: ["embeddingModel"],
        properties: { embeddingModel: str },
      },
      namespaces: {
        type: "object",
        additionalProperties: {
          type: "object",
          required: ["vectorCount", "pendingVectorCount"],
          properties: { vectorCount: count, pendingVectorCount: count },
        },
      },
    },
  },
} as const;
