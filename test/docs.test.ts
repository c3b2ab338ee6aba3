// The published API reference: `pnpm docs:build` must produce an index and one page per
// service that render with no network and cover every operation of the spec.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { sampleKinds } from "../docs/src/code-samples.mjs";
import { summary } from "../docs/src/index-page.mjs";
import { embeddedDefinition, externalResources, telemetryDisabled } from "../docs/src/offline.mjs";
import { sdkPackages } from "../docs/src/sdk.mjs";
import { callables } from "../docs/src/sdk-examples.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

// The operations each service must document (the design's naming decisions).
const expectedOperationIds: Record<string, string[]> = {
  workflow: ["triggerWorkflow"],
  vector: [
    "rangeVectors",
    "rangeVectorsInNamespace",
    "queryVectors",
    "queryVectorsInNamespace",
    "fetchVectors",
    "fetchVectorsInNamespace",
    "getIndexInfo",
  ],
};
const services = Object.keys(expectedOperationIds);

interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

interface Spec {
  info: { title: string; version: string; description?: string };
  paths: Record<
    string,
    Record<string, { operationId?: string; description?: string; "x-codeSamples"?: CodeSample[] }>
  >;
}

function readSpec(service: string): Spec {
  return parse(readFileSync(join(root, "specs", service, "openapi.yaml"), "utf8")) as Spec;
}

function operations(spec: Spec) {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const op = item[method];
      return op ? [{ path, method, operationId: op.operationId, operation: op }] : [];
    }),
  );
}

// The reference as `pnpm start` builds it (`turbo run docs:render --only`, into docs/dist/):
// inside `pnpm check` after `pnpm start`, or run twice, turbo replays it from its cache
// instead of building it again (turbo hashes scripts/docs.mjs, docs/, the specs and the
// packages' sources, so a change to any of them builds it anew). TypeDoc type-checks the
// four packages: on a loaded machine a build takes a minute or two.
const out = join(root, "docs/dist");
const page = (service: string) => readFileSync(join(out, service, "index.html"), "utf8");

