/** What the vector panel writes and where it reads: pure, so each rule is tested without a page. */
import type { IndexInfo } from "./wire.js";

/** A namespace's name as the page shows it: the default one has the empty name. */
export function namespaceLabel(name: string): string {
  return name === "" ? "(default)" : name;
}

/** The index's facts, as name and value. */
export function infoFacts(info: IndexInfo): [name: string, value: string][] {
  return [
    ["Type", info.indexType],
    ["Dimension", String(info.dimension)],
    ["Similarity", info.similarityFunction],
    ["Vectors", `${info.vectorCount} ready, ${info.pendingVectorCount} pending`],
    ["Size", `${info.indexSize} bytes`],
  ];
}

/** The namespace choices, by name, each labelled with its count of records. */
export function namespaceOptions(info: IndexInfo): { value: string; label: string }[] {
  return Object.keys(info.namespaces)
    .sort()
    .map((name) => {
      const counts = info.namespaces[name]!;
      const count = counts.vectorCount + counts.pendingVectorCount;
      return { value: name, label: `${namespaceLabel(name)} (${count})` };
    });
}

/**
 * What becomes of the namespace choice when the index's namespaces are `names` and the
 * select shows `shown`: nothing while they are the same (the select is left alone, so a
 * user's pick is not reset each poll); otherwise the value to select (the chosen one while
 * it still exists, else the default namespace), and whether the records are loaded for the
 * first time.
 */
export function namespaceChange(
  names: readonly string[],
  shown: readonly string[],
  chosen: string,
): { value: string; first: boolean } | undefined {
  if (names.join("\n") === shown.join("\n")) return undefined;
  return { value: names.includes(chosen) ? chosen : "", first: shown.length === 0 };
}

/** The dev route that scans a namespace, the default one without a suffix. */
export function scanPath(namespace: string): string {
  return `/v2/dev/vector/scan${namespace === "" ? "" : `/${encodeURIComponent(namespace)}`}`;
}
