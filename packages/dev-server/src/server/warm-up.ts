// What the first request of each kind would otherwise pay for, done while startDevServer
// starts, so the first request is answered as fast as the next: compiling every request
// schema of both specs (Ajv compiles a schema on first use: most of the 300-500 ms a fresh
// server's first query or trigger took) and the dense kernel's WebAssembly module.
import { type ContractSpec, loadSpec } from "@x/openapi-check";
import { compileDotsKernel } from "../vector/dense-kernel.js";

/** Compiles each schema a request to `spec` is checked against: parameters and bodies. */
function compileRequestSchemas(spec: ContractSpec): void {
  for (const operation of spec.operations) {
    for (const parameter of operation.parameters) {
      if (parameter.schema !== undefined) spec.schemas.validator(parameter.schema);
    }
    for (const media of Object.values(operation.requestBody?.content ?? {})) {
      if (media.schema !== undefined) spec.schemas.validator(media.schema);
    }
  }
}

/** Does now what the first requests to both services would do; each step runs once per process. */
export function warmUp(): void {
  compileRequestSchemas(loadSpec("workflow"));
  compileRequestSchemas(loadSpec("vector"));
  compileDotsKernel();
}
