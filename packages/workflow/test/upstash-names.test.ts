// A user coming from @upstash/workflow or @upstash/qstash writes their option names: each
// that has an equivalent of ours gets ours as the did-you-mean.
import { describe, expect, it } from "vitest";
import { WorkflowClient } from "../src/index";
import { setup, TOKEN, WORKFLOW } from "./helpers";

const loose = (value: unknown) => value as never;

/** The message of what `call` rejected with. */
async function message(call: () => PromiseLike<unknown>): Promise<string> {
  const error = await Promise.resolve(call()).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return error instanceof Error ? error.message : `resolved: ${String(error)}`;
}

describe("the Upstash SDKs' names", () => {
  it.each([
    [
      { url: WORKFLOW, failureUrl: WORKFLOW },
      'trigger: unknown option "failureUrl" (did you mean "failureCallback"?)',
    ],
    [
      { url: WORKFLOW, workflowRunId: "r" },
      'trigger: unknown option "workflowRunId" (did you mean "runId"?)',
    ],
    [{ url: WORKFLOW, label: "x" }, 'trigger: unknown option "label" (did you mean "labels"?)'],
    [
      { url: WORKFLOW, flowControl: { key: "k", ratePerSecond: 5 } },
      'trigger flowControl: unknown option "ratePerSecond" (did you mean "rate"?)',
    ],
  ])("trigger(%j) names ours", async (request, expected) => {
    const { client, requests } = setup();
    expect(await message(() => client.trigger(loose(request)))).toBe(expected);
    expect(requests).toHaveLength(0);
  });

  it("trigger's call options: retry is maxRetries", async () => {
    const { client } = setup();
    expect(await message(() => client.trigger({ url: WORKFLOW }, loose({ retry: 1 })))).toBe(
      'trigger options: unknown option "retry" (did you mean "maxRetries"?)',
    );
  });

  it.each([
    ["retry", "maxRetries", { retries: 1 }],
    ["headers", "defaultHeaders", { "x-a": "1" }],
  ])("new WorkflowClient({ %s }) names %s", (name, ours, value) => {
    expect(() => new WorkflowClient(loose({ token: TOKEN, [name]: value }))).toThrow(
      `WorkflowClient: unknown option "${name}" (did you mean "${ours}"?)`,
    );
  });
});
