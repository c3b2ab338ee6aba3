/**
 * Reads an environment variable from `env`, or from `process.env` when the
 * runtime has one. `process` is looked up at call time, never at import, so the
 * packages load in browsers and edge runtimes.
 */
export function readEnv(
  name: string,
  env?: Record<string, string | undefined>,
): string | undefined {
  const source =
    env ?? (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = source?.[name]?.trim();
  return value ? value : undefined;
}
