// Starts @x/dev-server from the installed package under whichever runtime runs this file,
// seeded with the smoke suite's records, and prints its URLs as one JSON line. It runs
// until the harness stops the process. Arguments: the token, then (for the browser page) the
// origin the test kit's routes answer.
import { startDevServer } from "@x/dev-server";
import { DIMENSION, SEED } from "./seed.mjs";

const args = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
const dev = await startDevServer({
  token: args[0],
  kitOrigins: args[1],
  vector: { dimension: DIMENSION, metric: "COSINE", type: "DENSE" },
  seed: SEED,
});
console.log(JSON.stringify({ workflowUrl: dev.workflowUrl, vectorUrl: dev.vectorUrl }));
