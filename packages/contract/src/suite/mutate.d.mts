/** One mutation of a spec: a name, the service whose spec it breaks, and its steps. */
export interface SpecMutation {
  name: string;
  service: "workflow" | "vector";
  /** What the mutation breaks, in words. */
  kind: string;
  steps: object[];
  /** Why the protocol tables alone cannot kill it (another suite test does). */
  tablesMiss?: string;
}

/** A mutated deep copy of `document`; throws when a step no longer fits the spec. */
export function applyMutation(document: unknown, mutation: SpecMutation): unknown;
