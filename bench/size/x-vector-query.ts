// Only `query`: what a search endpoint pulls in.
import { VectorIndex } from "@x/vector";

export default function run(url: string, token: string) {
  return new VectorIndex({ url, token }).query({ vector: [0.1, 0.2], topK: 5 });
}