beforeAll(async () => {
  await promisify(execFile)(
    join(root, "node_modules/.bin/turbo"),
    ["run", "docs:render", "--only", "--output-logs=errors-only"],
    {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
}, 300_000);

describe("pnpm docs:build", () => {
  it("writes an index and one reference page per service", () => {
    expect(existsSync(join(out, "index.html"))).toBe(true);
    for (const service of services) expect(existsSync(join(out, service, "index.html"))).toBe(true);
  });

  it("links every service from the index, described by its spec's info", () => {
    const index = readFileSync(join(out, "index.html"), "utf8");
    for (const service of services) {
      const { info } = readSpec(service);
      expect(index).toContain(`href="${service}/index.html"`);
      expect(index).toContain(info.title);
      const description = summary(info.description);
      expect(description.length).toBeGreaterThan(0);
      // Compare on the first words: the page escapes HTML and marks up code spans.
      expect(index).toContain(description.split(/[`&<>"']/)[0]!.slice(0, 40));
    }
  });

  it.each(services)("the %s page needs no network to render", (service) => {
    const html = page(service);
    expect(externalResources(html)).toEqual([]);
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
    expect(telemetryDisabled(html)).toBe(true);
    // The renderer is inlined: a module script that hydrates the page in place.
    expect(html).toContain("hydrate(__redoc_definition");
    expect(html.length).toBeGreaterThan(500_000);
  });

  it.each(services)("the %s page links its sections by hash, as the browser routes", (service) => {
    const html = page(service);
    const prerendered = html.slice(html.indexOf('<div id="redoc">'), html.indexOf("hydrate("));
    expect(prerendered).toContain('href="#/');
    expect(prerendered).not.toMatch(/href="\/(?!\/)/);
  });

  it.each(services)("the %s page documents every path and operation of its spec", (service) => {
    const html = page(service);
    const spec = readSpec(service);
    const ops = operations(spec);
    expect(ops.map((o) => o.operationId).sort()).toEqual(
      [...expectedOperationIds[service]!].sort(),
    );
    for (const { path, operationId } of ops) {
      expect(html).toContain(path);
      expect(html).toContain(operationId);
    }
    const rendered = embeddedDefinition(html) as Spec;
    expect(rendered.info.title).toBe(spec.info.title);
    expect(rendered.info.version).toBe(spec.info.version);
    expect(operations(rendered).map(({ operation, ...where }) => where)).toEqual(
      ops.map(({ operation, ...where }) => where),
    );
    expect(html).toContain(`<title>${spec.info.title} API reference</title>`);
  });
});

describe("code samples in the reference", () => {
  const sample = (service: string, operationId: string, extension: string) =>
    join(root, "docs/samples", service, `${operationId}.${extension}`);

  it.each(services)("every %s operation has a TypeScript and a curl sample file", (service) => {
    for (const { operationId } of operations(readSpec(service))) {
      expect(existsSync(sample(service, operationId!, "ts"))).toBe(true);
      expect(existsSync(sample(service, operationId!, "sh"))).toBe(true);
    }
  });

  it.each(services)("the %s page shows every operation's samples, TypeScript first", (service) => {
    const rendered = embeddedDefinition(page(service)) as Spec;
    for (const { operationId, operation } of operations(rendered)) {
      const samples = operation["x-codeSamples"] ?? [];
      expect(samples.map((s) => s.label)).toEqual(["TypeScript", "curl"]);
      for (const [i, kind] of sampleKinds.entries()) {
        const file = readFileSync(sample(service, operationId!, kind.extension), "utf8");
        expect(samples[i]!.source).toBe(file.trimEnd());
      }
      expect(samples[1]!.source).toMatch(/^curl /m);
    }
  });

  it.each(services)("the %s page offers exactly the TypeScript and curl tabs", (service) => {
    const options = /const __redoc_options = (\{.*?\});\n/.exec(page(service));
    const languages = JSON.parse(options![1]!).codeSamples.languages;
    expect(languages.map((l: { label: string }) => l.label)).toEqual(["TypeScript", "curl"]);
  });

  it("the trigger's curl sample sends the token and the run's options as Svc-* headers", () => {
    const rendered = embeddedDefinition(page("workflow")) as Spec;
    const trigger = operations(rendered).find((o) => o.operationId === "triggerWorkflow")!;
    const curl = trigger.operation["x-codeSamples"]![1]!.source;
    expect(curl).toContain('-H "Authorization: Bearer $WORKFLOW_TOKEN"');
    for (const header of ["Svc-Workflow-RunId", "Svc-Retries", "Svc-Retry-Delay", "Svc-Label"]) {
      expect(curl).toContain(`-H "${header}: `);
    }
  });

  it.each([
    ["workflow", "WorkflowClient"],
    ["vector", "VectorIndex"],
  ])("searching the %s page for %s finds its operations", (service, name) => {
    const rendered = embeddedDefinition(page(service)) as Spec;
    for (const { operation } of operations(rendered)) {
      // Redoc's search indexes descriptions; the samples name the class too.
      expect(operation.description).toContain(name);
      expect(operation["x-codeSamples"]![0]!.source).toContain(name);
    }
  });
});

describe("SDK reference", () => {
  const sdkPage = (path: string) => readFileSync(join(out, "sdk", path), "utf8");

  it.each([
    ["classes/_x_workflow.WorkflowClient.html", "WorkflowClient"],
    ["classes/_x_vector.VectorIndex.html", "VectorIndex"],
    ["functions/_x_dev-server.startDevServer.html", "startDevServer"],
    ["classes/_x_core.ValidationError.html", "ValidationError"],
  ])("has a page %s for %s, with its comment", (path, name) => {
    const html = sdkPage(path);
    expect(html).toContain(`<title>${name}`);
    expect(html).toContain('class="tsd-comment');
  });

  it("renders each package's README as a page", () => {
    for (const name of sdkPackages) {
      const readme = readFileSync(join(root, "packages", name, "README.md"), "utf8");
      const html = sdkPage(`documents/_x_${name}.README.html`);
      expect(html).toContain(`@x/${name}`);
      // The README's first paragraph, rendered.
      const firstWords = readme
        .split("\n\n")[1]!
        .split(/[`*\n]/)[0]!
        .slice(0, 30);
      expect(html).toContain(firstWords);
    }
  });

  it("needs no network to render", () => {
    for (const file of ["index.html", "classes/_x_vector.VectorIndex.html", "assets/style.css"]) {
      expect(externalResources(sdkPage(file))).toEqual([]);
    }
  });

  it("links every package's README from its own index page", () => {
    const index = sdkPage("index.html");
    for (const name of sdkPackages) {
      expect(index).toContain(`href="documents/_x_${name}.README.html"`);
    }
  });

  it("shows an example on every public method, constructor and function", () => {
    const model = JSON.parse(sdkPage("api.json"));
    const members = callables(model);
    expect(members.map((m) => m.name)).toEqual(
      expect.arrayContaining([
        "@x/vector.VectorIndex.constructor",
        "@x/vector.VectorIndex.range",
        "@x/workflow.WorkflowClient.trigger",
        "@x/dev-server.startDevServer",
      ]),
    );
    const without = members.filter((m) => m.signatures.some((examples) => examples.length === 0));
    expect(without.map((m) => m.name)).toEqual([]);
    for (const { name, signatures } of members) {
      for (const code of signatures.flat()) expect(code.trim(), name).not.toBe("");
    }
  });

  // TypeScript's name for an anonymous object type; a reader cannot look it up.
  it("names no type __type on any page", () => {
    const shown = readdirSync(join(out, "sdk"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".html"))
      .filter((file) =>
        sdkPage(file)
          .replace(/<[^>]*>/g, "")
          .includes("__type"),
      );
    expect(shown).toEqual([]);
  });

  it("links a parameter's named type instead of spelling it out", () => {
    const text = sdkPage("classes/_x_vector.VectorIndex.html").replace(/<[^>]*>/g, "");
    expect(text).toContain("request: RangeRequest");
    expect(text).toContain("request: FetchByIds");
    expect(text).toContain("ApiPromise&lt;IndexInfo&gt;");
  });
});

describe("site index", () => {
  const index = () => readFileSync(join(out, "index.html"), "utf8");
  const links = () => [...index().matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);

  it("links both API references, the SDK reference and every package's README", () => {
    expect(links()).toEqual(
      expect.arrayContaining([
        "workflow/index.html",
        "vector/index.html",
        "sdk/index.html",
        ...sdkPackages.flatMap((name) => [
          `sdk/modules/_x_${name}.html`,
          `sdk/documents/_x_${name}.README.html`,
        ]),
      ]),
    );
  });

  it("links only pages that exist", () => {
    for (const href of links()) expect(existsSync(join(out, href))).toBe(true);
  });

  it.each(services)("the %s page links back to the index and to the SDK reference", (service) => {
    const html = page(service);
    expect(html).toContain('href="../index.html"');
    expect(html).toContain('href="../sdk/index.html"');
    expect(existsSync(join(out, service, "../sdk/index.html"))).toBe(true);
  });
});
