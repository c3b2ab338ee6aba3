// Applies one spec mutation (a short JSON-Patch-like list of steps) to a copy of a
// dereferenced OpenAPI document. Plain JavaScript so scripts/contract-mutate.mjs and the
// suite's own quick test share it.
//
// A path is a JSON Pointer whose segments may also be `[key=value]`, selecting the array
// element whose `key` equals `value` (e.g. `/parameters/[name=Svc-Retries]/schema`).
// Steps: test (the value must deep-equal `value`, so a stale mutation fails loudly),
// replace, add (to an object key or appended with `-` to an array), remove,
// rename (an object key, keeping its place), replaceAll (every value deep-equal to
// `from` anywhere under `path` becomes `value`).

/** @param {unknown} document @param {{ steps: object[] }} mutation @returns {unknown} */
export function applyMutation(document, mutation) {
  const doc = structuredClone(document);
  for (const step of mutation.steps) applyStep(doc, step);
  return doc;
}

function applyStep(doc, step) {
  const segments = parsePointer(step.path);
  if (step.op === "replaceAll") {
    const count = replaceAll(resolve(doc, segments, step), step.from, step.value);
    if (count === 0) fail(step, `no value equal to ${JSON.stringify(step.from)}`);
    return;
  }
  const last = segments.at(-1);
  const parent = resolve(doc, segments.slice(0, -1), step);
  const key = keyOf(parent, last, step);
  switch (step.op) {
    case "test":
      if (!same(parent[key], step.value)) {
        fail(step, `holds ${JSON.stringify(parent[key])}, not ${JSON.stringify(step.value)}`);
      }
      return;
    case "replace":
      if (!(key in parent)) fail(step, "does not exist");
      parent[key] = step.value;
      return;
    case "add":
      if (Array.isArray(parent) && last === "-") parent.push(step.value);
      else parent[key] = step.value;
      return;
    case "remove":
      if (!(key in parent)) fail(step, "does not exist");
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      return;
    case "rename": {
      const target = parent[key];
      if (target === undefined || !(step.from in target)) fail(step, `has no key ${step.from}`);
      const renamed = {};
      for (const [k, v] of Object.entries(target)) renamed[k === step.from ? step.to : k] = v;
      parent[key] = renamed;
      return;
    }
    default:
      fail(step, `unknown op ${step.op}`);
  }
}

function parsePointer(path) {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new Error(`"${path}" is not a JSON Pointer`);
  return path
    .slice(1)
    .split("/")
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function resolve(doc, segments, step) {
  let node = doc;
  for (const segment of segments) {
    if (node === null || typeof node !== "object") fail(step, `stops before "${segment}"`);
    const key = keyOf(node, segment, step);
    if (!(key in node)) fail(step, `has no "${segment}"`);
    node = node[key];
  }
  return node;
}

function keyOf(node, segment, step) {
  const select = /^\[([^=\]]+)=([^\]]*)\]$/.exec(segment ?? "");
  if (!select) return segment;
  if (!Array.isArray(node)) fail(step, `${segment} needs an array`);
  const index = node.findIndex((item) => String(item?.[select[1]]) === select[2]);
  if (index < 0) fail(step, `no element with ${select[1]}=${select[2]}`);
  return String(index);
}

function replaceAll(node, from, value) {
  let count = 0;
  if (node === null || typeof node !== "object") return 0;
  for (const key of Object.keys(node)) {
    if (same(node[key], from)) {
      node[key] = structuredClone(value);
      count++;
    } else {
      count += replaceAll(node[key], from, value);
    }
  }
  return count;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function fail(step, message) {
  throw new Error(`mutation step ${step.op} ${step.path}: ${message}`);
}
