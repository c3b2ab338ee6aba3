import { VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN: the REST address
// and token of the index (or of `pnpm x-dev start`).
const index = VectorIndex.fromEnv();

// Counts and configuration of the whole index (counts
// per namespace too); counts are updated eventually.
const { vectorCount, indexType, namespaces } =
  await index.info();
console.log(
  vectorCount,
  indexType,
  Object.keys(namespaces),
);
