// Build cost, measured in a fresh copy of the committed tree (git archive HEAD + an offline
// pnpm install), so a cold build is truly cold and nothing in the working tree is touched:
// cold `pnpm build`, a cached rerun, a spec edit to regenerated and type-checked client,
// and `tsc --noEmit` of a consumer project importing both packages.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDocument } from "yaml";
import { isMain } from "../scripts/lib/main.mjs";
import { fmt, table, writeSection } from "./lib/results.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", REDOCLY_TELEMETRY: "off" };

/** Runs a command in `cwd`; returns its wall time, or throws with the end of its output. */
function run(cwd, command, args, { input } = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, env, input, encoding: "utf8", maxBuffer: 1e8 });
  const ms = performance.now() - started;
  if (result.status !== 0) {
    const tail = `${result.stdout}${result.stderr}`.trim().split("\n").slice(-12).join("\n");
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${tail}`);
  }
  return { ms, out: `${result.stdout}${result.stderr}` };
}

/** Appends a sentence to the description of the first property of the first schema. */
export function editSpec(text, note) {
  const doc = parseDocument(text);
  const schemas = doc.getIn(["components", "schemas"]);
  for (const pair of schemas?.items ?? []) {
    const props = pair.value?.get?.("properties");
    const first = props?.items?.[0];
    if (!first) continue;
    const old = first.value.get("description") ?? "";
    first.value.set("description", `${old}${old ? " " : ""}${note}`.trim());
    return { text: doc.toString(), schema: String(pair.key), property: String(first.key) };
  }
  throw new Error("no schema with properties to edit");
}

/** Per-task wall times of the last turbo run, from its `--summarize` file. */
function taskTimes(dir) {
  const runs = join(dir, ".turbo/runs");
  if (!existsSync(runs)) return [];
  const last = readdirSync(runs).sort().at(-1);
  const summary = JSON.parse(readFileSync(join(runs, last), "utf8"));
  return summary.tasks
    .filter((t) => t.execution)
    .map((t) => [t.taskId, t.execution.endTime - t.execution.startTime])
    .sort((a, b) => b[1] - a[1]);
}

/** `tsc --extendedDiagnostics` figures of interest. */
function diagnostics(out) {
  const pick = (label) => Number(new RegExp(`${label}:\\s+([\\d.]+)`).exec(out)?.[1] ?? Number.NaN);
  return { files: pick("Files"), check: pick("Check time"), total: pick("Total time") };
}

async function runBuild() {
  const dir = mkdtempSync(join(tmpdir(), "x-bench-build-"));
  const rows = [];
  const verdicts = [];
  const failures = [];
  const head = run(repo, "git", ["rev-parse", "--short", "HEAD"]).out.trim();
  // A failed step is reported in the table (with the end of its output), not thrown.
  const step = (label, budget, fn) => {
    try {
      const ms = fn();
      const ok = budget === undefined || ms <= budget;
      rows.push([
        label,
        fmt.ms(ms, 0),
        budget === undefined ? "" : `<= ${fmt.int(budget)} ms ${ok ? "ok" : "**exceeded**"}`,
      ]);
      return { ms, ok };
    } catch (error) {
      rows.push([label, "**failed**", budget === undefined ? "" : `<= ${fmt.int(budget)} ms`]);
      failures.push(`${label}:\n${error.message}`);
      return { ms: Number.NaN, ok: false };
    }
  };
  try {
    const archive = spawnSync("git", ["archive", "HEAD"], { cwd: repo, maxBuffer: 1e9 });
    run(dir, "tar", ["-x"], { input: archive.stdout });
    // The fixtures as they are now, even before they are committed.
    cpSync(join(repo, "bench/fixtures"), join(dir, "bench/fixtures"), { recursive: true });
    step(
      "offline `pnpm install` of the copy (setup, not a budget)",
      undefined,
      () => run(dir, "pnpm", ["install", "--offline", "--frozen-lockfile"]).ms,
    );
    const cold = step(
      "cold `pnpm build` (lint:spec, gen, tsup of every package)",
      30_000,
      () => run(dir, "pnpm", ["build", "--summarize"]).ms,
    );
    const tasks = taskTimes(dir);
    const cached = step("cached `pnpm build` rerun", 2_000, () => run(dir, "pnpm", ["build"]).ms);
    verdicts.push(
      `- cold build ${fmt.ms(cold.ms, 0)} (budget 30 s): ${cold.ok ? "ok" : "**missed**"}; cached rerun ${fmt.ms(cached.ms, 0)} (budget 2 s): ${cached.ok ? "ok" : "**missed**"}`,
    );

    const spec = join(dir, "specs/vector/openapi.yaml");
    const note = `Edited by the bench ${Date.now()}.`;
    const edit = editSpec(readFileSync(spec, "utf8"), note);
    writeFileSync(spec, edit.text);
    const gen = step(
      `spec edit (${edit.schema}.${edit.property} description), then \`pnpm gen\``,
      undefined,
      () => {
        const { ms } = run(dir, "pnpm", ["gen"]);
        const types = readFileSync(join(dir, "packages/vector/src/generated/schema.d.ts"), "utf8");
        if (!types.includes(note))
          throw new Error("the spec edit did not reach the generated types");
        return ms;
      },
    );
    const check = step(
      "then `tsc --noEmit` of @x/vector (src and tests)",
      undefined,
      () => run(dir, "pnpm", ["exec", "tsc", "--noEmit", "-p", "packages/vector/tsconfig.json"]).ms,
    );
    rows.push([
      "**spec edit to regenerated, type-checked client**",
      fmt.ms(gen.ms + check.ms, 0),
      "",
    ]);
    step(
      "then `pnpm build` (what the edit invalidates)",
      undefined,
      () => run(dir, "pnpm", ["build"]).ms,
    );

    const consumers = [];
    for (const name of ["consumer", "consumer-upstash"]) {
      const label =
        name === "consumer"
          ? "@x/workflow + @x/vector (built .d.ts)"
          : "@upstash/workflow + @upstash/vector";
      try {
        const tsc = run(dir, "pnpm", [
          "exec",
          "tsc",
          "--noEmit",
          "--extendedDiagnostics",
          "-p",
          `bench/fixtures/${name}/tsconfig.json`,
        ]);
        const d = diagnostics(tsc.out);
        consumers.push([
          label,
          fmt.ms(tsc.ms, 0),
          `${d.total.toFixed(2)} s`,
          `${d.check.toFixed(2)} s`,
          fmt.int(d.files),
        ]);
      } catch (error) {
        consumers.push([label, "**failed**", "", "", ""]);
        failures.push(`${label}:\n${error.message}`);
      }
    }
    const markdown = [
      "## Build cost",
      "",
      `In a fresh copy of commit ${head} (git archive + offline install), so the cold build has no`,
      "dist, no turbo cache and no warm file cache of its own outputs. Wall times of the commands.",
      "",
      ...verdicts,
      "",
      table(["step", "wall time", "budget"], rows),
      "",
      "Cold build by turbo task (tasks run in parallel on the available cores):",
      "",
      table(
        ["task", "wall time"],
        tasks.map(([id, ms]) => [id, fmt.ms(ms, 0)]),
      ),
      "",
      "`tsc --noEmit` of a consumer project (bench/fixtures) that imports and calls both clients,",
      "against the built declaration files, next to the same project written for the Upstash SDKs:",
      "",
      table(["consumer imports", "wall time", "tsc total", "tsc check", "files"], consumers),
      ...(failures.length
        ? ["", "Failed steps:", "", ...failures.map((f) => `\`\`\`\n${f}\n\`\`\``)]
        : []),
    ].join("\n");
    return { markdown, ok: cold.ok && cached.ok && !failures.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const { markdown } = await runBuild();
  writeSection("build", markdown);
  console.log(markdown);
}
