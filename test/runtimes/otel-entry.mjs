// ES module entry of the @x/otel smoke for Node and Bun: the packed packages by import.
import * as api from "@opentelemetry/api";
import * as core from "@opentelemetry/core";
import * as sdk from "@opentelemetry/sdk-trace-base";
import * as otel from "@x/otel";
import * as vector from "@x/vector";
import * as workflow from "@x/workflow";
import { runOtelSmoke } from "./otel.mjs";

const modules = { api, core, sdk, otel, vector, workflow };
const results = await runOtelSmoke(modules, JSON.parse(process.argv[2]));
console.log(JSON.stringify(results));
process.exit(0);
