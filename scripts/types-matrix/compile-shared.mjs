// `node scripts/types-matrix/compile-shared.mjs <typescript folder> <setting>...`, run in the
// project: what `tsc -p tsconfig.<setting>.json --pretty false` prints, for each setting,
// from one process and one load of that TypeScript (a TypeScript whose JavaScript API the
// matrix drives; the native compiler has none). Written to stdout as JSON,
// `[{ setting, output, seconds }]`.
//
// Each setting's program is made as tsc makes it (the same host, options, diagnostics, their
// order and format), one after the other; a later program reuses the source files an earlier
// one parsed alike (the same file, language version, module format and module indicator: the
// lib and node_modules declarations), instead of parsing them again. TypeScript's language
// service shares source files between programs the same way; nothing reads the files' text
// anew between the settings, which run back to back over the same installed project.
import { createRequire } from "node:module";
import { join } from "node:path";

const [typescriptFolder, ...settings] = process.argv.slice(2);
const ts = createRequire(join(typescriptFolder, "package.json"))("./lib/typescript.js");

/** Source files parsed so far, by file name, language version, module format and JSDoc mode. */
const parsed = new Map();

/** Whether a program's parse options would mark `file` as a module just as it is marked. */
function sameModuleIndicator(file, setExternalModuleIndicator) {
  if (setExternalModuleIndicator === undefined) return false;
  const marked = file.externalModuleIndicator;
  setExternalModuleIndicator(file);
  const wouldMark = file.externalModuleIndicator;
  file.externalModuleIndicator = marked;
  return wouldMark === marked;
}

/** `host.getSourceFile`, reusing a file parsed alike by an earlier program. */
function shareSourceFiles(host) {
  const parse = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNew) => {
    const options =
      typeof languageVersionOrOptions === "object"
        ? languageVersionOrOptions
        : { languageVersion: languageVersionOrOptions };
    const key = [
      fileName,
      options.languageVersion,
      options.impliedNodeFormat,
      options.jsDocParsingMode,
    ].join("\0");
    const earlier = parsed.get(key);
    if (
      earlier !== undefined &&
      !shouldCreateNew &&
      sameModuleIndicator(earlier, options.setExternalModuleIndicator)
    ) {
      return earlier;
    }
    const file = parse(fileName, languageVersionOrOptions, onError, shouldCreateNew);
    if (file !== undefined) parsed.set(key, file);
    return file;
  };
}

/** What `tsc -p tsconfig.<setting>.json --pretty false` writes (its performCompilation). */
function compile(setting) {
  let output = "";
  const system = { ...ts.sys, write: (text) => (output += text) };
  const reportDiagnostic = ts.createDiagnosticReporter(system, false);
  const commandLine = ts.parseCommandLine(["-p", `tsconfig.${setting}.json`, "--pretty", "false"]);
  const configFile = ts.normalizePath(
    ts.combinePaths(system.getCurrentDirectory(), commandLine.options.project),
  );
  const config = ts.parseConfigFileWithSystem(
    configFile,
    commandLine.options,
    new Map(),
    commandLine.watchOptions,
    system,
    reportDiagnostic,
  );
  // A tsconfig tsc cannot read: it reported why and stops there.
  if (config === undefined) return output;
  const host = ts.createCompilerHostWorker(config.options, undefined, system);
  // As tsc sets it (from TypeScript 5.3; older ones parse all JSDoc, and have no such mode).
  host.jsDocParsingMode = ts.JSDocParsingMode?.ParseForTypeErrors;
  shareSourceFiles(host);
  const currentDirectory = host.getCurrentDirectory();
  const canonical = ts.createGetCanonicalFileName(host.useCaseSensitiveFileNames());
  ts.changeCompilerHostLikeToUseCache(host, (fileName) =>
    ts.toPath(fileName, currentDirectory, canonical),
  );
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    host,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
  ts.emitFilesAndReportErrorsAndGetExitStatus(program, reportDiagnostic, (text) =>
    system.write(text + system.newLine),
  );
  return output;
}

const results = settings.map((setting) => {
  const started = performance.now();
  const output = compile(setting);
  return { setting, output, seconds: (performance.now() - started) / 1000 };
});
process.stdout.write(JSON.stringify(results));
