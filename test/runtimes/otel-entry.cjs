// CommonJS entry of the @x/otel smoke for Node and Bun: the packed packages by require.
const modules = {
  api: require("@opentelemetry/api"),
  core: require("@opentelemetry/core"),
  sdk: require("@opentelemetry/sdk-trace-base"),
  otel: require("@x/otel"),
  vector: require("@x/vector"),
  workflow: require("@x/workflow"),
};

import("./otel.mjs").then(async ({ runOtelSmoke }) => {
  const results = await runOtelSmoke(modules, JSON.parse(process.argv[2]));
  console.log(JSON.stringify(results));
  process.exit(0);
});
