import { VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN: the REST address
// and token of the index (or of `pnpm x-dev start`).
const index = VectorIndex.fromEnv();
const products = index.namespace("products");

// Start at cursor "0", then send each nextCursor
// back as cursor until it is "".
const page = await products.range({
  cursor: "0",
  limit: 100,
  prefix: "sku-",
});
console.log(page.nextCursor, page.vectors);
