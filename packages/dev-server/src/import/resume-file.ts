// The resume points of `x-dev import`, kept beside the state file (FILE.import) between runs.
// It is written after the state file, so it never claims more than FILE holds: a process
// killed between the two resumes from an older point, and rewrites records FILE already
// has, which replace themselves (same ids).
import { readFile, rm } from "node:fs/promises";
import { writeJsonFile } from "../persistence/state.js";
import { ResumePoints } from "./resume.js";

const FORMAT = "x-dev-import";

/** Where `x-dev import` keeps its resume points for the state file `stateFile`. */
export function resumeFileOf(stateFile: string): string {
  return `${stateFile}.import`;
}

/** The resume points in `file`; none when it does not exist. Throws an Error naming what is wrong. */
export async function readResumeFile(file: string): Promise<ResumePoints> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new ResumePoints();
    throw new Error(`resume file ${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    const value = JSON.parse(text) as { format?: unknown; resume?: unknown };
    if (value.format !== FORMAT) throw new TypeError(`its format is not "${FORMAT}"`);
    return ResumePoints.from(value.resume);
  } catch (error) {
    throw new Error(
      `resume file ${file} is not one x-dev import wrote (${(error as Error).message}); remove it to import from the start`,
    );
  }
}

/** Writes the points as the state file is written (a fresh temporary file, mode 600, renamed); removes `file` when none is left. */
export async function writeResumeFile(file: string, points: ResumePoints): Promise<void> {
  if (points.size === 0) await rm(file, { force: true });
  else await writeJsonFile(file, { format: FORMAT, version: 1, resume: points.toJSON() });
}
