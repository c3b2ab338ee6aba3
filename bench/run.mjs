// `pnpm bench [section ...] [--skip section ...]`: runs the bench sections, each in its own
// process (no JIT or heap state carried from one to the next), and writes bench/RESULTS.md.
// Sections: size, calls, e2e, devserver, build. The client sections (calls, e2e) run on the
// machine's Node and again on Node 24 (calls on Node 22 too), the registry's binaries from
// the runtime matrix's cache, since users run newer Nodes than the machines. Budgets missed
// are listed at the end; they do not fail the run (`pnpm size` is the gate CI runs).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isMain } from "../scripts/lib/main.mjs";
import { installRuntime } from "../scripts/runtimes/cache.mjs";
import { machine, RESULTS, writeSection } from "./lib/results.mjs";

const ts = ["--conditions=source", "--import", "tsx"];
const COMMANDS = {
  size: ["size.mjs"],
  calls: [...ts, "calls.ts"],
  e2e: [...ts, "e2e.ts"],
  devserver: ["--expose-gc", ...ts, "devserver.ts"],
  build: ["build.mjs"],
};
/** Sections that run on newer Nodes too; each writes its block `<name>-<node>` there. */
const ALSO_ON = { calls: ["node24", "node22"], e2e: ["node24"] };

/** The sections to run, in order, from the command line arguments. */
export function pick(args) {
  const skip = new Set();
  const named = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--skip") skip.add(args[++i]);
    else if (args[i] !== "--") named.push(args[i]);
  }
  for (const name of [...named, ...skip]) {
    if (!(name in COMMANDS)) {
      throw new Error(`unknown section "${name}"; known: ${Object.keys(COMMANDS).join(", ")}`);
    }
  }
  return Object.keys(COMMANDS).filter(
    (name) => (named.length === 0 || named.includes(name)) && !skip.has(name),
  );
}

if (isMain(import.meta.url)) {
  const cwd = fileURLToPath(new URL(".", import.meta.url));
  const sections = pick(process.argv.slice(2));
  writeSection("machine", machine());
  const runs = [];
  for (const section of sections) {
    runs.push({ section, label: section, node: undefined });
    for (const node of ALSO_ON[section] ?? []) {
      runs.push({ section, label: `${section}-${node}`, node });
    }
  }
  // Found in the cache (or installed) before any section runs; throws saying why it cannot be.
  const binaries = {};
  for (const node of new Set(runs.map((run) => run.node).filter(Boolean))) {
    binaries[node] = (await installRuntime(node)).binary;
  }
  const times = [];
  let failed = false;
  for (const { section, label, node } of runs) {
    console.log(`\n=== ${label} ===\n`);
    const started = performance.now();
    const result = node
      ? spawnSync(binaries[node], COMMANDS[section], {
          cwd,
          env: { ...process.env, BENCH_NODE: node },
          stdio: "inherit",
        })
      : spawnSync(process.execPath, COMMANDS[section], { cwd, stdio: "inherit" });
    const seconds = (performance.now() - started) / 1000;
    times.push(`${label} ${seconds.toFixed(1)} s`);
    // `size` exits 1 on a budget; anything else non-zero is a broken section.
    if (result.status !== 0 && !(section === "size" && result.status === 1)) {
      console.error(`section ${label} failed (exit ${result.status})`);
      failed = true;
    }
  }
  const doc = readFileSync(RESULTS, "utf8");
  const missed = doc.split("\n").filter((line) => /\*\*(missed|exceeded)\*\*/.test(line));
  console.log(`\nWrote ${fileURLToPath(RESULTS)} (${times.join(", ")}).`);
  if (missed.length) console.log(`Budgets missed:\n${missed.join("\n")}`);
  process.exitCode = failed ? 1 : 0;
}
