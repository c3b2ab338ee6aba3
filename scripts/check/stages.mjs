// What `pnpm check` keeps about its stages in `.check-results/`: how long each took, in
// `seconds.tsv` (one `name<TAB>seconds<TAB>note<TAB>start<TAB>cpu` line per stage, as they
// end), and
// the counts of the counted stages, `<name>.json` as `{ "passed": N, "failed": N }`, which
// add up to the closing totals line.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const RESULTS_FOLDER = ".check-results";
const SECONDS_FILE = join(RESULTS_FOLDER, "seconds.tsv");

/**
 * Records that stage `name` took `seconds`, from `start` seconds into the check, and `cpu`
 * CPU seconds (user+sys of all its processes); `note` says how it ran (e.g. "in background").
 */
export function recordStage(name, seconds, note = "", start = undefined, cpu = Number.NaN) {
  mkdirSync(RESULTS_FOLDER, { recursive: true });
  const from = start === undefined ? "" : start.toFixed(1);
  const used = Number.isNaN(cpu) ? "" : cpu.toFixed(1);
  appendFileSync(SECONDS_FILE, `${name}\t${seconds.toFixed(1)}\t${note}\t${from}\t${used}\n`);
}

/**
 * The stages recorded so far, as `{ name, seconds, note, start, cpu }` (start and cpu:
 * undefined if not known).
 */
export function readStages() {
  if (!existsSync(SECONDS_FILE)) return [];
  return readFileSync(SECONDS_FILE, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const [name, seconds, note = "", start = "", cpu = ""] = line.split("\t");
      return {
        name,
        seconds: Number(seconds),
        note,
        start: start === "" ? undefined : Number(start),
        cpu: cpu === "" ? undefined : Number(cpu),
      };
    });
}

/**
 * The counts the stages named in `expected` left, added up, with one line per stage. A stage
 * that left none (it crashed before writing them) counts as one failure, so a broken stage
 * can never vanish from the totals.
 */
export function totals(expected) {
  let passed = 0;
  let failed = 0;
  const lines = [];
  for (const name of expected) {
    const file = join(RESULTS_FOLDER, `${name}.json`);
    if (!existsSync(file)) {
      lines.push(`${name}: left no counts in ${file}; counted as 1 failed`);
      failed += 1;
      continue;
    }
    const stage = JSON.parse(readFileSync(file, "utf8"));
    lines.push(`${name}: ${stage.passed} passed, ${stage.failed} failed`);
    passed += stage.passed;
    failed += stage.failed;
  }
  return { passed, failed, lines };
}

/**
 * The table of stage seconds: when each stage started (seconds into the check), how long it
 * took, and the CPU seconds it used. Stages run two at a time, so their seconds add up to more
 * than the run; `wall`, the run's own seconds, closes the table. A stage that ran in the
 * background shows its note. On a machine others share, the seconds swing with their load.
 */
export function formatStageTable(stages, wall) {
  const width = Math.max(5, ...stages.map((stage) => stage.name.length));
  const row = (name, start, seconds, cpu, note = "") =>
    `${name.padEnd(width)}  ${start.padStart(5)}  ${seconds.padStart(7)}  ${cpu.padStart(5)}  ${note}`.trimEnd();
  const inLine = stages.filter((s) => s.note === "");
  const sum = (key) => inLine.reduce((total, s) => total + (s[key] ?? 0), 0);
  return [
    "Stage seconds of this run (two stages at a time):",
    row("stage", "start", "seconds", "cpu"),
    ...stages.map((stage) =>
      row(
        stage.name,
        stage.start?.toFixed(1) ?? "",
        stage.seconds.toFixed(1),
        stage.cpu?.toFixed(1) ?? "",
        stage.note,
      ),
    ),
    row("stages", "", sum("seconds").toFixed(1), sum("cpu").toFixed(1), "(added up)"),
    row("wall", "", wall.toFixed(1), ""),
  ].join("\n");
}
