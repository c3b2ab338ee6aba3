import { ValidationError } from "@x/workflow";
import { suggestion } from "./closest.js";
import type { DevServerOptions } from "./server.js";
import type { VectorServiceOptions } from "./vector/service.js";
import type { IndexOptions } from "./vector/types.js";

/** The option names a function takes, and the names it used to take with what replaced them. */
export interface OptionNames {
  /** How messages name the options object, e.g. `startDevServer` or `vector`. */
  owner: string;
  known: readonly string[];
  renamed?: Readonly<Record<string, string>>;
}

/**
 * Refuses an option the function does not take, rather than ignoring it: a misspelt or
 * renamed option would otherwise silently leave a default in place.
 */
export function refuseUnknownOptions(options: object, names: OptionNames): void {
  for (const key of Object.keys(options)) {
    if (names.known.includes(key)) continue;
    const replacement = names.renamed?.[key];
    if (replacement !== undefined) {
      throw new ValidationError(key, `${names.owner} no longer takes "${key}"; use ${replacement}`);
    }
    throw new ValidationError(
      key,
      `${names.owner} has no option "${key}"${suggestion(key, names.known)}`,
    );
  }
}

// Each table is typed as a record of its interface's keys, so adding an option to an
// interface without naming it here fails the typecheck instead of refusing the new option.
const DEV_SERVER_KEYS: Record<keyof DevServerOptions, true> = {
  host: true,
  workflowPort: true,
  vectorPort: true,
  token: true,
  timeScale: true,
  vector: true,
  seed: true,
  log: true,
  limits: true,
  corsOrigin: true,
  deliveryTimeoutMs: true,
  stateFile: true,
  clock: true,
  logPolls: true,
};

const VECTOR_SERVICE_KEYS: Record<keyof VectorServiceOptions, true> = {
  token: true,
  vector: true,
  maxBodyBytes: true,
  log: true,
  limits: true,
  corsOrigin: true,
  now: true,
  logPolls: true,
};

const INDEX_KEYS: Record<keyof IndexOptions, true> = {
  dimension: true,
  metric: true,
  type: true,
  pendingMs: true,
};

const VECTOR_FIELDS = "vector (the same fields: dimension, metric, type, pendingMs)";

export const DEV_SERVER_OPTIONS: OptionNames = {
  owner: "startDevServer",
  known: Object.keys(DEV_SERVER_KEYS),
};

export const VECTOR_SERVICE_OPTIONS: OptionNames = {
  owner: "createVectorService",
  known: Object.keys(VECTOR_SERVICE_KEYS),
  renamed: { index: VECTOR_FIELDS, pendingMs: "vector.pendingMs" },
};

export const INDEX_OPTIONS: OptionNames = { owner: "vector", known: Object.keys(INDEX_KEYS) };
