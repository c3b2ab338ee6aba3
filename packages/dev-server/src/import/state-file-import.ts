// `x-dev import` into a state file: the file's records are loaded into a vector emulator of
// the file's index (the live index's, for a new file), the pages the resume file kept are
// replayed into it, the import writes into it (each page also appended to the resume file
// as it comes), and the file is written back with everything else it held (runs, faults,
// the clock) untouched.
import { randomBytes } from "node:crypto";
import { newSnapshot, prepareStateFile, readState, writeState } from "../persistence/state.js";
import { createVectorEmulator, type VectorEmulator } from "../vector/service.js";
import type { IndexConfig } from "../vector/types.js";
import type { ImportOptions, ImportResult } from "./options.js";
import type { ResumePoints } from "./resume.js";
import {
  type ResumeFileRead,
  ResumeJournal,
  readResumeFile,
  refuseNonRegular,
  resumeFileOf,
  writeResumeFile,
} from "./resume-file.js";
import { liveIndexAt, runImport } from "./run.js";
import { emulatorTarget, type ImportTarget } from "./target.js";

/** The emulator the import writes into: the state file's records, then the resume file's pages. */
async function loadEmulator(stateFile: string, options: ImportOptions) {
  const saved = await readState(stateFile);
  const index: IndexConfig = saved?.index ?? (await liveIndexAt(options)).index;
  // The token of a service nobody calls: the emulator only holds the records.
  const emulator = createVectorEmulator({ token: randomBytes(18).toString("hex"), vector: index });
  for (const [name, records] of Object.entries(saved?.namespaces ?? {})) {
    emulator.loadChecked(emulator.checkRecords(records), name);
  }
  const read = await readResumeFile(resumeFileOf(stateFile), (namespace, records) =>
    emulator.loadChecked(emulator.checkRecords(records), namespace),
  );
  return { saved, index, emulator, read };
}

/** The emulator as the import's target, each page appended to the resume file once written. */
function journaledTarget(
  emulator: VectorEmulator,
  file: string,
  resume: ResumePoints,
  read: ResumeFileRead,
) {
  const target = emulatorTarget(emulator);
  const state = { wrote: false, journal: undefined as ResumeJournal | undefined };
  const journaled: ImportTarget = {
    ...target,
    write(records, namespace) {
      target.write(records, namespace);
      state.wrote = true;
    },
    async pageWritten(page) {
      state.journal ??= await ResumeJournal.open(file, resume, read);
      await state.journal.append(page);
    },
  };
  return { journaled, state };
}

/**
 * Imports into `stateFile`, resuming from its resume file. The state file is written only
 * once a page was imported (this run or one the resume file kept), so a refused import leaves
 * it (or its absence) as it was; a failure or an abort after that saves what was imported,
 * and where to resume, before it rejects. A crash loses at most the page being appended.
 */
export async function importIntoStateFile(
  stateFile: string,
  options: ImportOptions,
): Promise<ImportResult> {
  const resumeFile = resumeFileOf(stateFile);
  // Before anything opens them: reading a FIFO would wait for ever.
  await refuseNonRegular(stateFile);
  await refuseNonRegular(resumeFile);
  await prepareStateFile(stateFile);
  await prepareStateFile(resumeFile);
  const { saved, index, emulator, read } = await loadEmulator(stateFile, options);
  const resume = read.points;
  const pointsBefore = JSON.stringify(resume);
  const replayed = read.pages > 0;
  const { journaled, state } = journaledTarget(emulator, resumeFile, resume, read);
  try {
    return await runImport(journaled, options, resume);
  } finally {
    await state.journal?.close();
    if (state.wrote || replayed) {
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
    if (state.wrote || replayed || JSON.stringify(resume) !== pointsBefore) {
      await writeResumeFile(resumeFile, resume);
    }
  }
}
