import { VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN: the REST address
// and token of the index (or of `pnpm x-dev start`).
const index = VectorIndex.fromEnv();
const products = index.namespace("products");

// The 3 nearest vectors, highest score first.
const results = await products.query({
  vector: [0.9, 0.1, 0.0],
  topK: 3,
});
for (const { id, score } of results) console.log(id, score);
