// The run options read from a trigger's (or a saved run's) headers.
import { describe, expect, it } from "vitest";
import { readOptions } from "../src/workflow/headers.js";

describe("readOptions", () => {
  it("forwards each run's own Svc-Forward-* headers; a run that forwards nothing gets none of another's", () => {
    const none = readOptions({ "svc-delay": "1d" });
    const some = readOptions({
      "svc-forward-x-tenant": "a",
      "svc-failure-callback-forward-x-why": "b",
    });
    const noneAgain = readOptions({});
    expect(some.forward).toEqual({ "x-tenant": "a" });
    expect(some.callbackForward).toEqual({ "x-why": "b" });
    expect([none.forward, none.callbackForward]).toEqual([{}, {}]);
    expect([noneAgain.forward, noneAgain.callbackForward]).toEqual([{}, {}]);
    expect(none.delay).toBe(86_400);
  });

  it("reads the headers by their lower-case names, as Node and saved runs give them", () => {
    const options = readOptions({
      "svc-retries": "1",
      "svc-label": "a, b",
      "svc-flow-control-key": "k",
      "svc-flow-control-value": "parallelism=2",
      "svc-workflow-runid": "wfr_own",
    });
    expect(options).toMatchObject({
      retries: 1,
      labels: ["a", "b"],
      flowControl: { key: "k", limits: { parallelism: 2 } },
      runId: "wfr_own",
    });
    expect(readOptions({ "Svc-Retries": "1" }).retries).toBe(3);
  });
});
