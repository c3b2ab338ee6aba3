// Every request is logged on both services (method, path, status, time), rejected ones too,
// and no line carries the query, where the token may travel.
import { afterEach, expect, it } from "vitest";
import { PAGE_SCRIPT } from "../src/dashboard/generated/page-script.js";
import { type DevServer, startDevServer } from "../src/index.js";

/**
 * The paths the dashboard's script polls (`poll(`/v2/dev/runs?${query}`)`: the path), sorted:
 * the script's modules are bundled in an order of their own.
 */
const POLLED = [...PAGE_SCRIPT.matchAll(/\bpoll\(["`]([^"`?]+)/g)]
  .map((match) => match[1] as string)
  .sort();

const TOKEN = "log-token";
let dev: DevServer | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

it("logs accepted and rejected requests on both services", async () => {
  const lines: string[] = [];
  dev = await startDevServer({ token: TOKEN, vector: { dimension: 2 }, log: (l) => lines.push(l) });
  const target = encodeURIComponent("http://127.0.0.1:1/wf");
  await fetch(`${dev.workflowUrl}/v2/trigger/${target}?svc_token=wrong`, { method: "POST" });
  await fetch(`${dev.workflowUrl}/v2/trigger/${target}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "Svc-Retries": "x" },
  });
  await fetch(`${dev.vectorUrl}/info`);
  await fetch(`${dev.vectorUrl}/info`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const requestLines = lines.filter((line) => / \d+\.\d ms$/.test(line));
  expect(requestLines.map((line) => line.replace(/ [\d.]+ ms$/, ""))).toEqual([
    `[workflow] POST /v2/trigger/${target} 401`,
    `[workflow] POST /v2/trigger/${target} 400`,
    "[vector] GET /info 401",
    "[vector] GET /info 200",
  ]);
  expect(lines.join("\n")).not.toContain("wrong");
});

it("never logs a vector request's query, on its port or through the workflow port", async () => {
  const lines: string[] = [];
  dev = await startDevServer({ token: TOKEN, vector: { dimension: 2 }, log: (l) => lines.push(l) });
  await fetch(`${dev.vectorUrl}/info?svc_token=${TOKEN}`);
  await fetch(`${dev.workflowUrl}/v2/dev/vector/info?svc_token=${TOKEN}`);
  const requestLines = lines.filter((line) => / \d+\.\d ms$/.test(line));
  expect(requestLines.map((line) => line.replace(/ [\d.]+ ms$/, ""))).toEqual([
    "[vector] GET /info 401",
    "[vector] GET /info 401",
  ]);
  expect(lines.join("\n")).not.toContain(TOKEN);
});

it("leaves the dashboard's polls and the favicon out of the log unless logPolls is set", async () => {
  const poll = { authorization: `Bearer ${TOKEN}`, "x-dev-poll": "1" };
  const requestLines = async (logPolls: boolean) => {
    const lines: string[] = [];
    dev = await startDevServer({
      token: TOKEN,
      vector: { dimension: 2 },
      logPolls,
      log: (l) => lines.push(l),
    });
    // Every path the dashboard's script polls, the faults panel's included.
    for (const path of POLLED) await fetch(`${dev.workflowUrl}${path}`, { headers: poll });
    await fetch(`${dev.workflowUrl}/favicon.ico`);
    await fetch(`${dev.workflowUrl}/v2/dev/clock`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    await dev.close();
    dev = undefined;
    return lines
      .filter((line) => / \d+\.\d ms$/.test(line))
      .map((line) => line.replace(/ [\d.]+ ms$/, ""));
  };
  expect(POLLED).toEqual([
    "/v2/dev/clock",
    "/v2/dev/faults",
    "/v2/dev/runs",
    "/v2/dev/vector/info",
  ]);
  expect(await requestLines(false)).toEqual(["[workflow] GET /v2/dev/clock 200"]);
  expect(await requestLines(true)).toEqual([
    "[workflow] GET /v2/dev/clock 200",
    "[workflow] GET /v2/dev/faults 200",
    "[workflow] GET /v2/dev/runs 200",
    "[vector] GET /info 200",
    "[workflow] GET /v2/dev/clock 200",
  ]);
});

it("refuses logPolls without a log, where it would change nothing", async () => {
  await expect(startDevServer({ token: TOKEN, logPolls: true })).rejects.toThrow(
    /logPolls: adds the dashboard's polls to the log, and no log is given/,
  );
});
