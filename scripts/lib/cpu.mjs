// CPU seconds of finished child processes, read from /proc (Linux only).
import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc's times (USER_HZ): fixed at 100 by the kernel for user space. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user+sys) of the children this process has waited for, with their own
 * waited-for children: what `time` calls a command's user and sys. NaN where there is no /proc.
 */
export function childCpuSeconds() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name (which may hold spaces): cutime and cstime are 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
