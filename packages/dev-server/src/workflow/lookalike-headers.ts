// Headers named as another service names them (`Upstash-Retries`, `Upstash-Delay`): the
// service ignores them, and so does the emulator, but it says so once per name in its log,
// with the `Svc-` header meant. A run that silently got 3 retries instead of the 1 asked
// for costs an hour to find.
import type { ContractSpec } from "@x/openapi-check";

/**
 * The `Svc-` header a name under another prefix looks like, by the spec's own trigger
 * headers: `<Prefix>-<suffix>` where `Svc-<suffix>` is a declared header
 * (`Upstash-Retries` -> `Svc-Retries`) or falls under a declared prefix
 * (`Upstash-Forward-Foo` -> `Svc-Forward-Foo`). Undefined for any other name.
 */
export function lookalikeOf(spec: ContractSpec): (name: string) => string | undefined {
  const family = spec.headerFamily ?? "Svc-";
  const trigger = spec.operations.find((op) => op.operationId === "triggerWorkflow");
  const declared = new Map<string, string>();
  for (const parameter of trigger?.parameters ?? []) {
    if (parameter.in === "header" && parameter.name.startsWith(family)) {
      declared.set(parameter.name.slice(family.length).toLowerCase(), parameter.name);
    }
  }
  const prefixes = (trigger?.headerPrefixes ?? []).map((prefix) => prefix.slice(family.length));
  return (name) => {
    const dash = name.indexOf("-");
    if (dash <= 0 || name.toLowerCase().startsWith(family.toLowerCase())) return undefined;
    const suffix = name.slice(dash + 1);
    const exact = declared.get(suffix.toLowerCase());
    if (exact !== undefined) return exact;
    const prefix = prefixes.find((p) => suffix.toLowerCase().startsWith(p.toLowerCase()));
    return prefix === undefined || suffix.length === prefix.length
      ? undefined
      : `${family}${prefix}${suffix.slice(prefix.length)}`;
  };
}

/** How many lookalike header names are told of; past it, the rest go unsaid. */
const MAX_TOLD = 256;

/**
 * Logs each lookalike header of a trigger, the first time its name is seen: what it is
 * taken for, and that it changes nothing. `rawHeaders` as Node gives them (names as sent).
 */
export function lookalikeWarner(
  spec: ContractSpec,
  log: (line: string) => void,
): (rawHeaders: string[]) => void {
  const meant = lookalikeOf(spec);
  const told = new Set<string>();
  return (rawHeaders) => {
    for (let i = 0; i < rawHeaders.length; i += 2) {
      // A bounded memory of names told: a client sending endless new names must not grow it.
      if (told.size >= MAX_TOLD) return;
      const name = rawHeaders[i] as string;
      const key = name.toLowerCase();
      if (told.has(key)) continue;
      const svc = meant(name);
      if (svc === undefined) continue;
      told.add(key);
      log(
        `[workflow] header ${name} is not a header of this service and is ignored, as the service ignores it; did you mean ${svc}? (said once per header name)`,
      );
    }
  };
}
