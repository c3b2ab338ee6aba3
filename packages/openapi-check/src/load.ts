import vector from "./generated/vector.openapi.json" with { type: "json" };
import workflow from "./generated/workflow.openapi.json" with { type: "json" };
import { type ContractSpec, createSpec } from "./spec.js";
import type { ServiceName } from "./types.js";

const documents: Partial<Record<string, object>> = { workflow, vector };
const loaded = new Map<ServiceName, ContractSpec>();

/** The committed, dereferenced spec of a service, indexed once per process. */
export function loadSpec(service: ServiceName): ContractSpec {
  let spec = loaded.get(service);
  if (spec === undefined) {
    const document = documents[service];
    if (document === undefined)
      throw new Error(`unknown service "${service}": use workflow or vector`);
    spec = createSpec(service, document);
    loaded.set(service, spec);
  }
  return spec;
}
