// Running commands and counting checks, for the release rehearsal.
import { spawn } from "node:child_process";

/**
 * Runs a command with its output captured.
 * @returns {Promise<{ code: number | null, output: string }>} output: stdout and stderr, interleaved
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.once("error", reject);
    child.once("close", (code) =>
      resolve({ code, output: Buffer.concat(chunks).toString("utf8") }),
    );
  });
}

/** Runs a command and throws, with its output, unless it exits 0. */
export async function mustRun(command, args, options = {}) {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(`\`${command} ${args.join(" ")}\` exited ${result.code}:\n${result.output}`);
  }
  return result.output;
}

/** Counts checks and prints one line per check, with its problems under it. */
export class Report {
  passed = 0;
  failed = 0;

  /**
   * @param {string[]} problems empty when the check passed
   * @param {string} [note] shown after the name, e.g. how long a step took
   */
  record(name, problems, note = "") {
    const shown = note === "" ? name : `${name} (${note})`;
    if (problems.length === 0) {
      this.passed += 1;
      console.log(`ok - ${shown}`);
      return;
    }
    this.failed += 1;
    console.log(`not ok - ${shown}`);
    for (const problem of problems) console.log(`    ${problem.replaceAll("\n", "\n    ")}`);
  }

  /** Runs checks that record themselves, and prints how long they took. */
  async timed(label, body) {
    const started = performance.now();
    try {
      return await body();
    } finally {
      console.log(`# ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }

  /** Runs a step that either passes or throws; a throw is recorded as its one problem. */
  async step(name, body) {
    const started = performance.now();
    const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    try {
      const value = await body();
      this.record(name, [], took());
      return value;
    } catch (err) {
      this.record(name, [err instanceof Error ? err.message : String(err)], took());
      throw new StepFailed(name);
    }
  }
}

/** A step the later ones depend on failed; it is already recorded. */
export class StepFailed extends Error {
  constructor(name) {
    super(`stopped after "${name}" failed`);
  }
}
