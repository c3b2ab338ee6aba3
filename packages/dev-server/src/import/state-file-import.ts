// `x-dev import` into a state file: the file's records are loaded into a vector emulator of
// the file's index (the live index's, for a new file), the import writes into it, and the
// file is written back with everything else it held (runs, faults, the clock) untouched.
import { randomBytes } from "node:crypto";
import { VectorIndex } from "@x/vector";
import { newSnapshot, prepareStateFile, readState, writeState } from "../persistence/state.js";
import { createVectorEmulator } from "../vector/service.js";
import { liveIndexOf } from "./live-index.js";
import type { ImportOptions, ImportResult } from "./options.js";
import { readResumeFile, resumeFileOf, writeResumeFile } from "./resume-file.js";
import { runImport } from "./run.js";
import { emulatorTarget } from "./target.js";

/**
 * Imports into `stateFile`, resuming from its resume file. The file is written only once a
 * page was imported, so a refused import leaves it (or its absence) as it was; a failure or
 * an abort after that saves what was imported, and where to resume, before it rejects.
 */
export async function importIntoStateFile(
  stateFile: string,
  options: ImportOptions,
): Promise<ImportResult> {
  const resumeFile = resumeFileOf(stateFile);
  await prepareStateFile(stateFile);
  await prepareStateFile(resumeFile);
  const saved = await readState(stateFile);
  const index =
    saved?.index ??
    liveIndexOf(
      await new VectorIndex({
        url: options.url,
        token: options.token,
        ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
      }).info(options.signal === undefined ? {} : { signal: options.signal }),
    ).index;
  // The token of a service nobody calls: the emulator only holds the records.
  const emulator = createVectorEmulator({ token: randomBytes(18).toString("hex"), vector: index });
  for (const [name, records] of Object.entries(saved?.namespaces ?? {})) {
    emulator.loadChecked(emulator.checkRecords(records), name);
  }
  const resume = await readResumeFile(resumeFile);
  const pointsBefore = JSON.stringify(resume);
  const target = emulatorTarget(emulator);
  let wrote = false;
  try {
    return await runImport(
      {
        ...target,
        write(records, namespace) {
          target.write(records, namespace);
          wrote = true;
        },
      },
      options,
      resume,
    );
  } finally {
    if (wrote) {
      const base =
        saved ??
        newSnapshot({
          savedAt: Date.now(),
          runs: [],
          flowControl: [],
          index,
          namespaces: {},
          faults: [],
        });
      await writeState(stateFile, { ...base, namespaces: emulator.exportRecords() });
    }
    // After the state file, and also when no page was left to write (a finished resume).
    if (wrote || JSON.stringify(resume) !== pointsBefore) await writeResumeFile(resumeFile, resume);
  }
}
