import { VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN (the index's REST address and token).
const index = VectorIndex.fromEnv();

// Counts and configuration of the whole index; counts are updated eventually.
const { vectorCount, dimension, indexType, namespaces } = await index.info();
console.log(vectorCount, dimension, indexType, Object.keys(namespaces));
