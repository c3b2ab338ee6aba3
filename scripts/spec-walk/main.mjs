// `pnpm spec:walk`: the README's "After a spec change", walked on a temporary copy of what
// the specs feed (copy.mjs), twice.
//   1. An optional field is added to each spec (a request field of the vector range, a
//      response field of the workflow trigger), then the steps run, with the changeset the
//      bump check asks for as the only other edit. Every step passes, and the built clients
//      send the new request field and return the new response field, typed.
//   2. A required field is renamed: `gen` prints it as breaking, `release:check` asks for a
//      major, and `tsc` fails in the client code that uses the old name.
// Each step runs the script its pnpm command runs, limited to the packages the specs feed,
// and its output is printed. The checks' counts go to .check-results/spec-walk.json for the
// totals of `pnpm check`. Exits 1 when any check failed.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { installTypeScript, NATIVE } from "../lib/typescript.mjs";
import { copyRepo } from "./copy.mjs";
import { PROBE } from "./probe.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "../..");
const VECTOR_SPEC = "specs/vector/openapi.yaml";
const WORKFLOW_SPEC = "specs/workflow/openapi.yaml";
const UPSERT_FIXTURE = "packages/dev-server/test/fixtures/vector-with-upsert.openapi.yaml";
const counts = { passed: 0, failed: 0 };

/** Counts a check and prints it. */
function expect(ok, what) {
  counts[ok ? "passed" : "failed"] += 1;
  console.log(`  ${ok ? "ok" : "FAILED"}: ${what}`);
}

/** Runs `command` in `dir`; resolves to its status, output and seconds taken. */
function run(dir, command, args, cwd = ".") {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: join(dir, cwd),
      env: {
        ...process.env,
        // The repo's binaries (tsup), as pnpm gives a package's scripts.
        PATH: `${join(repo, "node_modules/.bin")}${delimiter}${process.env.PATH}`,
        REDOCLY_TELEMETRY: "off",
        REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (status) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      resolve({ status, output: output.trim(), seconds });
    });
  });
}

/** Prints a step's command and output, the README's name for it first. */
function report(title, command, args, done) {
  console.log(`\n$ ${title}    (${[command, ...args].join(" ")}; ${done.seconds} s)`);
  if (done.output !== "") console.log(done.output.replace(/^/gm, "  | "));
  return done;
}

/** One step: runs it, prints it, resolves to its status and output. */
async function step(dir, title, command, args, cwd = ".") {
  return report(title, command, args, await run(dir, command, args, cwd));
}

/** Steps that do not depend on each other (one per package), run side by side. */
async function steps(dir, title, names, commandOf) {
  const commands = names.map(commandOf);
  const done = await Promise.all(
    commands.map(([command, args, cwd]) => run(dir, command, args, cwd)),
  );
  return done.map((result, i) => {
    const [command, args] = commands[i];
    return report(`${title} (@x/${names[i]})`, command, args, result);
  });
}

function edit(dir, file, from, to) {
  const path = join(dir, file);
  const text = readFileSync(path, "utf8");
  if (!text.includes(from)) throw new Error(`${file} no longer holds the text the walk edits`);
  writeFileSync(path, text.replace(from, to));
}

/** The compiler `pnpm typecheck` runs (the native one, scripts/typecheck.mjs): its binary. */
const tsc = async () => (await installTypeScript(NATIVE)).binary;

/**
 * The build of each client package the specs feed (its package.json `build` script: tsup,
 * then the declarations, scripts/build/declarations.mjs), then the step `pnpm build` runs
 * after the packages' own builds: each public entry's declarations get the package's doc
 * comment.
 */
