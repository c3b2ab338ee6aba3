// Whether the live index's records fit the dev server, decided from the live `info` before
// anything is written: the same index (type, dimension, metric), and within the limits.
import { ValidationError } from "@x/core";
import { plural } from "../plural.js";
import type { IndexConfig } from "../vector/types.js";
import type { LiveIndex, Quote } from "./live-index.js";
import type { ImportTarget } from "./target.js";

/**
 * Bytes of dense values one namespace can hold: its rows live in one WebAssembly memory,
 * and wasm32 addresses 4 GiB.
 */
const DENSE_NAMESPACE_BYTES = 2 ** 32;

function describe(index: IndexConfig): string {
  if (index.type === "SPARSE") return "SPARSE";
  return `${index.type} (${plural(index.dimension, "dimension")}, ${index.metric})`;
}

/** Throws a ValidationError naming what differs, or the limit the records would pass. */
export function checkFits(
  live: LiveIndex,
  names: string[],
  target: ImportTarget,
  quoted: Quote,
): void {
  const want = live.index;
  const have = target.index;
  const start = `the live index is ${describe(want)} but this dev server runs ${describe(have)}`;
  if (want.type !== have.type) {
    throw new ValidationError(
      "type",
      `${start}; start the dev server with --type ${want.type} (vector.type)`,
    );
  }
  // A sparse index has no dimension or metric of its own.
  if (want.type !== "SPARSE" && want.dimension !== have.dimension) {
    throw new ValidationError(
      "dimension",
      `${start}; start the dev server with --dimension ${want.dimension} (vector.dimension)`,
    );
  }
  if (want.type !== "SPARSE" && want.metric !== have.metric) {
    throw new ValidationError(
      "metric",
      `${start}; start the dev server with --metric ${want.metric} (vector.metric)`,
    );
  }
  const sizes = target.namespaceSizes();
  const added = names.filter((name) => !sizes.has(name)).length;
  const { maxNamespaces } = target.limits;
  if (sizes.size + added > maxNamespaces) {
    throw new ValidationError(
      "namespaces",
      `the import would bring the dev server to ${sizes.size + added} namespaces, over its limit of ${maxNamespaces}; import fewer (namespaces, --namespace), or start the dev server with --max-namespaces ${sizes.size + added}`,
    );
  }
  if (want.type === "SPARSE") return;
  for (const name of names) {
    // Upper bound: records of the same id replace each other rather than add a row.
    const rows = (sizes.get(name) ?? 0) + (live.counts.get(name) ?? 0);
    if (rows * want.dimension * 4 > DENSE_NAMESPACE_BYTES) {
      throw new ValidationError(
        "namespaces",
        `namespace ${quoted(name)} would hold up to ${rows} dense vectors of ${want.dimension} dimensions, over the 4 GiB a namespace of the dev server holds; import it into a dev server of its own, or in parts`,
      );
    }
  }
}
