// x-dev stops when the process that started it goes away, as on SIGTERM (the state file is
// saved): `npm exec` and some script runners do not pass their signals on, and a dev server
// left behind holds its ports. Two signs, either enough: the parent process is gone, or
// stdin, a pipe from the starter, was closed. A terminal or /dev/null on stdin is not a sign:
// `x-dev start &` in a script gets /dev/null, and that must not stop it.
import { fstatSync } from "node:fs";

// Real ms between looks at the parent; a signal-less exit of the parent is noticed within it.
const PARENT_CHECK_MS = 500;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else (a parent that handed us over to init).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function stdinIsPipe(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/** Calls `stop` with the reason once the starter is gone; returns the function that stops watching. */
export function watchStarter(stop: (why: string) => void): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (!isAlive(parent)) stop(`the parent process (${parent}) is gone`);
  }, PARENT_CHECK_MS);
  timer.unref();
  const onEnd = () => stop("stdin was closed by the process that started x-dev");
  const piped = stdinIsPipe();
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
