// How x-dev tells that its starter is gone: its parent is no longer the process that
// started it. A live process with the starter's pid (a zombie awaiting reaping, or a new
// process that took the pid) must not keep an orphaned x-dev running. (The stdin sign is
// tested with a real x-dev in cli-starter-gone.test.ts; here stdin is left alone.)
import { afterEach, describe, expect, it, vi } from "vitest";
import { STARTER_PID, watchStarter } from "../src/cli/parent.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("watchStarter", () => {
  it("stops once the parent is not the starter, even while the starter's pid is alive", () => {
    vi.useFakeTimers();
    const stop = vi.fn();
    // This test process is alive, but it is not this process's parent.
    const unwatch = watchStarter(stop, process.pid, false);
    vi.advanceTimersByTime(500);
    unwatch();
    expect(stop).toHaveBeenCalledWith(`the parent process (${process.pid}) is gone`);
  });

  it("keeps watching while the parent is the starter", () => {
    vi.useFakeTimers();
    const stop = vi.fn();
    const unwatch = watchStarter(stop, process.ppid, false);
    vi.advanceTimersByTime(5_000);
    unwatch();
    expect(stop).not.toHaveBeenCalled();
  });

  it("takes the starter as the parent when the module loaded", () => {
    expect(STARTER_PID).toBe(process.ppid);
  });
});