async function build(dir) {
  const packages = await steps(dir, "pnpm build", ["vector", "workflow"], (name) => {
    const manifest = JSON.parse(readFileSync(join(dir, "packages", name, "package.json"), "utf8"));
    return ["sh", ["-c", manifest.scripts.build], `packages/${name}`];
  });
  const docs = await step(dir, "pnpm build (package docs)", "node", ["scripts/package-doc.mjs"]);
  return [...packages, docs];
}
async function typecheck(dir, names) {
  const compiler = await tsc();
  return steps(dir, "pnpm typecheck", names, (name) => [
    compiler,
    ["--noEmit", "-p", `packages/${name}/tsconfig.json`],
  ]);
}

async function addFields(dir) {
  console.log(`\n# Walk 1: an optional field added to each spec (in ${dir})`);
  edit(
    dir,
    VECTOR_SPEC,
    "        includeData:\n          type: boolean\n          default: false\n          description: Include each vector's data.\n    RangeResult:",
    "        includeData:\n          type: boolean\n          default: false\n          description: Include each vector's data.\n        reverse:\n          type: boolean\n          default: false\n          description: Page from the last vector backwards.\n    RangeResult:",
  );
  edit(
    dir,
    WORKFLOW_SPEC,
    "            milliseconds) instead.\n    FailureReport:",
    "            milliseconds) instead.\n        deduplicated:\n          type: boolean\n          description: True when an earlier identical trigger's run was returned.\n    FailureReport:",
  );
  const gen = await step(dir, "pnpm gen", "node", ["scripts/gen.mjs"]);
  const diff = await step(dir, "pnpm gen (spec:diff)", "node", ["scripts/spec-diff.mjs"]);
  expect(gen.status === 0, "gen regenerates the types, tables and fixtures");
  expect(
    /additive\s+#\/components\/schemas\/RangeRequest\/properties\/reverse/.test(diff.output) &&
      /additive\s+#\/components\/schemas\/TriggerResult\/properties\/deduplicated/.test(
        diff.output,
      ),
    "gen prints both added fields as additive, with their JSON pointers",
  );
  const fixture = readFileSync(join(dir, UPSERT_FIXTURE), "utf8");
  expect(
    /\n {8}reverse:\n/.test(fixture),
    `gen carries the new field into the fixture derived from the spec (${UPSERT_FIXTURE})`,
  );
  expect(
    (await build(dir)).every((done) => done.status === 0),
    "build passes",
  );
  expect(
    (await typecheck(dir, ["vector", "workflow"])).every((done) => done.status === 0),
    "typecheck passes",
  );
  expect(
    (await step(dir, "pnpm api", "node", ["scripts/api.mjs"])).status === 0,
    "api writes the reports",
  );
  const asked = await step(dir, "pnpm release:check", "node", ["scripts/release-check.mjs"]);
  // A package is named once per changed report (its root's and each entry point's).
  const asks = [...asked.output.matchAll(/ {2}(@x\/\w+) needs a (\w+) changeset/g)];
  const bumps = [
    ...new Map(asks.map(([, name, bump]) => [`${name} ${bump}`, [name, bump]])).values(),
  ];
  expect(
    asked.status !== 0 && bumps.length === 2 && bumps.every(([, bump]) => bump === "minor"),
    "release:check asks for a minor changeset of @x/vector and @x/workflow",
  );
  const frontmatter = bumps.map(([name, bump]) => `"${name}": ${bump}`).join("\n");
  writeFileSync(
    join(dir, ".changeset/walk.md"),
    `---\n${frontmatter}\n---\n\nNew optional fields from the specs.\n`,
  );
  console.log(`\n$ pnpm changeset    (wrote .changeset/walk.md)\n  | ${frontmatter}`);
  for (const [title, args] of [
    ["pnpm release:check", ["scripts/release-check.mjs"]],
    ["pnpm api:check", ["scripts/api.mjs", "--check"]],
    ["pnpm gen:check", ["scripts/gen.mjs", "--check"]],
  ]) {
    expect((await step(dir, title, "node", args)).status === 0, `${title} passes`);
  }
  writeFileSync(join(dir, "probe.ts"), PROBE);
  const typed = await step(dir, "tsc probe.ts (the built clients' types)", await tsc(), [
    ...["--noEmit", "--strict", "--module", "nodenext", "--target", "es2022"],
    ...["--skipLibCheck", "--types", "node", "probe.ts"],
  ]);
  expect(typed.status === 0, "the new request and response fields are typed in the built clients");
  const ran = await step(dir, "node probe.ts (the built clients)", "node", [
    "--import",
    "tsx",
    "probe.ts",
  ]);
  const seen = ran.status === 0 ? JSON.parse(ran.output) : {};
  expect(seen.rangeBody?.reverse === true, "the built vector client sends `reverse`");
  expect(seen.deduplicated === true, "the built workflow client returns `deduplicated`");
  await step(dir, "git status (what changed, by hand or by the steps)", "git", [
    "status",
    "--short",
  ]);
}

