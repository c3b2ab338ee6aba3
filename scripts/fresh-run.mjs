// `pnpm fresh:time [start] [check]`: times the README's commands as a newcomer runs them.
// Each command runs in its own fresh clone of HEAD (`--one-clone`: both in one, one after the
// other), in a temporary folder, under a fresh HOME with empty caches (npm's, the pnpm store,
// corepack, the runtimes of `pnpm test:runtimes`; turbo's and vitest's live in the clone, so
// they start empty too) and an empty temporary folder (TMPDIR: tsx keeps its compiled files
// there), with pnpm installed by the command itself into a prefix inside that
// folder: the developer's own global pnpm and caches are not touched. The command is the
// README's, read from it, and its `&&` parts run one after the other as the shell would,
// each timed.
//
// It prints each part's wall and CPU seconds (user+sys of every process it started), the
// stage table `pnpm check` ends with, and its last line. The full output of each command is
// kept in `<tmp>/x-fresh-<time>-<command>.log`; `--keep` keeps the clones too, which are
// removed otherwise; `--quiet` prints only the summary.
//
// What it cannot make fresh: system packages. Chromium is Debian's package (scripts/
// ensure-chromium.mjs installs it on a machine without it); when it is already there, its
// install is not in these times, and the summary says so.
import { spawn, spawnSync } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { childCpuSeconds } from "./lib/cpu.mjs";
import { freshEnv, readmeCommands, stageTable } from "./lib/fresh.mjs";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    keep: { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
    "one-clone": { type: "boolean", default: false },
  },
});
const root = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = "/usr/bin/chromium";

/** Runs one `&&` part in the clone; resolves with its exit code. Output goes to `log` (and here). */
function runPart(part, cwd, env, log) {
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", part], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        log.write(chunk);
        if (!options.quiet) process.stdout.write(chunk);
      });
    }
    child.on("error", (error) => {
      log.write(`${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/**
 * A fresh machine, as far as a user's files go: a temporary folder with a clone of `commit`
 * in `repo/` and the environment of a newcomer's shell (HOME and every cache inside it).
 */
function freshMachine(label, commit) {
  const base = mkdtempSync(join(tmpdir(), `x-fresh-${label}-`));
  const clone = join(base, "repo");
  const env = freshEnv(process.env, base);
  mkdirSync(env.HOME, { recursive: true });
  mkdirSync(env.TMPDIR, { recursive: true });
  const cloned = spawnSync("git", ["clone", "--quiet", "--no-checkout", root, clone], {
    encoding: "utf8",
  });
  const checkout =
    cloned.status === 0
      ? spawnSync("git", ["-C", clone, "checkout", "--quiet", commit], { encoding: "utf8" })
      : cloned;
  if (checkout.status !== 0) throw new Error(`fresh-run: could not clone: ${checkout.stderr}`);
  return { base, clone, env };
}

/** Runs the README's command `name` on `machine`, part by part; its log is kept at `logFile`. */
async function timeCommand(name, command, machine, logFile) {
  const log = createWriteStream(logFile);
  const parts = [];
  let code = 0;
  for (const part of command.split(" && ")) {
    const cpuBefore = childCpuSeconds();
    const started = performance.now();
    console.log(`fresh-run: ${name}: $ ${part}`);
    code = await runPart(part, machine.clone, machine.env, log);
    parts.push({
      part,
      code,
      wall: (performance.now() - started) / 1000,
      cpu: childCpuSeconds() - cpuBefore,
    });
    if (code !== 0) break;
  }
  await new Promise((resolve) => log.end(resolve));
  const output = readFileSync(logFile, "utf8");
  const lines = output.trimEnd().split("\n");
  // pnpm adds its own line after a failed script: the totals are the last line of that form.
  const totals = lines.findLast((line) => /^\d+ passed, \d+ failed$/.test(line));
  return {
    name,
    command,
    code,
    parts,
    lastLine: lines.at(-1) ?? "",
    totals,
    table: stageTable(output),
    logFile,
  };
}

function printSummary(results, chromiumBefore, commit, oneClone) {
  const row = (what, wall, cpu, code) =>
    `  ${what.padEnd(58)} ${wall.padStart(7)} ${cpu.padStart(7)}  ${code}`.trimEnd();
  const how = oneClone ? "one after the other in one fresh clone" : "each in its own fresh clone";
  console.log(`\nfresh-run: the README's commands, ${how} of ${commit.slice(0, 12)}`);
  console.log(
    chromiumBefore
      ? `fresh-run: ${CHROMIUM} was already installed: its apt install is not in these times`
      : `fresh-run: ${CHROMIUM} was missing: its install is in the check's times`,
  );
  for (const result of results) {
    console.log(`\n${result.name}: ${result.command}`);
    console.log(row("part", "wall s", "cpu s", "exit"));
    for (const part of result.parts) {
      console.log(row(part.part, part.wall.toFixed(1), part.cpu.toFixed(1), String(part.code)));
    }
    const wall = result.parts.reduce((sum, part) => sum + part.wall, 0);
    const cpu = result.parts.reduce((sum, part) => sum + part.cpu, 0);
    console.log(row("the command", wall.toFixed(1), cpu.toFixed(1), String(result.code)));
    if (result.table.length > 0) console.log(`\n${result.table.join("\n")}`);
    console.log(`last line: ${result.lastLine}`);
    if (result.totals !== undefined && result.totals !== result.lastLine) {
      console.log(`totals: ${result.totals}`);
    }
    console.log(`log: ${result.logFile}`);
  }
}

const commands = readmeCommands(readFileSync(join(root, "README.md"), "utf8"));
const names = positionals.length > 0 ? positionals : Object.keys(commands);
const unknown = names.filter((name) => commands[name] === undefined);
if (unknown.length > 0 || names.length === 0) {
  console.error(
    `fresh-run: the README has no command ending in pnpm ${unknown.join(", ")}; it has: ${Object.keys(commands).join(", ")}`,
  );
  process.exit(2);
}
const commit = spawnSync("git", ["-C", root, "rev-parse", "HEAD"], {
  encoding: "utf8",
}).stdout.trim();
const chromiumBefore = existsSync(CHROMIUM);
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const results = [];
// Apart (the default), each command gets its own fresh machine; --one-clone runs them one
// after the other in one clone, as a newcomer who runs both would.
const machines = options["one-clone"]
  ? [freshMachine("both", commit)]
  : names.map((name) => freshMachine(name, commit));
for (const [i, name] of names.entries()) {
  const machine = machines[Math.min(i, machines.length - 1)];
  const logFile = join(tmpdir(), `x-fresh-${stamp}-${name}.log`);
  results.push(await timeCommand(name, commands[name], machine, logFile));
}
for (const machine of machines) {
  if (options.keep) console.log(`fresh-run: kept ${machine.base}`);
  else rmSync(machine.base, { recursive: true, force: true });
}
printSummary(results, chromiumBefore, commit, options["one-clone"]);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
