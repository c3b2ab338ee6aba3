// What a spec declares for the answers of each operation, read from its bundled form (its
// `$ref`s kept): per operation and status, the media types, the response headers it marks
// required, and the body's schema, by the name of its const in `schemas.ts`. Written as
// `src/generated/responses.ts`, which only the client's `/guard` entry point imports (so a
// client bundle without the guard carries none of it); the shape is core's `ResponseRules`
// (packages/core/src/guard/rule-types.ts). A response the spec declares once under
// `components/responses` is written once, whatever number of operations answer it.
import { createCompactor, toSource } from "./schemas.mjs";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const RESPONSE_REF = "#/components/responses/";

/** Whether a media type is JSON: `application/json` or a `+json` type. */
function isJson(type) {
  const media = type.split(";")[0].trim().toLowerCase();
  return media === "application/json" || media.endsWith("+json");
}

/** A const name for a shared response: `RangeOk` -> `RangeOkAnswer`. */
function answerName(component) {
  return `${component}Answer`;
}

/** What one status of an operation declares. */
function statusRules(response, compact) {
  const content = response.content ?? {};
  const rules = { contentTypes: Object.keys(content).map((type) => type.toLowerCase()) };
  rules.headers = Object.entries(response.headers ?? {})
    .filter(([, header]) => header.required === true)
    .map(([name]) => name.toLowerCase());
  const json = Object.keys(content).find(isJson);
  if (json !== undefined) rules.body = compact(content[json].schema);
  return rules;
}

/** A status's rules as source: a shared response by its const's name. */
function answerSource(response, compact, indent, used) {
  if (typeof response.$ref === "string" && response.$ref.startsWith(RESPONSE_REF)) {
    return answerName(response.$ref.slice(RESPONSE_REF.length));
  }
  return toSource(statusRules(response, compact), indent, used);
}

/** One operation's rules as source. */
function operationSource(name, responses, compact, used) {
  const statuses = Object.entries(responses).map(
    ([status, response]) =>
      `    ${JSON.stringify(status)}: ${answerSource(response, compact, "    ", used)}`,
  );
  const operation = JSON.stringify(name);
  return `{\n  operation: ${operation},\n  responses: {\n${statuses.join(",\n")}\n  }\n}`;
}

/** The table of one bundled spec as source: by path template, then by method. */
function tableSource(bundle, compact, used) {
  const paths = [];
  for (const [path, item] of Object.entries(bundle.paths ?? {})) {
    const methods = [];
    for (const method of METHODS) {
      const responses = item[method]?.responses;
      if (responses === undefined) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const source = operationSource(name, responses, compact, used).replaceAll("\n", "\n    ");
      methods.push(`    ${method.toUpperCase()}: ${source}`);
    }
    if (methods.length > 0) paths.push(`  ${JSON.stringify(path)}: {\n${methods.join(",\n")}\n  }`);
  }
  return `{\n${paths.join(",\n")}\n}`;
}

/** The module text of the table, after `header`. */
export function responseRulesModule(header, bundle) {
  const { compact } = createCompactor(bundle.components?.schemas ?? {});
  const used = new Set();
  const shared = Object.entries(bundle.components?.responses ?? {}).map(
    ([name, response]) =>
      `/** The spec's \`${name}\` response. */\nconst ${answerName(name)}: StatusRules = ${toSource(statusRules(response, compact), "", used)};\n`,
  );
  const table = tableSource(bundle, compact, used);
  const imports = [...used].sort().join(", ");
  return [
    header,
    `import type { ResponseRules, StatusRules } from "@x/core/internal/guard";`,
    used.size === 0 ? "" : `import { ${imports} } from "./schemas";\n`,
    ...shared,
    "/**\n * What the spec declares for the answers of each operation, by path template and method:\n * per status, the media types, the required response headers and the JSON body's schema.\n * Imported only by the `/guard` entry point.\n */",
    `export const responseRules: ResponseRules = ${table};\n`,
  ].join("\n");
}
