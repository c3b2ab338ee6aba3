// First step of `pnpm check`: forget the stage counts of an earlier run, so the closing
// totals only ever add what this run measured.
import { rmSync } from "node:fs";

rmSync(".check-results", { recursive: true, force: true });
