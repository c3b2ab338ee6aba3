// openapi-fetch's own clients, from their entry points, as a strict project uses them: made
// from a class, a function's client or options, typed from each spec's `paths`, and the
// policies a class takes. Compiled by `pnpm typecheck` and the types matrix; nothing here runs.
import { createVectorClient, type Policy, VectorIndex } from "@x/vector";
import { createVectorApi } from "@x/vector/api";
import { createWorkflowClient, WorkflowClient } from "@x/workflow";
import { createWorkflowApi } from "@x/workflow/api";

const options = { url: "https://my-index.example.com", token: "t" };
const index = new VectorIndex<{ genre: string }>(options);
const stamp: Policy = (request, next) => {
  request.headers.set("x-request-id", "r-1");
  return next(request);
};
index.use(stamp, { onResponse: ({ response }) => void response.status });

export async function vectorApis(): Promise<string> {
  const fromIndex = createVectorApi(index);
  const fromClient = createVectorApi(createVectorClient(options));
  const fromOptions = createVectorApi(options);
  const { data, error } = await fromIndex.POST("/range/{namespace}", {
    params: { path: { namespace: "docs" } },
    body: { cursor: "0", limit: 10 },
  });
  await fromClient.GET("/info");
  await fromOptions.POST("/query", { body: { vector: [0.1], topK: 1 } });
  // @ts-expect-error no such path in the spec
  await fromIndex.POST("/upsert", { body: {} });
  return error ? error.error : (data?.result.nextCursor ?? "");
}

export async function workflowApis(): Promise<string | undefined> {
  const api = createWorkflowApi(new WorkflowClient({ token: "t" }));
  createWorkflowApi(createWorkflowClient({ token: "t" }));
  const { data } = await api.POST("/v2/trigger/{workflowUrl}", {
    params: { path: { workflowUrl: "https://example.org/wf" }, header: { "Svc-Retries": 3 } },
    body: { orderId: 42 },
  });
  return data?.workflowRunId;
}
