// What `x-dev probe` prints: a row per call that conforms or failed, a row per drift kept
// (and one for those past them), and a line that sums it up. Every cell comes from the
// guard's report (operations, statuses, pointers, types) or the probe itself: nothing of an
// answer's values. A pointer names the answer's keys, which the service chose, so every
// cell goes through `printable` (no escapes, no controls, never the token).
import { driftPlace } from "@x/core/internal/guard";
import { plural } from "../plural.js";
import type { ProbeStep } from "./probe-steps.js";

const HEADINGS = ["call", "operation", "status", "result", "where", "expected", "got"];

/** Characters of a cell: a pointer into a hostile answer can be long. */
const CELL_CHARS = 120;

/** The rows of one step: one when it conforms or failed, else one per drift kept. */
function rowsOf(step: ProbeStep): string[][] {
  const operation = step.operation ?? "-";
  const status = step.status === undefined ? "-" : String(step.status);
  const rows = step.drifts.map((drift) => [
    step.call,
    drift.operation,
    String(drift.status),
    "drifted",
    driftPlace(drift),
    drift.expected,
    drift.got,
  ]);
  if (step.moreDrifts > 0) {
    rows.push([
      step.call,
      operation,
      status,
      "drifted",
      `and ${step.moreDrifts} more places`,
      "",
      "",
    ]);
  }
  if (step.failure !== undefined) {
    rows.push([step.call, operation, status, "failed", "-", "an answer", step.failure]);
  } else if (rows.length === 0) {
    rows.push([step.call, operation, status, "conforms", "", "", ""]);
  }
  return rows;
}

/** Columns padded to their widest cell. */
function table(rows: string[][]): string {
  const widths = HEADINGS.map((_, column) =>
    Math.max(...[HEADINGS, ...rows].map((row) => (row[column] ?? "").length)),
  );
  return [HEADINGS, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** Each cell made printable, and cut to CELL_CHARS. */
function cleaned(rows: string[][], shown: (text: string) => string): string[][] {
  return rows.map((row) =>
    row.map((cell) => {
      const text = shown(cell);
      return text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS - 3)}...` : text;
    }),
  );
}

/**
 * The report of a probe of `target` (shown without query or userinfo), every cell through
 * `shown`.
 */
export function probeReport(
  target: string,
  steps: ProbeStep[],
  shown: (text: string) => string,
): string {
  const drifted = steps.filter((step) => step.drifts.length > 0).length;
  const failed = steps.filter((step) => step.failure !== undefined).length;
  const conform = steps.length - steps.filter((s) => s.drifts.length > 0 || s.failure).length;
  const summary =
    drifted === 0 && failed === 0
      ? `Every answer conforms to the spec (${plural(steps.length, "call")}).`
      : `${conform} of ${plural(steps.length, "call")} conform${conform === 1 ? "s" : ""}; ${drifted} drifted from the spec, ${failed} failed.` +
        (drifted > 0
          ? "\nA drift means the service answers what the client's types do not describe:\n" +
            "update the client if the service has changed, or tell the service's maintainers."
          : "");
  return `x-dev probe: ${shown(target)}\n\n${table(cleaned(steps.flatMap(rowsOf), shown))}\n\n${summary}\n`;
}
