// Prints every change of each spec since the last release, classified breaking, additive,
// docs-only (or unclassified) by api-smart-diff, with the JSON pointer of each. `pnpm gen`
// runs it after regenerating. It only reports: `pnpm release:check` is the gate.
// Usage: node scripts/spec-diff.mjs [--root <dir>]
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { baselineOf, CLASSES, specChanges } from "./release/changes.mjs";
import { releasedPackages } from "./release/packages.mjs";

const { values: args } = parseArgs({ options: { root: { type: "string", default: "." } } });
const root = resolve(args.root);

for (const pkg of releasedPackages(root)) {
  if (pkg.spec === null) continue;
  const changes = specChanges(root, pkg.spec);
  const against = `${pkg.spec} (${pkg.name}) against ${baselineOf(pkg.spec)}`;
  if (changes === null) {
    console.log(`spec:diff: ${pkg.spec} (${pkg.name}) was never released: all of it is new.`);
  } else if (changes.length === 0) {
    console.log(`spec:diff: ${against}: no change.`);
  } else {
    const counts = CLASSES.map((c) => [c, changes.filter((change) => change.class === c).length])
      .filter(([, count]) => count > 0)
      .map(([c, count]) => `${count} ${c}`);
    console.log(`spec:diff: ${against}: ${counts.join(", ")}`);
    for (const change of changes) {
      console.log(
        `  ${change.class.padEnd(12)} ${change.pointer}\n  ${" ".repeat(12)} ${change.description}`,
      );
    }
  }
}
