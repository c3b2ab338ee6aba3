// How long each stage of `pnpm check` took, kept in `.check-results/seconds.tsv` (one
// `name<TAB>seconds` line per stage, in the order they ran) so the last stage,
// `scripts/test-ci.mjs`, can print the table right before the closing totals line.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const RESULTS_FOLDER = ".check-results";
const SECONDS_FILE = join(RESULTS_FOLDER, "seconds.tsv");

/** Records that stage `name` took `seconds`; `note` says how it ran (e.g. "in background"). */
export function recordStage(name, seconds, note = "") {
  mkdirSync(RESULTS_FOLDER, { recursive: true });
  appendFileSync(SECONDS_FILE, `${name}\t${seconds.toFixed(1)}\t${note}\n`);
}

/** The stages recorded so far, as `{ name, seconds, note }`. */
export function readStages() {
  if (!existsSync(SECONDS_FILE)) return [];
  return readFileSync(SECONDS_FILE, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const [name, seconds, note] = line.split("\t");
      return { name, seconds: Number(seconds), note: note ?? "" };
    });
}

/**
 * The table of stage seconds. Each share is of the stages that ran one after another (their
 * sum is the run's length); a stage that ran in the background, overlapping them, shows its
 * seconds and note but no share. On a machine others share, the seconds swing with their
 * load; the shares are what compare between runs.
 */
export function formatStageTable(stages) {
  const inLine = stages.filter((stage) => stage.note === "");
  const total = inLine.reduce((sum, stage) => sum + stage.seconds, 0);
  const width = Math.max(5, ...stages.map((stage) => stage.name.length));
  const row = (name, seconds, share, note = "") =>
    `${name.padEnd(width)}  ${seconds.padStart(7)}  ${share.padStart(5)}  ${note}`.trimEnd();
  const shareOf = (stage) =>
    stage.note === "" ? `${Math.round((100 * stage.seconds) / (total || 1))}%` : "";
  return [
    "Stage seconds of this run:",
    row("stage", "seconds", "share"),
    ...stages.map((stage) => row(stage.name, stage.seconds.toFixed(1), shareOf(stage), stage.note)),
    row("total", total.toFixed(1), "100%"),
  ].join("\n");
}
