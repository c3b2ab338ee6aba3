// What the README fragments take from the prose around them: a client made earlier, a
// workflow URL, a token, a query vector. Declared once for every sample, each with the type
// the prose gives it; a sample that imports or declares a name itself uses its own. The
// types matrix compiles it beside the samples (samples.mjs).
import type { DevServer } from "@x/dev-server";
import type { VectorIndex as Index } from "@x/vector";
import type { WorkflowClient as Client } from "@x/workflow";

declare global {
  /** "the README's `Movie`": the metadata of the vector README's examples. */
  interface ReadmeMovie {
    genre: string;
    year: number;
    title: string;
  }
  const VectorIndex: typeof Index;
  const WorkflowClient: typeof Client;
  const index: Index<ReadmeMovie>;
  const workflow: Client;
  /** `const dev = await startDevServer(...)`, as the test kit's prose starts it. */
  const dev: DevServer;
  const url: string;
  const token: string;
  const body: { orderId: number };
  const order: { id: number; items: string[] };
  const file: Blob;
  const myEnv: Record<string, string | undefined>;
  const vector: number[];
  const a: number[];
  const b: number[];
  const sparseVector: { indices: number[]; values: number[] };
  const userInput: string;
  const request: Request;
  function saveBatch(records: readonly unknown[]): Promise<void>;
}
