// What the client benches run: our two clients and their spec guards, bundled by
// lib/load-clients.ts.
export { VectorIndex } from "@x/vector";
export { specGuard as vectorGuard } from "@x/vector/guard";
export { WorkflowClient } from "@x/workflow";
export { specGuard as workflowGuard } from "@x/workflow/guard";
