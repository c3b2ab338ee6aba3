import { VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN: the REST address
// and token of the index (or of `pnpm x-dev start`).
const index = VectorIndex.fromEnv();
const products = index.namespace("products");

// The vectors whose id starts with the prefix, in id
// order; the service returns at most 1000.
const records = await products.fetch({
  prefix: "sku-",
  includeVectors: true,
});
for (const { id, vector } of records) {
  console.log(id, vector);
}
