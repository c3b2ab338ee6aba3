// Builds the SDK reference: TypeDoc over the public entry points of the published
// packages (docs/typedoc.json), each package's README rendered as a page of it, and
// TypeDoc's JSON model as `api.json`. Like the API pages, every file must render with no
// network; every `@example` must type-check.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Application, Logger, TSConfigReader, TypeDocReader } from "typedoc";
import { externalResources } from "./offline.mjs";
import { callables, typecheckExamples } from "./sdk-examples.mjs";

// The packages the reference covers, in the order the index lists them.
export const sdkPackages = ["core", "workflow", "vector", "dev-server", "otel"];

/** TypeDoc's file name for a page of the package `@x/<name>`. @param {string} name */
const slug = (name) => `_x_${name}`;

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Keeps what TypeDoc's logger would print (with the source position it adds) for the
 * build's error, instead of printing it.
 * @param {import("typedoc").Logger} logger
 * @returns {string[]} the messages, as they come
 */
function keepMessages(logger) {
  /** @type {string[]} */
  const messages = [];
  logger.log = (message, level) => {
    // The base class counts the warnings and errors; the console logger would print.
    Logger.prototype.log.call(logger, message, level);
    if (level >= logger.level) messages.push(message);
  };
  return messages;
}

/**
 * Runs TypeDoc in this process as its command line would, with `options` (an `options`
 * file among them): converts, validates and writes the outputs, and fails on any warning or
 * error when the options treat warnings as errors. `beside(model)` starts once the model is
 * converted and validated, with TypeDoc's JSON model, and runs while the outputs are
 * written; its failure fails the run.
 * @param {Partial<import("typedoc").TypeDocOptions>} options
 * @param {(model: import("typedoc").JSONOutput.ProjectReflection) => Promise<unknown>} beside
 * @returns {Promise<void>} rejects with TypeDoc's messages when it fails
 */
export async function runTypeDoc(options, beside) {
  const app = await Application.bootstrapWithPlugins(options, [
    new TypeDocReader(),
    new TSConfigReader(),
  ]);
  const { logger } = app;
  const messages = keepMessages(logger);
  const strict = app.options.getValue("treatWarningsAsErrors");
  const failed = () => logger.hasErrors() || (strict && logger.hasWarnings());
  const fail = (stage) =>
    new Error(`typedoc failed (${stage}):\n${messages.join("\n") || "its messages are above"}`);

  const project = failed() ? undefined : await app.convert();
  if (project === undefined || failed()) throw fail("options or conversion");
  const validationWarnings = logger.warningCount;
  app.validate(project);
  const validationFailed =
    app.options.getValue("treatValidationWarningsAsErrors") &&
    logger.warningCount > validationWarnings;
  if (failed() || validationFailed) throw fail("validation");

  const work = beside(app.serializer.projectToObject(project, process.cwd()));
  // Its failure is reported once the outputs are written, so they are never half written.
  work.catch(() => {});
  await app.generateOutputs(project);
  if (failed()) throw fail("output");
  await work;
}

/**
 * Writes the SDK reference to `outDir` and returns, per package, the pages the site
 * index links (relative to `outDir`'s parent). The examples' type check runs beside the
 * rendering of the pages.
 * @param {string} root the repository
 * @param {string} outDir
 * @param {Promise<string>} [compiler] the `tsc` that type-checks the examples (the
 *   repository's own by default); a promise, so it can be installed while TypeDoc runs
 */
export async function buildSdk(root, outDir, compiler) {
  await runTypeDoc(
    {
      options: join(root, "docs/typedoc.json"),
      logLevel: "Warn",
      out: outDir,
      json: join(outDir, "api.json"),
      // TypeDoc would first ask TypeScript for every compiler error of the sources: a whole
      // type check (a quarter of its CPU seconds) that `pnpm typecheck` already runs. Its
      // validation (undocumented, unexported or badly linked names) still runs.
      skipErrorChecking: true,
    },
    async (model) => {
      const tsc = (await compiler) ?? join(root, "node_modules/.bin/tsc");
      await typecheckExamples(root, sdkPackages, callables(model), tsc);
    },
  );
  for (const file of filesUnder(outDir)) {
    if (!/\.(html|css|js)$/.test(file)) continue;
    const external = externalResources(readFileSync(file, "utf8"));
    if (external.length > 0) {
      const shown = relative(outDir, file);
      throw new Error(`SDK page ${shown} would need the network: ${[...new Set(external)]}`);
    }
  }
  const base = relative(join(outDir, ".."), outDir);
  return sdkPackages.map((name) => {
    const manifest = JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8"));
    const pages = {
      name: manifest.name,
      description: String(manifest.description ?? ""),
      reference: `${base}/modules/${slug(name)}.html`,
      readme: `${base}/documents/${slug(name)}.README.html`,
    };
    for (const page of [pages.reference, pages.readme]) {
      if (!existsSync(join(outDir, "..", page))) throw new Error(`typedoc wrote no ${page}`);
    }
    return pages;
  });
}
