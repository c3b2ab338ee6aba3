// CommonJS entry for Node and Bun: loads the clients by require (their CJS builds), then
// runs the same ES module smoke suite with them.
const vector = require("@x/vector");
const workflow = require("@x/workflow");

import("./smoke.mjs").then(async ({ runSmoke }) => {
  const results = await runSmoke({ vector, workflow }, JSON.parse(process.argv[2]));
  console.log(JSON.stringify(results));
  // The timeout case leaves its unanswered request open by design; do not wait for it.
  process.exit(0);
});
