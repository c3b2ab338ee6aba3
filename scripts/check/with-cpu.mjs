// `node scripts/check/with-cpu.mjs <file> <command> [args...]`: runs a stage's command with
// this process's stdio, then writes the CPU seconds it and every process it started used to
// <file>, and exits with its code. `pnpm check` runs each stage through it for the CPU
// column of its stage table: two stages run at once, so their wall seconds alone do not say
// which one keeps the cores busy.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { childCpuSeconds } from "../lib/cpu.mjs";

const [file, command, ...args] = process.argv.slice(2);
const run = spawnSync(command, args, { stdio: "inherit" });
if (run.error !== undefined) console.error(`${command} ${args.join(" ")}: ${run.error.message}`);
writeFileSync(file, `${childCpuSeconds()}\n`);
process.exit(run.status ?? 1);
