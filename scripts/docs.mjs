// Builds the API reference as a static site that renders with no network:
//   <out>/index.html            links every service, described by its spec's `info`,
//                               the SDK reference and each package's README
//   <out>/<service>/index.html  the Redoc reference of specs/<service>/openapi.yaml
//   <out>/sdk/                  the SDK reference (TypeDoc, docs/typedoc.json)
// Each service page is one self-contained file (renderer, styles and spec inlined),
// so it opens from a web server or straight from disk (file://) alike.
// Every operation shows the TypeScript and curl samples of docs/samples/<service>/ (the
// tests run them), added to a copy of the spec at build time.
// Usage: node scripts/docs.mjs [--out <dir>] [--specs <dir>] [--samples <dir>] [workflow|vector ...]
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parse } from "yaml";
import { withCodeSamples } from "../docs/src/code-samples.mjs";
import { renderIndex, summary } from "../docs/src/index-page.mjs";
import { externalResources, telemetryDisabled } from "../docs/src/offline.mjs";
import { installTypeScript, NATIVE } from "./lib/typescript.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const run = promisify(execFile);

function parseArgs(argv) {
  const options = {
    out: join(root, "docs/dist"),
    specs: join(root, "specs"),
    samples: join(root, "docs/samples"),
    services: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--out" || arg === "--specs" || arg === "--samples") {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a directory`);
      options[arg.slice(2)] = resolve(value);
    } else if (arg.startsWith("--")) {
      throw new Error(
        `unknown option ${arg}; usage: docs.mjs [--out <dir>] [--specs <dir>] [--samples <dir>] [service ...]`,
      );
    } else {
      options.services.push(arg);
    }
  }
  if (options.services.length === 0) options.services = ["workflow", "vector"];
  return options;
}

// Redoc's footer credit loads the vendor's logo from its CDN at run time; offline
// that is a broken image, so the credit shows a local wordmark instead.
const logoUrls = [
  "https://cdn.redoc.ly/redoc/logo-mini-full.svg",
  "https://cdn.redoc.ly/redoc/logo-mini.svg",
];
const localLogo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="14" viewBox="0 0 52 14">' +
    '<text x="0" y="11" font-family="sans-serif" font-size="11" font-weight="600" fill="#0044d4">Redocly</text></svg>',
)}`;

// The page is prerendered as if served at "/", with menu links like href="/vectors",
// but in the browser Redoc routes by hash ("#/vectors"). Prerendering the links the
// browser will use keeps them working when opened in a new tab or from disk.
function hashLinks(html) {
  const start = html.indexOf('<div id="redoc">');
  const end = html.indexOf('<script type="module">', start);
  if (start === -1 || end === -1) throw new Error("unexpected Redoc page layout");
  const prerendered = html.slice(start, end).replaceAll('href="/', 'href="#/');
  return html.slice(0, start) + prerendered + html.slice(end);
}

async function buildPage(service, specFile, outFile, title, description) {
  const args = [
    "build-docs",
    specFile,
    "--inlineBundle",
    "--openapi",
    join(root, "docs/src/redoc-options.json"),
    "--template",
    join(root, "docs/src/template.hbs"),
    "--title",
    title,
    "--templateOptions.description",
    description,
    "-o",
    outFile,
  ];
  try {
    await run(join(root, "node_modules/.bin/redocly"), args, {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
  } catch (error) {
    throw new Error(`redocly build-docs failed for ${service}:\n${error.stderr || error.message}`);
  }
  let html = readFileSync(outFile, "utf8");
  for (const url of logoUrls) html = html.replaceAll(url, localLogo);
  html = hashLinks(html);
  const external = externalResources(html);
  if (external.length > 0) {
    throw new Error(`${service} page would need the network: ${[...new Set(external)].join(", ")}`);
  }
  if (!telemetryDisabled(html)) throw new Error(`${service} page has renderer telemetry on`);
  writeFileSync(outFile, html);
  return Buffer.byteLength(html);
}

const options = parseArgs(process.argv.slice(2));
// Once TypeDoc's model is converted, the examples are type-checked by the native compiler
// (about 1 s, where 5.9 took 5.7 s). Its install, a 31 MB download on a fresh machine,
// starts before anything else: on a fresh clone it ended 0.1 s before the model was ready.
const compiler = installTypeScript(NATIVE).then(({ binary }) => binary);
compiler.catch(() => {}); // awaited by buildSdk; a failed install fails the build there
// The specs with their samples, as redocly reads them; removed once the pages are built.
const specsWithSamples = mkdtempSync(join(tmpdir(), "x-docs-specs-"));
const services = options.services.map((name) => {
  const specFile = join(options.specs, name, "openapi.yaml");
  const spec = parse(readFileSync(specFile, "utf8"));
  const info = spec?.info ?? {};
  if (typeof info.title !== "string") throw new Error(`${specFile} has no info.title`);
  const description = summary(info.description) || info.title;
  const builtFrom = join(specsWithSamples, `${name}.json`);
  writeFileSync(builtFrom, JSON.stringify(withCodeSamples(spec, join(options.samples, name))));
  return {
    name,
    specFile,
    builtFrom,
    outFile: join(options.out, name, "index.html"),
    href: `${name}/index.html`,
    title: info.title,
    version: String(info.version ?? ""),
    description,
  };
});

rmSync(options.out, { recursive: true, force: true });
for (const s of services) mkdirSync(dirname(s.outFile), { recursive: true });

const sdkDir = join(options.out, "sdk");
// The Redoc pages (processes of their own) start before TypeDoc loads, in this process.
const pages = services.map((s) =>
  buildPage(s.name, s.builtFrom, s.outFile, `${s.title} API reference`, s.description),
);
let sizes;
let packages;
try {
  const sdk = import("../docs/src/sdk.mjs").then(({ buildSdk }) =>
    buildSdk(root, sdkDir, compiler),
  );
  [packages, ...sizes] = await Promise.all([sdk, ...pages]);
} finally {
  rmSync(specsWithSamples, { recursive: true, force: true });
}
const indexFile = join(options.out, "index.html");
writeFileSync(indexFile, renderIndex(services, packages));

const shown = (file) => {
  const rel = relative(process.cwd(), file);
  return rel.startsWith("..") ? file : rel;
};
console.log(`API reference written to ${shown(options.out)}/`);
console.log(`  ${shown(indexFile)}`);
services.forEach((s, i) => {
  console.log(`  ${shown(s.outFile)} (${Math.ceil(sizes[i] / 1024)} KiB, ${shown(s.specFile)})`);
});
console.log(
  `  ${shown(sdkDir)}/index.html (SDK reference of ${packages.map((p) => p.name).join(", ")})`,
);
