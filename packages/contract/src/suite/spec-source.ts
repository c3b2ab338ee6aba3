import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ContractSpec, createSpec, loadSpec, type ServiceName } from "@x/openapi-check";

/**
 * The mutation script points this at a directory of mutated `<service>.openapi.json`
 * copies, so the same suite runs against a broken spec and must go red.
 */
const SPEC_DIR_ENV = "X_CONTRACT_SPEC_DIR";

const cache = new Map<ServiceName, ContractSpec>();

/** The spec the suite checks against: a mutant from `X_CONTRACT_SPEC_DIR`, else the committed one. */
export function suiteSpec(service: ServiceName): ContractSpec {
  let spec = cache.get(service);
  if (spec === undefined) {
    const dir = process.env[SPEC_DIR_ENV];
    spec = dir
      ? createSpec(service, JSON.parse(readFileSync(join(dir, `${service}.openapi.json`), "utf8")))
      : loadSpec(service);
    cache.set(service, spec);
  }
  return spec;
}
