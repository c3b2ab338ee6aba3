// Test fixtures that are a published spec with a change: the change is hand-written (a
// `*.change.yaml` beside the fixture, holding only what it adds), the rest is read from the
// spec each time `pnpm gen` runs, so a fixture never drifts from the spec it copies.
import { isMap, isScalar, parseDocument } from "yaml";

/**
 * Adds every entry of `change` to the same map of `base`, creating none of the maps on
 * the way (`paths`, `components.schemas`, ...). An entry the spec already has is an error:
 * the change would hide the spec's own, so it must leave the change file.
 */
function addEntries(base, change, at) {
  for (const pair of change.items) {
    const key = isScalar(pair.key) ? pair.key.value : String(pair.key);
    const where = [...at, key];
    const existing = base.get(key, true);
    if (existing === undefined) {
      base.items.push(pair);
    } else if (isMap(existing) && isMap(pair.value)) {
      addEntries(existing, pair.value, where);
    } else {
      throw new Error(`the change sets ${where.join(".")}, which the spec already has`);
    }
  }
}

/** The text of `baseText` (a spec) with `changeText` added, under `header`. */
export function specWithChange(baseText, changeText, header) {
  const spec = parseDocument(baseText);
  const change = parseDocument(changeText);
  for (const doc of [spec, change]) {
    if (doc.errors.length > 0) throw doc.errors[0];
  }
  addEntries(spec.contents, change.contents, []);
  // The spec's own opening comment describes the spec, not the fixture.
  spec.commentBefore = header;
  return spec.toString({ lineWidth: 0, flowCollectionPadding: false });
}
