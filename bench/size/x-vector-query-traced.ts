// `query` traced with @x/otel: compare with x-vector-query.ts. `@opentelemetry/api` is
// left external: the app that traces has it already.
import { tracing } from "@x/otel";
import { VectorIndex } from "@x/vector";

export default function run(url: string, token: string) {
  return new VectorIndex({ url, token, tracing: tracing() }).query({ vector: [0.1, 0.2], topK: 5 });
}
