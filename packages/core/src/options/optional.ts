// Input types as a user's compiler sees them under `exactOptionalPropertyTypes`: an optional
// field takes `undefined`, which every check and the serialization treat as the field left
// out, so a variable that may be undefined passes through without `...(x ? { x } : {})`.

/** `T` with every field optional and taking `undefined`: an input given in part. */
export type Optional<T> = { [K in keyof T]?: T[K] | undefined };

/**
 * `fields` without the ones given as `undefined`: for spreading options over defaults, where
 * an `undefined` would otherwise replace a default instead of leaving it in place.
 */
export function definedFields<T extends object>(fields: T): Partial<T> {
  const defined: Partial<T> = {};
  for (const key of Object.keys(fields) as (keyof T)[]) {
    if (fields[key] !== undefined) defined[key] = fields[key];
  }
  return defined;
}
