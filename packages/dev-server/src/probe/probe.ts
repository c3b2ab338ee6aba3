// `x-dev probe`: checks a live service against the spec, through the spec guard, and says
// in its exit code whether it conforms (0), drifted or failed (1), or was asked wrongly (2).
import { shownUrl } from "@x/core/internal";
import { UsageError } from "../cli/usage.js";
import { printable } from "../import/printable.js";
import { PROBE_USAGE, type ProbeTarget, probeTarget } from "./probe-args.js";
import type { ProbeStep } from "./probe-steps.js";
import { probeReport } from "./probe-table.js";
import { probeVector } from "./probe-vector.js";
import { probeWorkflow } from "./probe-workflow.js";

/** Where the probe writes: its report to `stdout`, usage errors to `stderr` (as `x-dev import`). */
export interface ProbeOutput {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

function stepsOf(target: ProbeTarget): Promise<ProbeStep[]> {
  return target.service === "vector"
    ? probeVector(target.url, target.token)
    : probeWorkflow(target.baseUrl, target.token, target.endpoint);
}

/** Runs `x-dev probe` with `argv` (the arguments after `probe`); resolves with the exit code. */
export async function runProbe(
  argv: string[],
  env: NodeJS.ProcessEnv,
  output: ProbeOutput,
): Promise<number> {
  let target: ProbeTarget | "help";
  try {
    target = probeTarget(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.stderr.write(
      `x-dev probe: ${error.message}\nRun "x-dev probe --help" to see its options.\n`,
    );
    return 2;
  }
  if (target === "help") {
    output.stdout.write(PROBE_USAGE);
    return 0;
  }
  const steps = await stepsOf(target);
  const shown = shownUrl(target.service === "vector" ? target.url : target.baseUrl);
  const report = probeReport(
    `${target.service} service at ${shown}`,
    steps,
    printable([target.token]),
  );
  output.stdout.write(report);
  const clean = steps.every((step) => step.drifts.length === 0 && step.failure === undefined);
  return clean ? 0 : 1;
}
