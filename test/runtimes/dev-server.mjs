// Starts @x/dev-server from the installed package under whichever runtime runs this file,
// seeded with the smoke suite's records, and prints its URLs as one JSON line. It runs
// until the harness stops the process.
import { startDevServer } from "@x/dev-server";
import { DIMENSION, SEED } from "./seed.mjs";

const args = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
const dev = await startDevServer({
  token: args[0],
  vector: { dimension: DIMENSION, metric: "COSINE", type: "DENSE" },
  seed: SEED,
});
console.log(JSON.stringify({ workflowUrl: dev.workflowUrl, vectorUrl: dev.vectorUrl }));
