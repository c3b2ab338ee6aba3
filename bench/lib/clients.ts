// What the client benches run: our two clients, bundled by lib/load-clients.ts.
export { VectorIndex } from "@x/vector";
export { WorkflowClient } from "@x/workflow";
