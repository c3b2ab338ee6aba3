// The key lists the option sweeps walk. The clients' tables (`KeyList<T>` in core, workflow
// and vector) are private and tied by the compiler to their interface: a key of the
// interface missing from the table, or the reverse, does not compile. The API reports
// (`<pkg>.api.md`, kept current by `pnpm api:check`) list each interface's members, so they
// are read here as those tables' keys: a new option fails the sweep until it has a case.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

function report(pkg: string): string {
  return readFileSync(
    fileURLToPath(new URL(`../../${pkg}/${pkg}.api.md`, import.meta.url)),
    "utf8",
  );
}

/** The members of `export interface <name>` in a package's API report, sorted. */
export function interfaceKeys(pkg: string, name: string): string[] {
  const text = report(pkg);
  const start = text.indexOf(`export interface ${name} `);
  if (start === -1) throw new Error(`${pkg}.api.md has no interface ${name}`);
  const body = text.slice(text.indexOf("{", start) + 1, text.indexOf("\n}", start));
  return [...body.matchAll(/^ {4}(\w+)\??:/gm)].map((match) => match[1] as string).sort();
}
