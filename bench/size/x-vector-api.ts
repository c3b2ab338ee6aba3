// openapi-fetch's own client of the vector spec, from `@x/vector/api`: the one entry that
// brings openapi-fetch.
import { createVectorApi } from "@x/vector/api";

export default function run(url: string, token: string) {
  return createVectorApi({ url, token }).POST("/query", { body: { vector: [0.1, 0.2], topK: 5 } });
}
