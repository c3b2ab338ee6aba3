// The manual clock at scale: timers live in a heap, so many thousands of them fire each
// once, in due order (equal due times in the order they were set), cancelled ones never;
// and dev.runs.waitFor wakes on the run's change, not on a later poll.
import { describe, expect, it } from "vitest";
import { createClock } from "../src/index.js";
import { closedAfterEach, startEndpoint, startManual, trigger } from "./kit-harness.js";

describe("the manual clock's timers", () => {
  it("fires 20,000 timers set in shuffled order each once, in due order, skipping cancelled ones", async () => {
    const clock = createClock("manual", 0);
    const fired: number[] = [];
    // A fixed shuffle (a linear congruential sequence), with many equal due times.
    let x = 12345;
    const dues: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      dues.push(x % 5_000);
    }
    const handles = dues.map((due, i) => clock.after(due, () => fired.push(i)));
    for (let i = 0; i < handles.length; i += 7) handles[i]?.cancel();
    expect(clock.nextDueAt()).toBe(Math.min(...dues.filter((_, i) => i % 7 !== 0)));
    await clock.advance(5_000);

    const expected = dues
      .map((due, i) => ({ due, i }))
      .filter(({ i }) => i % 7 !== 0)
      .sort((a, b) => a.due - b.due || a.i - b.i)
      .map(({ i }) => i);
    expect(fired).toEqual(expected);
    expect(clock.nextDueAt()).toBeUndefined();
  });

  it("runs a timer set while advancing at its own due time within the same advance", async () => {
    const clock = createClock("manual", 0);
    const seen: Array<[string, number]> = [];
    clock.after(10, () => {
      seen.push(["first", clock.now()]);
      clock.after(5, () => seen.push(["chained", clock.now()]));
    });
    clock.after(12, () => seen.push(["second", clock.now()]));
    await clock.advance(20);
    expect(seen).toEqual([
      ["first", 10],
      ["second", 12],
      ["chained", 15],
    ]);
  });
});

const later = closedAfterEach();

describe("dev.runs.waitFor", () => {
  it("settles on the run's change itself, before the next turn of the event loop", async () => {
    const dev = later(await startManual());
    const endpoint = later(await startEndpoint(dev));
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/later`, { "Svc-Delay": "1h" });
    const order: string[] = [];
    const waiting = dev.runs.waitFor(workflowRunId, "cancelled").then(() => order.push("waitFor"));
    const nextTurn = new Promise((resolve) => setImmediate(resolve)).then(() =>
      order.push("next turn"),
    );
    await dev.runs.cancel(workflowRunId);
    await Promise.all([waiting, nextTurn]);
    // A poll (every few ms of real time) would have come after the next turn.
    expect(order).toEqual(["waitFor", "next turn"]);
  });
});
