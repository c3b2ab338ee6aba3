// Compiles each hand-written spec into the files the packages consume:
//   - a typed path map (openapi-typescript) for the client package,
//   - the spec's schemas in the form core's checker walks, one const per component,
//   - the tables of what the client checks at run time besides the bodies' schemas (header
//     parameters, media types, server variables), beside the types,
//   - the table of what each operation's answers may be (statuses, media types, required
//     headers, the body's schema by name), which only the client's spec guard imports, and
//   - a bundled, dereferenced JSON copy for the validator, @x/openapi-check.
// It also compiles the test-only fixture specs, so the test that calls a freshly added
// operation runs against freshly generated types; a fixture that is a published spec with a
// change (`base` + `change`) is first written from the spec as it is now.
// With --check it writes nothing and fails when a committed file differs from
// what the specs produce now (the drift gate CI runs).
// Usage: node scripts/gen.mjs [--check] [workflow|vector ...]
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { specWithChange } from "./gen/fixture-specs.mjs";
import { pathTemplatesModule } from "./gen/path-templates.mjs";
import { requestRulesModule } from "./gen/request-rules.mjs";
import { responseRulesModule } from "./gen/response-rules.mjs";
import { schemasModule } from "./gen/schemas.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const check = args.includes("--check");
// Naming services (`node scripts/gen.mjs vector`) regenerates only those.
const named = args.filter((a) => !a.startsWith("--"));
const services = named.length > 0 ? named : ["workflow", "vector"];

// Test-only specs and the types file generated beside each, by the service they copy
// (none: regenerated whenever every service is). One with `base` and `change` is generated
// too: the published spec `base` with the entries of `change` added.
const FIXTURES = [
  {
    spec: "packages/core/test/fixtures/empty-answers.openapi.yaml",
    types: "packages/core/test/fixtures/empty-answers.d.ts",
  },
  {
    service: "vector",
    base: "specs/vector/openapi.yaml",
    change: "packages/dev-server/test/fixtures/vector-upsert.change.yaml",
    spec: "packages/dev-server/test/fixtures/vector-with-upsert.openapi.yaml",
    types: "packages/dev-server/test/fixtures/vector-with-upsert.d.ts",
  },
];

function header(spec) {
  return `// Generated from ${spec} by scripts/gen.mjs. Do not edit: run \`pnpm gen\`.\n`;
}

/** The types of `spec`, read from its file or, when given, from `text`. */
async function typesFor(spec, text) {
  const ast = await openapiTS(text ?? pathToFileURL(join(root, spec)), {
    alphabetize: false,
    // A field with a default is optional to send: keep it optional in the types.
    defaultNonNullable: false,
  });
  return `${header(spec)}\n${astToString(ast)}`;
}

/** The spec bundled into one JSON document: `dereferenced`, or with its local `$ref`s kept. */
function bundleFor(service, dir, dereferenced) {
  const out = join(dir, `${service}${dereferenced ? ".dereferenced" : ""}.json`);
  const flags = dereferenced ? ["--dereferenced"] : [];
  execFileSync(
    join(root, "node_modules/.bin/redocly"),
    ["bundle", `specs/${service}/openapi.yaml`, ...flags, "--ext", "json", "-o", out],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
  return `${JSON.stringify(JSON.parse(readFileSync(out, "utf8")), null, 2)}\n`;
}

const tmp = mkdtempSync(join(tmpdir(), "x-gen-"));
const outputs = new Map();
try {
  for (const service of services) {
    outputs.set(
      join(root, `packages/${service}/src/generated/schema.d.ts`),
      await typesFor(`specs/${service}/openapi.yaml`),
    );
    const dereferenced = bundleFor(service, tmp, true);
    outputs.set(
      join(root, `packages/openapi-check/src/generated/${service}.openapi.json`),
      dereferenced,
    );
    // The clients' tables keep the spec's `$ref`s, so each component is written once.
    const bundle = JSON.parse(bundleFor(service, tmp, false));
    const generated = (file) => join(root, `packages/${service}/src/generated/${file}`);
    const from = header(`specs/${service}/openapi.yaml`);
    outputs.set(generated("schemas.ts"), schemasModule(from, bundle));
    outputs.set(generated("requests.ts"), requestRulesModule(from, bundle));
    outputs.set(generated("responses.ts"), responseRulesModule(from, bundle));
    outputs.set(generated("paths.ts"), pathTemplatesModule(from, bundle));
  }
  for (const fixture of FIXTURES) {
    const copied =
      fixture.service === undefined ? named.length === 0 : services.includes(fixture.service);
    if (!copied) continue;
    let text;
    if (fixture.change !== undefined) {
      const read = (file) => readFileSync(join(root, file), "utf8");
      const note = ` Generated from ${fixture.base} and ${fixture.change} by scripts/gen.mjs.\n Do not edit: change the spec or the change file, then run \`pnpm gen\`.`;
      text = specWithChange(read(fixture.base), read(fixture.change), note);
      outputs.set(join(root, fixture.spec), text);
    }
    outputs.set(join(root, fixture.types), await typesFor(fixture.spec, text));
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const drifted = [];
for (const [file, content] of outputs) {
  const current = existsSync(file) ? readFileSync(file, "utf8") : null;
  if (current === content) continue;
  if (check) {
    drifted.push(relative(root, file));
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}
if (drifted.length > 0) {
  console.error(
    `Generated files are out of date with their specs:\n  ${drifted.join("\n  ")}\nRun \`pnpm gen\` and commit the result.`,
  );
  process.exit(1);
}
console.log(
  check
    ? "gen:check: generated files match the specs."
    : `gen: wrote ${outputs.size} files from ${services.length} specs.`,
);