async function renameField(dir) {
  console.log(`\n# Walk 2: a required field renamed, cursor -> startCursor (in ${dir})`);
  edit(dir, VECTOR_SPEC, "required: [cursor, limit]", "required: [startCursor, limit]");
  edit(
    dir,
    VECTOR_SPEC,
    "      properties:\n        cursor:\n          type: string\n          description: |\n            Where to continue",
    "      properties:\n        startCursor:\n          type: string\n          description: |\n            Where to continue",
  );
  await step(dir, "pnpm gen", "node", ["scripts/gen.mjs"]);
  const diff = await step(dir, "pnpm gen (spec:diff)", "node", ["scripts/spec-diff.mjs"]);
  expect(
    /breaking\s+#\/components\/schemas\/RangeRequest\/properties\/startCursor/.test(diff.output),
    "gen prints breaking",
  );
  const check = await step(dir, "pnpm release:check", "node", ["scripts/release-check.mjs"]);
  expect(
    check.status !== 0 && /@x\/vector needs a major changeset/.test(check.output),
    "release:check asks for a major changeset of @x/vector",
  );
  const [tsc] = await typecheck(dir, ["vector"]);
  expect(
    tsc.status !== 0 && /src\/range\.ts\(\d+,\d+\): error TS\d+: .*cursor/.test(tsc.output),
    "tsc fails in the client code that uses the old name",
  );
}

/** Runs one walk in a fresh copy; its last line is its counts, for the parent. */
async function runWalk(walk) {
  const dir = copyRepo(repo);
  try {
    await walk(dir);
  } catch (error) {
    expect(false, `the walk ran to its end (${error.message})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${COUNTS} ${JSON.stringify(counts)}`);
}

/** Runs this script for one walk; resolves to its output. */
async function child(name) {
  const done = await run(repo, process.execPath, [fileURLToPath(import.meta.url), name]);
  return done.output;
}

const COUNTS = "spec:walk counts";
const WALKS = { add: addFields, rename: renameField };
const [only] = process.argv.slice(2);
if (only !== undefined) {
  await runWalk(WALKS[only]);
} else {
  // The two walks run side by side, each in its own copy; their outputs print in order.
  const started = performance.now();
  const outputs = await Promise.all(Object.keys(WALKS).map(child));
  for (const output of outputs) {
    const [, line = "{}"] = output.split(`${COUNTS} `);
    const walked = JSON.parse(line);
    counts.passed += walked.passed ?? 0;
    // A walk that died before printing its counts is one failure.
    counts.failed += walked.failed ?? 1;
    console.log(output.split(`${COUNTS} `)[0].trimEnd());
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nspec:walk: ${counts.passed} passed, ${counts.failed} failed in ${seconds} s`);
  mkdirSync(join(repo, ".check-results"), { recursive: true });
  writeFileSync(join(repo, ".check-results/spec-walk.json"), `${JSON.stringify(counts)}\n`);
  process.exitCode = counts.failed > 0 ? 1 : 0;
}
