import { invalid } from "../errors/errors";

/**
 * Reads an environment variable from `env`, or from `process.env` when the runtime has one.
 * `env` is any object: a Cloudflare Worker's `Env`, whose bindings (a KV namespace, a
 * queue) sit beside its strings; only a string value is read, anything else is unset. `process` is looked up at call time, never at import, so the
 * packages load in browsers and edge runtimes.
 *
 * Where reading the environment is not permitted (Deno without `--allow-env` throws
 * `NotCapable` or `PermissionDenied`), this throws a ValidationError naming the variable
 * and how to pass its value instead.
 */
export function readEnv(name: string, env?: object): string | undefined {
  let value: string | undefined;
  try {
    const source = env ?? (globalThis as { process?: { env?: object } }).process?.env;
    const found = (source as Record<string, unknown> | undefined)?.[name];
    value = typeof found === "string" ? found.trim() : undefined;
  } catch (error) {
    const why = (error as { name?: unknown } | null)?.name;
    invalid(
      name,
      `cannot be read: this runtime does not permit reading the environment` +
        `${typeof why === "string" ? ` (${why})` : ""}. Allow it (Deno: --allow-env=${name}), ` +
        "or pass the values yourself: in the client's options, or as the env object of fromEnv.",
    );
  }
  return value ? value : undefined;
}
