import { VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN: the REST address
// and token of the index (or of `pnpm x-dev start`).
const index = VectorIndex.fromEnv();

// In the order of the ids; null for an id with no vector.
const [first, missing] = await index.fetch(
  ["doc-1", "doc-404"],
  { includeMetadata: true },
);
console.log(first?.metadata, missing);
