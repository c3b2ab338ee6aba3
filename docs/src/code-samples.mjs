// Puts the samples of docs/samples/<service>/<operationId>.ts and .sh on each operation
// of a spec as `x-codeSamples`, the way Redoc shows code, at build time only: the specs
// stay the clients' source of truth, and the samples stay files the tests type-check
// and run, so what the reference shows is what was run.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

// The kinds of sample each operation carries, in the order the reference shows them.
export const sampleKinds = [
  { extension: "ts", lang: "TypeScript", label: "TypeScript" },
  { extension: "sh", lang: "Shell", label: "curl" },
];

// The SDK call behind each operation, named in its description so that searching the
// reference for a class or method finds the operation.
const sdkCalls = {
  triggerWorkflow: { method: "WorkflowClient.trigger", pkg: "@x/workflow" },
  rangeVectors: { method: "VectorIndex.range", pkg: "@x/vector" },
  rangeVectorsInNamespace: { method: 'VectorIndex.namespace("products").range', pkg: "@x/vector" },
  queryVectors: { method: "VectorIndex.query", pkg: "@x/vector" },
  queryVectorsInNamespace: { method: 'VectorIndex.namespace("products").query', pkg: "@x/vector" },
  fetchVectors: { method: "VectorIndex.fetch", pkg: "@x/vector" },
  fetchVectorsInNamespace: { method: 'VectorIndex.namespace("products").fetch', pkg: "@x/vector" },
  getIndexInfo: { method: "VectorIndex.info", pkg: "@x/vector" },
};

/**
 * The operations a caller sends (paths, not webhooks: a webhook is a call the service
 * makes, so it has no request sample).
 * @param {{ paths?: Record<string, Record<string, { operationId?: string }>> }} spec
 */
export function pathOperations(spec) {
  return Object.entries(spec.paths ?? {}).flatMap(([path, item]) =>
    methods.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])),
  );
}

/**
 * A copy of `spec` whose operations carry their samples from `samplesDir` and name
 * their SDK call. Throws when an operation has no sample of some kind.
 * @param {{ paths?: Record<string, Record<string, { operationId?: string, description?: string }>> }} spec
 * @param {string} samplesDir the service's folder, docs/samples/<service>
 */
export function withCodeSamples(spec, samplesDir) {
  const copy = structuredClone(spec);
  for (const { path, method, operation } of pathOperations(copy)) {
    const id = operation.operationId;
    if (typeof id !== "string") {
      throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
    }
    operation["x-codeSamples"] = sampleKinds.map(({ extension, lang, label }) => {
      const file = join(samplesDir, `${id}.${extension}`);
      if (!existsSync(file)) throw new Error(`${id} has no ${label} sample: write ${file}`);
      return { lang, label, source: readFileSync(file, "utf8").trimEnd() };
    });
    const call = sdkCalls[id];
    if (call === undefined) throw new Error(`${id} names no SDK call in docs/src/code-samples.mjs`);
    operation.description = `${operation.description.trimEnd()}\n\n**SDK:** \`${call.method}\` of \`${call.pkg}\` (see the TypeScript sample and the [SDK reference](../sdk/index.html)).\n`;
  }
  return copy;
}
