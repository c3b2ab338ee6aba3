// Only `vectorQuery`: what a search endpoint written with the functions pulls in.
import { createVectorClient, vectorQuery } from "@x/vector";

export default function run(url: string, token: string) {
  return vectorQuery(createVectorClient({ url, token }), { vector: [0.1, 0.2], topK: 5 });
}
