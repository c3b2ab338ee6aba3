import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, test } from "vitest";
import {
  getJson,
  perTest,
  type Receiver,
  type Reply,
  runOf,
  startReceiver,
  startService,
  TOKEN,
  trigger,
  until,
  untilState,
} from "./workflow-harness.js";

const each = perTest();
async function setup(timeScale = 0.001, reply?: Reply) {
  const { svc, workflow } = await each.setup({ timeScale, ...(reply ? { workflow: reply } : {}) });
  return { svc, receiver: workflow };
}

async function firstCall(receiver: Receiver) {
  return until(() => receiver.calls[0], 5000, "the delivery");
}

describe("delivery to the workflow URL", () => {
  test("every option arrives as documented: body bytes, content type, forwarded headers, run id, labels", async () => {
    const { svc, receiver } = await setup();
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 10, 13, 0]);
    const result = await trigger(svc.base, `${receiver.url}/api/workflow`, {
      headers: {
        "content-type": "application/octet-stream",
        "Svc-Workflow-RunId": "run-everything",
        "Svc-Forward-X-Tenant": "acme",
        "Svc-Forward-Authorization": "Bearer for-the-workflow",
        "Svc-Failure-Callback-Forward-X-Only-For-Callback": "no",
        "Svc-Label": "billing, nightly",
        "Svc-Retries": "5",
        "Svc-Retry-Delay": "1000",
      },
      body: bytes,
    });
    expect(result.status).toBe(200);
    const call = await firstCall(receiver);
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/api/workflow");
    expect(new Uint8Array(call.body)).toEqual(bytes);
    expect(call.headers["content-type"]).toBe("application/octet-stream");
    expect(call.headers["x-tenant"]).toBe("acme");
    // The forwarded Authorization arrives; the token of the service never does.
    expect(call.headers.authorization).toBe("Bearer for-the-workflow");
    expect(JSON.stringify(call.headers)).not.toContain(TOKEN);
    expect(call.headers["svc-workflow-runid"]).toBe("run-everything");
    expect(call.headers["svc-workflow-createdat"]).toBe(String(result.body.workflowCreatedAt));
    expect(call.headers["svc-attempt"]).toBe("1");
    expect(call.headers["svc-retried"]).toBe("0");
    expect(call.headers["svc-max-retries"]).toBe("5");
    expect(call.headers["svc-label"]).toBe("billing,nightly");
    expect(call.headers["x-only-for-callback"]).toBeUndefined();
    expect(call.headers["svc-failure-call"]).toBeUndefined();
    const names = Object.keys(call.headers);
    expect(names.filter((name) => name.startsWith("svc-forward-"))).toEqual([]);
    expect(names.filter((name) => name.startsWith("svc-failure-callback"))).toEqual([]);
    const run = await untilState(svc, "run-everything", ["succeeded"]);
    expect(run).toMatchObject({ labels: ["billing", "nightly"], retries: 5, retryDelay: "1000" });
    expect(run.attempts).toEqual([
      expect.objectContaining({ kind: "delivery", attempt: 1, status: 200 }),
    ]);
  });

  test.each([
    ["application/json; charset=utf-8", '{"orderId":1042,"note":"caf\u00e9"}'],
    ["text/plain", "hello workflow\n"],
  ])("a %s body arrives byte for byte with its content type", async (type, text) => {
    const { svc, receiver } = await setup();
    await trigger(svc.base, `${receiver.url}/wf`, {
      headers: { "content-type": type },
      body: text,
    });
    const call = await firstCall(receiver);
    expect(call.headers["content-type"]).toBe(type);
    expect(call.body.toString("utf8")).toBe(text);
  });

  test("no body and no content type arrive as none", async () => {
    const { svc, receiver } = await setup();
    await trigger(svc.base, `${receiver.url}/wf`);
    const call = await firstCall(receiver);
    expect(call.body.byteLength).toBe(0);
    expect(call.headers["content-type"]).toBeUndefined();
  });

  test("the workflow URL keeps its own query, spaces and percent signs through the path", async () => {
    const { svc, receiver } = await setup();
    const result = await trigger(svc.base, `${receiver.url}/api/a b?x=1%2F&y=z`, { auth: "query" });
    expect(result.status).toBe(200);
    const call = await firstCall(receiver);
    expect(call.path).toBe("/api/a%20b?x=1%2F&y=z");
  });
});

