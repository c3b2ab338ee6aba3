// A package's declaration files, built without a type-checking program: each source file's
// declarations come from TypeScript's `transpileDeclaration` (the sources hold to
// `isolatedDeclarations`, so each file's declarations can be written from that file alone),
// then rollup-plugin-dts bundles them per entry, in the layout tsup's `dts` made: for each
// entry `dist/<entry>.d.ts` and `dist/<entry>.d.cts`, the declarations shared by entries in
// chunks of each family (a `.d.cts` imports `.d.cts` chunks), and the package's dependencies
// and peer dependencies left as imports. tsup's own `dts` built a whole program per package,
// the sources of the workspace packages it depends on included: most of the build's CPU time.
// The entries are the package.json `exports` that name a `source` file; their `types` name
// the outputs. Any diagnostic (an export whose type is not written out, an import of a
// package the package does not depend on) fails the build, naming the file and line.
// Usage (in a package's folder, after tsup wrote the JavaScript): node ../../scripts/build/declarations.mjs
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { basename, dirname, join, relative, resolve } from "node:path";
import { rollup } from "rollup";
import { dts } from "rollup-plugin-dts";
import ts from "typescript";
import { isMain } from "../lib/main.mjs";

/** A failed declaration build: its message lists every diagnostic, `file(line,col): ...`. */
class DeclarationError extends Error {
  name = "DeclarationError";
}

/**
 * The entries of a package: `{ name, source }` for each export with a `source` file, `name`
 * being its declaration file's name in dist/ without `.d.ts` (e.g. `guard` for
 * `./dist/guard.d.ts`). The CommonJS types must sit beside it as `<name>.d.cts`.
 */
function declarationEntries(manifest, dir) {
  const entries = [];
  for (const [key, value] of Object.entries(manifest.exports ?? {})) {
    if (typeof value !== "object" || typeof value.source !== "string") continue;
    const types = value.import?.types;
    if (typeof types !== "string" || !/^\.\/dist\/[^/]+\.d\.ts$/.test(types)) {
      throw new DeclarationError(
        `${manifest.name}: exports["${key}"].import.types must be ./dist/<name>.d.ts`,
      );
    }
    const name = basename(types, ".d.ts");
    if (value.require?.types !== `./dist/${name}.d.cts`) {
      throw new DeclarationError(
        `${manifest.name}: exports["${key}"].require.types must be ./dist/${name}.d.cts`,
      );
    }
    if (!value.source.endsWith(".ts")) {
      throw new DeclarationError(`${manifest.name}: exports["${key}"].source must be a .ts file`);
    }
    entries.push({ name, source: resolve(dir, value.source) });
  }
  return entries;
}

