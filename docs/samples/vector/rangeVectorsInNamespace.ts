import { VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN (the index's REST address and token).
const products = VectorIndex.fromEnv().namespace("products");

// Start at cursor "0", then send each nextCursor back until it is "".
const { nextCursor, vectors } = await products.range({
  cursor: "0",
  limit: 100,
  prefix: "sku-",
});
console.log(nextCursor, vectors);
