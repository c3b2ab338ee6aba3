// The program walk 1 type-checks and runs against the built clients in the copy: a range
// with the vector spec's new request field, a trigger answered with the workflow spec's new
// response field. It prints what the vector client sent and what the trigger returned.
export const PROBE = `import { VectorIndex } from "./packages/vector/dist/index.js";
import { WorkflowClient } from "./packages/workflow/dist/index.js";

let rangeBody: unknown;
const index = new VectorIndex({
  url: "https://index.example.com",
  token: "walk-token",
  fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
    rangeBody = await new Request(input, init).json();
    return Response.json({ result: { nextCursor: "", vectors: [] } });
  },
});
await index.range({ cursor: "0", limit: 10, reverse: true });

const wf = new WorkflowClient({
  baseUrl: "https://workflow.example.com",
  token: "walk-token",
  fetch: async () =>
    Response.json({ workflowRunId: "wfr_1", workflowCreatedAt: 1, deduplicated: true }),
});
const result = await wf.trigger({ url: "https://app.example.com/api/workflow" });
const deduplicated: boolean | undefined = result.deduplicated;
console.log(JSON.stringify({ rangeBody, deduplicated }));
`;
