import { VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN (the index's REST address and token).
const products = VectorIndex.fromEnv().namespace("products");

// Every vector whose id starts with the prefix, in id order (at most 1000).
const records = await products.fetch({ prefix: "sku-", includeVectors: true });
for (const { id, vector } of records) console.log(id, vector);
