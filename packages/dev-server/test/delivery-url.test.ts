// One URL check for every run the service will deliver: at trigger, and for each unfinished
// run a snapshot or a state file brings back (a restored `data:` URL "succeeded" before).
// A URL with userinfo, which fetch refuses to send, is refused at trigger with the reason.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { type DevSnapshot, startDevServer } from "../src/index.js";
import { openSnapshot, sealSnapshot } from "../src/persistence/state.js";

import { closedAfterEach, devCall, startManual, trigger } from "./kit-harness.js";
import { trigger as postTrigger } from "./workflow-harness.js";

const later = closedAfterEach();

/** A snapshot holding one scheduled run whose URL is replaced by `url`. */
async function snapshotWithUrl(url: string): Promise<DevSnapshot> {
  const dev = later(await startManual());
  await trigger(dev, "http://127.0.0.1:9/wf", { "Svc-Delay": "1h" });
  const snapshot = openSnapshot(await dev.snapshot());
  const [run] = snapshot.runs;
  if (run === undefined || !("step" in run)) throw new Error("expected an unfinished run");
  run.url = url;
  return sealSnapshot(snapshot);
}

it("refuses a workflow URL with a user name and password at trigger, with the reason", async () => {
  const dev = later(await startManual());
  const answer = await postTrigger(dev.workflowUrl, "http://user:pass@127.0.0.1:9/wf", {
    body: "{}",
    auth: { bearer: dev.token },
  });
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({
    error:
      "workflowUrl: must not carry a user name or password (user:pass@): they cannot be sent that way; send credentials in a forwarded header such as Svc-Forward-Authorization",
  });
  expect(await dev.runs.list()).toEqual([]);
});

it("refuses a restored run whose URL the trigger would refuse, in code and over HTTP", async () => {
  const snapshot = await snapshotWithUrl("data:text/plain,owned");
  const dev = later(await startManual());
  await expect(dev.restore(snapshot)).rejects.toThrow(
    /^snapshot: the snapshot, runs: run wfr_\w+: url: must be an absolute http\(s\) URL/,
  );
  const put = await devCall(dev, "/v2/dev/snapshot", { method: "PUT", body: snapshot });
  expect(put.status).toBe(400);
  expect((put.body as { error: string }).error).toMatch(/runs: run wfr_\w+: url: must be/);
  expect(await dev.runs.list()).toEqual([]);
});

it("refuses a state file holding such a run at start", async () => {
  const snapshot = await snapshotWithUrl("http://user:pass@127.0.0.1:9/wf");
  const dir = await mkdtemp(join(tmpdir(), "x-dev-url-"));
  later({ close: () => rm(dir, { recursive: true, force: true }) });
  const file = join(dir, "state.json");
  await writeFile(file, JSON.stringify(snapshot));
  await expect(startDevServer({ vector: { dimension: 2 }, stateFile: file })).rejects.toThrow(
    /runs: run wfr_\w+: url: must not carry a user name or password/,
  );
});