/** Whether `specifier` (a bare import) names one of `packages` or a path inside one. */
function namesPackage(specifier, packages) {
  return packages.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/** The name a source file's declarations go by: `.d.ts` in place of `.ts`. */
function declarationId(source) {
  return source.endsWith(".d.ts") ? source : source.replace(/\.ts$/, ".d.ts");
}

/**
 * The file a relative import in `importer` names, or undefined: a source file, or a
 * declaration file kept among the sources (such as generated types).
 */
function sourceOf(specifier, importer) {
  const target = resolve(dirname(importer), specifier);
  const stem = target.replace(/\.js$/, "");
  const candidates = [`${stem}.ts`, `${stem}.d.ts`, join(target, "index.ts")];
  return candidates.find((file) => existsSync(file));
}

/**
 * The rollup plugin that serves each source file's declarations from `transpileDeclaration`,
 * under the source's name with `.d.ts` in place of `.ts` (so rollup-plugin-dts reads them as
 * declarations), and keeps the package's dependencies external. Diagnostics are collected
 * in `diagnostics`.
 */
function isolatedDeclarations({ dir, manifest, diagnostics }) {
  const external = [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ];
  const sources = new Map(); // declaration id -> source file
  const idOf = (source) => {
    const id = declarationId(source);
    sources.set(id, source);
    return id;
  };
  return {
    name: "isolated-declarations",
    resolveId(specifier, importer) {
      // An entry, given by its declarations' name (see buildDeclarations).
      if (importer === undefined) return idOf(specifier.replace(/\.d\.ts$/, ".ts"));
      if (specifier.startsWith(".")) {
        const source = sourceOf(specifier, sources.get(importer));
        if (source === undefined) {
          this.error(`${relative(dir, sources.get(importer))}: cannot find "${specifier}"`);
        }
        return idOf(source);
      }
      if (specifier.startsWith("node:") || builtinModules.includes(specifier)) {
        return { id: specifier, external: true };
      }
      if (namesPackage(specifier, external)) return { id: specifier, external: true };
      this.error(
        `${relative(dir, sources.get(importer))}: its declarations import "${specifier}", which is not among ${manifest.name}'s dependencies or peerDependencies: add it there, or keep it out of the exported types`,
      );
    },
    load(id) {
      const source = sources.get(id);
      if (source === undefined) return null;
      const text = readFileSync(source, "utf8");
      if (source === id) return text;
      const output = ts.transpileDeclaration(text, { fileName: source, reportDiagnostics: true });
      for (const diagnostic of output.diagnostics ?? []) diagnostics.push(located(diagnostic, dir));
      return withoutDoubledMethods(output.outputText);
    },
  };
}

/** A diagnostic as `file(line,col): error TSn: message`, the file relative to `dir`. */
function located(diagnostic, dir) {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
  const where = diagnostic.file;
  if (where === undefined) return `error TS${diagnostic.code}: ${message}`;
  const { line, character } = where.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  const file = relative(dir, where.fileName);
  return `${file}(${line + 1},${character + 1}): error TS${diagnostic.code}: ${message}`;
}

/**
 * The declarations without the property TypeScript 5.9's `transpileDeclaration` adds for a
 * class method with a computed name: it writes `static [Symbol.hasInstance](value: unknown):
 * boolean;` and, before it, `static [Symbol.hasInstance]: (value: unknown) => boolean;`,
 * which the checker's emit (tsup's) never wrote. Such a property beside a method of the
 * same name and staticness is dropped.
 */
function withoutDoubledMethods(text) {
  if (!text.includes("](")) return text;
  const file = ts.createSourceFile("x.d.ts", text, ts.ScriptTarget.Latest, true);
  const key = (member) => `${ts.hasStaticModifier(member)} ${member.name.getText()}`;
  const doubled = [];
  const visit = (node) => {
    if (ts.isClassDeclaration(node)) {
      const computed = node.members.filter(
        (member) => member.name && ts.isComputedPropertyName(member.name),
      );
      const methods = new Set(computed.filter(ts.isMethodDeclaration).map(key));
      doubled.push(...computed.filter((m) => ts.isPropertyDeclaration(m) && methods.has(key(m))));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let kept = text;
  for (const member of doubled.reverse()) {
    kept = kept.slice(0, member.getFullStart()) + kept.slice(member.getEnd());
  }
  return kept;
}

/**
 * Builds the declarations of the package in `dir` into its dist/ (which tsup has cleaned and
 * filled with the JavaScript); throws a DeclarationError naming every problem.
 */
export async function buildDeclarations(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const entries = declarationEntries(manifest, dir);
  if (entries.length === 0) return;
  const diagnostics = [];
  let bundle;
  try {
    bundle = await rollup({
      // By their declarations' names: given a .ts entry, rollup-plugin-dts would build a
      // type-checking program for it.
      input: Object.fromEntries(entries.map(({ name, source }) => [name, declarationId(source)])),
      plugins: [isolatedDeclarations({ dir, manifest, diagnostics }), dts()],
      onLog(level, log) {
        if (level === "warn") diagnostics.push(log.message);
      },
    });
  } catch (error) {
    throw new DeclarationError(`${manifest.name}: ${error.message}`);
  }
  try {
    if (diagnostics.length > 0) {
      const text = diagnostics.map((line) => `  ${line}\n`).join("");
      throw new DeclarationError(`${manifest.name}: the declarations cannot be built:\n${text}`);
    }
    for (const extension of [".d.ts", ".d.cts"]) {
      await bundle.write({
        dir: join(dir, "dist"),
        entryFileNames: `[name]${extension}`,
        // A chunk is named after a module in it, here `<name>.d.ts`: without the `.d`.
        chunkFileNames: (chunk) => `${chunk.name.replace(/\.d$/, "")}-[hash]${extension}`,
      });
    }
  } finally {
    await bundle.close();
  }
}

if (isMain(import.meta.url)) {
  try {
    await buildDeclarations(process.cwd());
  } catch (error) {
    if (!(error instanceof DeclarationError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
