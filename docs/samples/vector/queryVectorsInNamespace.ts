import { VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN (the index's REST address and token).
const products = VectorIndex.fromEnv().namespace("products");

// The 3 nearest vectors of the namespace, highest score first.
const results = await products.query({ vector: [0.9, 0.1, 0.0], topK: 3 });
for (const { id, score } of results) console.log(id, score);