describe("scheduling", () => {
  test("Svc-Delay holds the delivery back by the scaled delay", async () => {
    const { svc, receiver } = await setup(0.01);
    const result = await trigger(svc.base, `${receiver.url}/wf`, {
      headers: { "Svc-Delay": "15s" },
    });
    const id = result.body.workflowRunId ?? "";
    expect(runOf(svc, id).state).toBe("scheduled");
    const call = await firstCall(receiver);
    // 15 s at a time scale of 0.01 is 150 ms.
    expect(call.at - (result.body.workflowCreatedAt ?? 0)).toBeGreaterThanOrEqual(140);
  });

  test("Svc-Not-Before wins over Svc-Delay: a past time delivers now despite a one-day delay", async () => {
    const { svc, receiver } = await setup(1);
    const result = await trigger(svc.base, `${receiver.url}/wf`, {
      headers: { "Svc-Not-Before": "1", "Svc-Delay": "1d" },
    });
    const call = await firstCall(receiver);
    expect(call.at - (result.body.workflowCreatedAt ?? 0)).toBeLessThan(2000);
  });

  test("Svc-Not-Before in the future waits until then (scaled from now)", async () => {
    const { svc, receiver } = await setup(0.01);
    const notBefore = Math.ceil(Date.now() / 1000) + 20;
    const result = await trigger(svc.base, `${receiver.url}/wf`, {
      headers: { "Svc-Not-Before": String(notBefore), "Svc-Delay": "1s" },
    });
    const run = runOf(svc, result.body.workflowRunId ?? "");
    expect(run.notBefore).toBe(notBefore * 1000);
    const call = await firstCall(receiver);
    // At least 19 s away, so at least 190 ms scaled; a 1 s delay alone would be 10 ms.
    expect(call.at - (result.body.workflowCreatedAt ?? 0)).toBeGreaterThanOrEqual(180);
  });
});

describe("the dev runs listing", () => {
  test("lists every run with state, labels and attempts", async () => {
    const { svc, receiver } = await setup(0.001, (_, index) => (index === 0 ? 500 : 200));
    await trigger(svc.base, `${receiver.url}/wf`, {
      headers: { "Svc-Workflow-RunId": "listed", "Svc-Label": "a", "Svc-Retry-Delay": "1" },
    });
    await trigger(svc.base, `${receiver.url}/wf`, { headers: { "Svc-Delay": "1d" } });
    await untilState(svc, "listed", ["succeeded"]);
    const { status, body } = await getJson(svc.base, "/v2/dev/runs");
    expect(status).toBe(200);
    const runs = (body as { runs: { workflowRunId: string; state: string }[] }).runs;
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({
      workflowRunId: "listed",
      state: "succeeded",
      labels: ["a"],
      url: `${receiver.url}/wf`,
      attempts: [
        { kind: "delivery", attempt: 1, status: 500 },
        { kind: "delivery", attempt: 2, status: 200 },
      ],
    });
    expect(runs[1]?.state).toBe("scheduled");
  });
});

describe("close()", () => {
  test("cancels scheduled runs and aborts a delivery in flight", async () => {
    let release: (() => void) | undefined;
    const svc = await startService({ timeScale: 0.001 });
    const receiver = await startReceiver(
      () =>
        new Promise<number>((resolve) => {
          release = () => resolve(200);
        }),
    );
    each.closeLater(receiver);
    const hanging = await trigger(svc.base, `${receiver.url}/hang`);
    const later = await trigger(svc.base, `${receiver.url}/later`, {
      headers: { "Svc-Delay": "1h" },
    });
    await until(() => receiver.active() === 1, 5000, "the delivery to start");
    const started = Date.now();
    await svc.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(runOf(svc, hanging.body.workflowRunId ?? "").state).toBe("cancelled");
    expect(runOf(svc, hanging.body.workflowRunId ?? "").attempts[0]?.error).toMatch(/aborted/);
    expect(runOf(svc, later.body.workflowRunId ?? "").state).toBe("cancelled");
    release?.();
    expect(receiver.calls.map((call) => call.path)).toEqual(["/hang"]);
  });

  test("a connection refused is a failed attempt, not a crash", async () => {
    const dead = createServer();
    dead.listen(0, "127.0.0.1");
    await once(dead, "listening");
    const port = (dead.address() as AddressInfo).port;
    await new Promise((resolve) => dead.close(resolve));
    const { svc } = await setup();
    const result = await trigger(svc.base, `http://127.0.0.1:${port}/wf`, {
      headers: { "Svc-Retries": "1", "Svc-Retry-Delay": "1" },
    });
    const run = await untilState(svc, result.body.workflowRunId ?? "", ["callback-failed"]);
    expect(run.attempts.map((a) => [a.kind, a.status, a.error !== undefined])).toEqual([
      ["delivery", undefined, true],
      ["delivery", undefined, true],
      ["failure-call", undefined, true],
      ["failure-call", undefined, true],
    ]);
    expect(run.attempts[0]?.error).toMatch(/ECONNREFUSED/);
  });
});
