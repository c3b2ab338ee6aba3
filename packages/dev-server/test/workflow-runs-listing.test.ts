import { describe, expect, test } from "vitest";
import { getJson, perTest, triggerOk, untilState } from "./workflow-harness.js";

const each = perTest();

interface Listed {
  runs: { workflowRunId: string; state: string; labels: string[] }[];
}

async function ids(base: string, query: string): Promise<string[]> {
  const { status, body } = await getJson(base, `/v2/dev/runs${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as Listed).runs.map((run) => run.workflowRunId);
}

describe("GET /v2/dev/runs filters", () => {
  test("?state=, ?label= and ?limit= narrow the listing, oldest first", async () => {
    const { svc, workflow } = await each.setup();
    const url = `${workflow.url}/wf`;
    await triggerOk(svc.base, url, { headers: { "Svc-Workflow-RunId": "r1", "Svc-Label": "a" } });
    await triggerOk(svc.base, url, { headers: { "Svc-Workflow-RunId": "r2", "Svc-Label": "b" } });
    await triggerOk(svc.base, url, {
      headers: { "Svc-Workflow-RunId": "r3", "Svc-Label": "a", "Svc-Delay": "1d" },
    });
    await untilState(svc, "r1", ["succeeded"]);
    await untilState(svc, "r2", ["succeeded"]);

    expect(await ids(svc.base, "")).toEqual(["r1", "r2", "r3"]);
    expect(await ids(svc.base, "?state=succeeded")).toEqual(["r1", "r2"]);
    expect(await ids(svc.base, "?state=scheduled")).toEqual(["r3"]);
    expect(await ids(svc.base, "?label=a")).toEqual(["r1", "r3"]);
    expect(await ids(svc.base, "?label=a&state=succeeded")).toEqual(["r1"]);
    expect(await ids(svc.base, "?limit=2")).toEqual(["r2", "r3"]);
    expect(await ids(svc.base, "?label=nobody")).toEqual([]);
  });

  test.each([
    [
      "?state=done",
      'state: must be one of scheduled, waiting, delivering, retrying, succeeded, callback-delivering, callback-retrying, callback-succeeded, callback-failed, cancelled (got "done")',
    ],
    ["?limit=0", 'limit: must be an integer from 1 to 1000 (got "0")'],
    ["?limit=1001", 'limit: must be an integer from 1 to 1000 (got "1001")'],
    ["?limit=2.5", 'limit: must be an integer from 1 to 1000 (got "2.5")'],
    ["?label=", "label: must not be empty"],
    ["?limit=1&limit=2", "limit: give it once"],
    ["?status=succeeded", 'unknown query parameter "status"; use state, label or limit'],
  ])("%s is a 400 with the service's error body", async (query, error) => {
    const { svc } = await each.setup();
    expect(await getJson(svc.base, `/v2/dev/runs${query}`)).toEqual({
      status: 400,
      body: { error },
    });
  });

  test("a retry waiting shows when it is due, and each attempt the headers it carried", async () => {
    const { svc, workflow } = await each.setup({ timeScale: 1, workflow: () => 503 });
    await triggerOk(svc.base, `${workflow.url}/wf`, {
      headers: {
        "Svc-Workflow-RunId": "r-wait",
        "Svc-Retries": "1",
        "Svc-Retry-Delay": "60000",
        "Svc-Forward-X-Trace": "t-1",
      },
    });
    const run = await untilState(svc, "r-wait", ["retrying"]);
    const attempt = run.attempts[0];
    expect(attempt?.headers).toMatchObject({ "x-trace": "t-1", "svc-attempt": "1" });
    expect(run.nextAttemptAt).toBeGreaterThanOrEqual((attempt?.finishedAt ?? 0) + 60_000);
  });
});
