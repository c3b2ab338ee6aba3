// An edge handler as a Cloudflare Worker is written (web APIs only), compiled as a strict
// team compiles it: its `Env` is an interface without an index signature, holding a
// binding beside its strings. `fromEnv` takes it (any object; only string values are read),
// for both clients and both ways to make one. Compiled by `pnpm typecheck` and, from the
// packed packages, by every TypeScript of the types matrix; nothing here runs.
import {
  ConfigurationError,
  ValidationError,
  VectorIndex,
  vectorClientFromEnv,
  vectorQuery,
} from "@x/vector";
import { WorkflowClient, workflowClientFromEnv, workflowTrigger } from "@x/workflow";

/** A binding as a Worker's `Env` holds one: an object with methods, not a string. */
interface KVNamespace {
  get(key: string): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
}

interface Env {
  VECTOR_URL: string;
  VECTOR_TOKEN: string;
  WORKFLOW_TOKEN: string;
  WORKFLOW_URL?: string;
  KV: KVNamespace;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    try {
      const index = VectorIndex.fromEnv<{ title: string }>(env);
      const hits = await index.query({ vector: [0.1, 0.2, 0.3], topK: 3, includeMetadata: true });
      const client = vectorClientFromEnv<{ title: string }>(env, { timeoutMs: 5_000 });
      const more = await vectorQuery(client, { vector: [0.1, 0.2, 0.3], topK: 3 });
      const runs = WorkflowClient.fromEnv(env);
      await runs.trigger({ url: new URL("/api/workflow", request.url).href });
      await workflowTrigger(workflowClientFromEnv(env), { url: "https://example.org/api/wf" });
      await env.KV.put("last", hits[0]?.metadata?.title ?? "");
      return Response.json({ hits: hits.length + more.length });
    } catch (error) {
      // The caller's bad input is a 400; the handler's own setup is a 500.
      if (error instanceof ValidationError) return new Response(error.message, { status: 400 });
      if (error instanceof ConfigurationError)
        return new Response("misconfigured", { status: 500 });
      throw error;
    }
  },
};
