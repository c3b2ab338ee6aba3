// What the clients pay for the `tracing` option when it is not used. They import nothing
// of @x/otel or @opentelemetry/api; what they carry is @x/core's hook calls: starting a
// call's trace, timing attempts and reporting them. The honest measure is
// to bundle each client as shipped and again with those lines cut out of core's sources,
// and to take the difference.
import { readFile } from "node:fs/promises";

/** Most bytes (min+gzip) the unused option may cost a client bundle. */
export const TRACING_BUDGET = 300;

/**
 * Core's code that exists only for `tracing`, by source file: [text, what replaces it].
 * Each text must occur exactly once, so a change to core cannot make this measure nothing.
 */
export const TRACING_CODE = {
  "core/src/call/call.ts": [
    [
      "  const trace = client.tracing?.startCall(operation.traced);\n",
      "  const trace = undefined;\n",
    ],
    ["    ...(trace ? [traceAttempts(trace, call)] : []),\n", ""],
    ['import { traceAttempts } from "../chain/trace";\n', ""],
    [" && trace?.attempted === undefined", ""],
    ["    trace?.attempted?.(event);\n", ""],
  ],
  "core/src/call/operation.ts": [
    // The call info an operation keeps for its traces.
    [
      "  const traced = Object.freeze({ name, method: upper, template, url: shownUrl(url) });\n",
      "  const traced = undefined as never;\n",
    ],
  ],
  "core/src/call/api-fetch.ts": [
    [
      "    const trace = client.tracing?.startCall({\n" +
        // biome-ignore lint/suspicious/noTemplateCurlyInString: core's source text, as written there.
        "      name: `${request.method} ${template}`,\n" +
        "      method: request.method,\n" +
        "      template,\n" +
        "      url: shownUrl(request.url),\n" +
        "    });\n",
      "    const trace = undefined;\n",
    ],
  ],
  "core/src/options/check.ts": [["  tracing: true,\n", ""]],
};

/** `text` with each of `cuts` taken out; throws when one is not there exactly once. */
export function cut(text, cuts, file) {
  let result = text;
  for (const [from, to] of cuts) {
    const count = result.split(from).length - 1;
    if (count !== 1) {
      throw new Error(
        `bench/lib/tracing-cost.mjs: packages/${file} has ${count} copies of ${JSON.stringify(from)}; ` +
          "update TRACING_CODE to core's current tracing code",
      );
    }
    result = result.replace(from, to);
  }
  return result;
}

/** An esbuild plugin that loads core's sources without their tracing code. */
export const withoutTracing = {
  name: "without-tracing",
  setup(build) {
    const files = Object.keys(TRACING_CODE).map((file) => file.replace(/[./]/g, "\\$&"));
    build.onLoad({ filter: new RegExp(`packages/(${files.join("|")})$`) }, async (args) => {
      const file = Object.keys(TRACING_CODE).find((name) => args.path.endsWith(name));
      const text = await readFile(args.path, "utf8");
      return { contents: cut(text, TRACING_CODE[file], file), loader: "ts" };
    });
  },
};

/** Modules of a bundle that belong to tracing: @x/otel or the OpenTelemetry API. */
export function tracingModules(measured) {
  return measured.parts
    .map(([path]) => path)
    .filter((path) => /(^|\/)otel\/src\/|@opentelemetry/.test(path));
}

/**
 * For each client already measured as shipped (`measure`'s rows): its bytes minus those
 * of the same bundle without core's tracing code, and any tracing module found in it
 * (there must be none).
 */
export async function tracingCost(shippedRows, measure) {
  return Promise.all(
    shippedRows.map(async (shipped) => {
      const bare = await measure({ ...shipped, plugins: [withoutTracing] });
      return {
        name: shipped.name,
        min: shipped.min - bare.min,
        gzip: shipped.gzip - bare.gzip,
        modules: tracingModules(shipped),
      };
    }),
  );
}

/** What is wrong with the measured costs, one message each. */
export function tracingFailures(costs) {
  const failures = [];
  for (const cost of costs) {
    if (cost.gzip > TRACING_BUDGET) {
      failures.push(
        `${cost.name}: the unused tracing option costs ${cost.gzip} B min+gzip, over its ${TRACING_BUDGET} B budget`,
      );
    }
    for (const path of cost.modules) {
      failures.push(`${cost.name}: bundles tracing code it should not (${path})`);
    }
  }
  return failures;
}
