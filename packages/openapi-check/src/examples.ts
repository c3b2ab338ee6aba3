import type { ContractSpec, MediaType } from "./spec.js";

export interface SpecExample {
  operationId: string;
  /** "request", or the response status key ("200", "4XX", "default"). */
  part: string;
  contentType: string;
  name: string;
  value: unknown;
}

/** Every media-type example of the spec's operations: bodies the spec itself promises are valid. */
export function listExamples(spec: ContractSpec): SpecExample[] {
  const out: SpecExample[] = [];
  const collect = (operationId: string, part: string, content: Record<string, MediaType>) => {
    for (const [contentType, media] of Object.entries(content)) {
      if (media.example !== undefined) {
        out.push({ operationId, part, contentType, name: "example", value: media.example });
      }
      for (const [name, example] of Object.entries(media.examples ?? {})) {
        if (example.value !== undefined) {
          out.push({ operationId, part, contentType, name, value: example.value });
        }
      }
    }
  };
  for (const op of spec.operations) {
    if (op.requestBody !== undefined) collect(op.operationId, "request", op.requestBody.content);
    for (const [status, response] of Object.entries(op.responses)) {
      collect(op.operationId, status, response.content ?? {});
    }
  }
  return out;
}
