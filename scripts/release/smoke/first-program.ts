// A user's first program, type-checked (not run) in the rehearsal's consumer project with
// strict settings. It is copied there twice: as `.mts` (imports resolve to the packages' ESM
// declarations) and as `.cts` (their CommonJS declarations).
import { startDevServer } from "@x/dev-server";
import { VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";

interface Movie {
  genre: string;
}

export async function firstProgram(): Promise<string> {
  const dev = await startDevServer({ vector: { dimension: 3, metric: "COSINE", type: "DENSE" } });
  const index = new VectorIndex<Movie>({ url: dev.vectorUrl, token: dev.token });
  const hits = await index.query({ vector: [1, 0, 0], topK: 1, includeMetadata: true });
  const genre: string | undefined = hits[0]?.metadata?.genre;
  const workflow = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token });
  const run = await workflow.trigger({ url: "https://example.org/api/workflow", body: { genre } });
  await dev.close();
  return run.workflowRunId;
}
