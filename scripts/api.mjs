// Writes each public package's API report, `packages/<dir>/<name>.api.md`, from the built
// declaration file of its root export (API Extractor), so every change to what users can
// import shows up in review. With --check it writes nothing and fails when a committed report
// differs from what the build declares now. `pnpm api` and `pnpm api:check` run the build
// first (turbo: nothing is rebuilt when no source changed), so a report is never checked
// against a stale dist/.
// Usage: node scripts/api.mjs [--check] [--root <dir>]
// `apiReports` is the whole check, exported so its tests run it without a process of its own.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  CompilerState,
  Extractor,
  ExtractorConfig,
  ExtractorMessageCategory,
} from "@microsoft/api-extractor";
import { isMain } from "./lib/main.mjs";
import { releasedPackages } from "./release/packages.mjs";

// The report is the whole review: no .d.ts rollup, no doc model. Release tags (@public,
// @beta) are not used in this repo, so their absence is not a finding; TSDoc style is
// typedoc's business, and a missing comment is already marked in the report. Types a
// signature uses without exporting them (the generated `paths`) are written into the
// report, so a spec rename shows there too. Reports use LF, as every file in the repo.
function configFor(root, pkg, tempFolder) {
  return {
    projectFolder: join(root, pkg.dir),
    mainEntryPointFilePath: join(root, pkg.entry),
    newlineKind: "lf",
    compiler: {
      overrideTsconfig: {
        compilerOptions: {
          lib: ["ES2022", "DOM", "DOM.Iterable"],
          module: "ESNext",
          moduleResolution: "Bundler",
          strict: true,
          skipLibCheck: true,
          types: [],
        },
        files: [join(root, pkg.entry)],
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: basename(pkg.report),
      reportFolder: join(root, dirname(pkg.report)),
      reportTempFolder: tempFolder,
      includeForgottenExports: true,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: "error" } },
      extractorMessageReporting: {
        default: { logLevel: "error" },
        "ae-missing-release-tag": { logLevel: "none" },
        "ae-forgotten-export": { logLevel: "none" },
        "ae-undocumented": { logLevel: "none" },
      },
      tsdocMessageReporting: { default: { logLevel: "none" } },
    },
  };
}

/** API Extractor's configuration of `pkg`'s report. */
function prepare(root, pkg, tempFolder) {
  if (!existsSync(join(root, pkg.entry))) {
    throw new Error(`${pkg.name}: ${pkg.entry} is missing: run \`pnpm build\` first`);
  }
  return ExtractorConfig.prepare({
    configObject: configFor(root, pkg, tempFolder),
    // Only where relative paths would resolve from: the config is built here, not read.
    configObjectFullPath: join(root, pkg.dir, "api-extractor.json"),
    packageJsonFullPath: join(root, pkg.dir, "package.json"),
  });
}

/**
 * One TypeScript program over every package's entry, which each report's analysis shares:
 * the compiler options are the same for all (configFor), and reading the standard library
 * once, not once per package, halves the check's CPU seconds.
 */
function sharedCompilerState(root, packages, tempFolder) {
  const [first, ...others] = packages.map((pkg) => prepare(root, pkg, tempFolder));
  return CompilerState.create(first, {
    additionalEntryPoints: others.map((config) => config.mainEntryPointFilePath),
  });
}

function extract(root, pkg, tempFolder, { check, compilerState }) {
  const config = prepare(root, pkg, tempFolder);
  const problems = [];
  const result = Extractor.invoke(config, {
    compilerState,
    localBuild: !check,
    messageCallback(message) {
      // Console messages are API Extractor's progress lines ("report created"), not findings.
      const finding = message.category !== ExtractorMessageCategory.Console;
      if (finding && (message.logLevel === "error" || message.logLevel === "warning")) {
        problems.push(message.formatMessageWithLocation(root));
      }
      message.handled = true;
    },
  });
  if (problems.length > 0) {
    throw new Error(`${pkg.name}: API Extractor reported:\n  ${problems.join("\n  ")}`);
  }
  return result;
}

/**
 * Writes the API report of each released package under `root` or, with `check`, writes
 * nothing and compares. Returns what the command prints and its exit status.
 */
export function apiReports(root, { check = false } = {}) {
  const temp = mkdtempSync(join(tmpdir(), "x-api-"));
  const written = [];
  const stale = [];
  try {
    const packages = releasedPackages(root);
    const compilerState = sharedCompilerState(root, packages, temp);
    for (const pkg of packages) {
      const result = extract(root, pkg, temp, { check, compilerState });
      checkPackageDocumentation(pkg, temp);
      if (!check) {
        written.push(`api: ${pkg.report}${result.apiReportChanged ? " written" : " unchanged"}\n`);
      } else if (result.apiReportChanged) {
        stale.push(`${pkg.name}: ${pkg.report} differs from its build:\n${diff(root, pkg, temp)}`);
      }
    }
  } catch (error) {
    return { status: 1, stdout: written.join(""), stderr: `api: ${error.message}\n` };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  if (stale.length > 0) {
    return {
      status: 1,
      stdout: "",
      stderr: `The public API changed without its report:\n\n${stale.join("\n\n")}\n\nRun \`pnpm api\` and commit the reports with the change, so a reviewer sees it.\n`,
    };
  }
  const done = check ? "api:check: every API report matches its build.\n" : "";
  return { status: 0, stdout: `${written.join("")}${done}`, stderr: "" };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { check: { type: "boolean", default: false }, root: { type: "string", default: "." } },
  });
  const { status, stdout, stderr } = apiReports(resolve(values.root), { check: values.check });
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = status;
}

/**
 * API Extractor marks a report whose declaration file opens without the package's doc
 * comment; a package must say what it is (its tsup config puts `src/index.ts`'s comment in).
 */
function checkPackageDocumentation(pkg, temp) {
  const report = readFileSync(join(temp, basename(pkg.report)), "utf8");
  if (report.includes("(No @packageDocumentation comment for this package)")) {
    throw new Error(
      `${pkg.name}: ${pkg.entry} has no @packageDocumentation comment: open src/index.ts with one; \`pnpm build\` (scripts/package-doc.mjs) puts it on the built declaration file`,
    );
  }
}

/** The committed report against the one the build gives, as git prints it. */
function diff(root, pkg, temp) {
  const committed = join(root, pkg.report);
  const built = join(temp, basename(pkg.report));
  if (!existsSync(committed)) return "  (no committed report yet)";
  try {
    execFileSync("git", ["diff", "--no-index", "--no-color", "-U1", committed, built], {
      encoding: "utf8",
    });
    return "";
  } catch (error) {
    // git diff --no-index exits 1 when the files differ; its stdout is the diff.
    return String(error.stdout ?? readFileSync(built, "utf8"))
      .split("\n")
      .filter((line) => /^[-+@]/.test(line) && !/^(---|\+\+\+) /.test(line))
      .map((line) => `  ${line}`)
      .join("\n");
  }
}
