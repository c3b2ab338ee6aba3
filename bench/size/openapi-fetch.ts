// openapi-fetch alone, typed by our generated vector paths: the runtime we chose not to ship.
import createClient from "openapi-fetch";
import type { paths } from "../../packages/vector/src/generated/schema";

export default function run(url: string, token: string) {
  const client = createClient<paths>({
    baseUrl: url,
    headers: { authorization: `Bearer ${token}` },
  });
  return client.POST("/query", { body: { vector: [0.1, 0.2], topK: 5 } });
}
