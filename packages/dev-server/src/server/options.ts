import { ValidationError } from "@x/core";
import type { IndexOptions } from "../vector/types.js";
import { suggestion } from "./closest.js";

/** The option names a function takes, and the names it used to take with what replaced them. */
export interface OptionNames {
  /** How messages name the options object, e.g. `startDevServer` or `vector`. */
  owner: string;
  known: readonly string[];
  renamed?: Readonly<Record<string, string>>;
}

/**
 * Refuses an option the function does not take (unless given as `undefined`), rather than
 * ignoring it: a misspelt or renamed option would otherwise silently leave a default in
 * place.
 */
export function refuseUnknownOptions(options: object, names: OptionNames): void {
  for (const key of Object.keys(options)) {
    // An option given as `undefined` is an option left out, whatever its name.
    if (names.known.includes(key) || (options as Record<string, unknown>)[key] === undefined) {
      continue;
    }
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

// Typed as a record of the interface's keys, so an option added to the interface without
// being named here fails the typecheck instead of being refused.
const INDEX_KEYS: Record<keyof IndexOptions, true> = {
  dimension: true,
  metric: true,
  type: true,
  pendingMs: true,
};

export const INDEX_OPTIONS: OptionNames = { owner: "vector", known: Object.keys(INDEX_KEYS) };
