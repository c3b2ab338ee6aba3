// x-dev stops when the process that started it goes away, as on SIGTERM (the state file is
// saved): `npm exec` and some script runners do not pass their signals on, and a dev server
// left behind holds its ports. Two signs, either enough: the parent process is gone, or
// stdin, a pipe from the starter, was closed. A terminal or /dev/null on stdin is not a sign:
// `x-dev start &` in a script gets /dev/null, and that must not stop it.
import { fstatSync } from "node:fs";

// Real ms between looks at the parent; a signal-less exit of the parent is noticed within it.
const PARENT_CHECK_MS = 500;

/**
 * The process that started x-dev, read as the CLI's module loads: before the seconds of
 * startup, in which a starter may already go away. Read later, the parent of an orphan is
 * whoever adopted it (init), which never goes away, and x-dev would never stop.
 */
export const STARTER_PID: number = process.ppid;

function stdinIsPipe(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/**
 * Calls `stop` with the reason once the starter is gone; returns the function that stops
 * watching. The starter is gone when x-dev's parent is no longer `parent`: an orphan is
 * adopted at once, so this holds even while the dead parent awaits its own parent's reaping
 * (a zombie still answers `kill(pid, 0)`) and whatever later takes its pid. Or when stdin,
 * if `piped` (by default: when it is a pipe), ends.
 */
export function watchStarter(
  stop: (why: string) => void,
  parent: number = STARTER_PID,
  piped: boolean = stdinIsPipe(),
): () => void {
  const timer = setInterval(() => {
    if (process.ppid !== parent) stop(`the parent process (${parent}) is gone`);
  }, PARENT_CHECK_MS);
  timer.unref();
  const onEnd = () => stop("stdin was closed by the process that started x-dev");
  if (piped) {
    process.stdin.on("end", onEnd);
    // Read (and drop) what comes, so the end of the pipe is seen.
    process.stdin.resume();
  }
  return () => {
    clearInterval(timer);
    if (piped) {
      process.stdin.off("end", onEnd);
      process.stdin.pause();
    }
  };
}
