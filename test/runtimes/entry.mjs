// ES module entry for Node, Bun and Deno: loads the clients by import (their ESM builds),
// runs the smoke suite with the config JSON given as the first argument, and prints the
// results as one JSON line.
import * as vector from "@x/vector";
import * as workflow from "@x/workflow";
import { runSmoke } from "./smoke.mjs";

const args = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
const results = await runSmoke({ vector, workflow }, JSON.parse(args[0]));
console.log(JSON.stringify(results));
// The timeout case leaves its unanswered request open by design; do not wait for it.
if (globalThis.Deno) globalThis.Deno.exit(0);
else process.exit(0);
