// Loads the dev dashboard in headless Chromium (Debian's `chromium` package), triggers runs
// and watches them appear; the vector panel pages and filters the seeded records.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardUrl } from "../src/dashboard/index.js";
import { type DevServer, startDevServer } from "../src/index.js";
import { launchChromium } from "./chromium.js";

let dev: DevServer;
let endpoint: Server;
let endpointUrl: string;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** A workflow endpoint that fails every delivery and accepts every failure call. */
async function startEndpoint(): Promise<void> {
  endpoint = createServer((req, res) => {
    req.resume();
    res.statusCode = req.headers["svc-failure-call"] === "true" ? 200 : 503;
    res.end();
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
}

async function trigger(path: string, headers: Record<string, string>): Promise<string> {
  const target = `${endpointUrl}${path}`;
  const response = await fetch(`${dev.workflowUrl}/v2/trigger/${target}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${dev.token}`,
      "content-type": "application/json",
      ...headers,
    },
    body: JSON.stringify({ order: 1042 }),
  });
  const body = (await response.json()) as { workflowRunId: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.workflowRunId;
}

beforeAll(async () => {
  browser = await launchChromium();
  await startEndpoint();
  dev = await startDevServer({
    vector: { dimension: 2 },
    timeScale: 0.001,
    seed: [
      { id: "book-1", vector: [1, 0], metadata: { genre: "sci-fi", year: 1965 } },
      { id: "book-2", vector: [0, 1], metadata: { genre: "poetry", year: 1855 } },
      { id: "book-3", vector: [1, 1], metadata: { genre: "sci-fi", year: 2011 }, data: "text" },
      { id: "note-1", vector: [1, 0], namespace: "notes" },
    ],
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(dashboardUrl(dev.workflowUrl, dev.token));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dev?.close();
  // beforeAll may have failed before the endpoint started (no Chromium): nothing to close.
  if (endpoint !== undefined) {
    endpoint.closeAllConnections();
    await new Promise((resolve) => endpoint.close(resolve));
  }
});

// A browser on a loaded machine can take seconds per step; each wait is for an element.
describe("the dev dashboard in Chromium", { timeout: 60_000 }, () => {
  it("shows a triggered run live, with its retries, failure call and sent headers", async () => {
    const id = await trigger("/api/orders", {
      "Svc-Retries": "2",
      "Svc-Label": "orders",
      "Svc-Forward-X-Trace": "trace-7",
    });
    const row = page.locator(`tr[data-run-id="${id}"]`);
    await row.locator('[data-state="callback-succeeded"]').waitFor();
    await expect(row.locator("td.failure-call").textContent()).resolves.toBe(
      "delivered (200, 1 call)",
    );
    await expect(row.locator("td").nth(2).textContent()).resolves.toBe("orders");

    await row.click();
    const attempts = page.locator("#attempts tr.attempt");
    await page.locator("#attempts tr.attempt >> nth=3").waitFor();
    await expect(attempts.count()).resolves.toBe(4);
    await expect(attempts.locator(":scope > td:nth-child(1)").allTextContents()).resolves.toEqual([
      "delivery",
      "delivery",
      "delivery",
      "failure-call",
    ]);
    await expect(attempts.locator(":scope > td:nth-child(3)").allTextContents()).resolves.toEqual([
      "503",
      "503",
      "503",
      "200",
    ]);
    await attempts.first().locator("summary").click();
    const headers = await attempts.first().locator("details table").textContent();
    expect(headers).toContain("x-trace");
    expect(headers).toContain("trace-7");
    expect(headers).toContain("svc-attempt");
    expect(headers).not.toContain(dev.token);

    if (process.env.X_DEV_DASHBOARD_SCREENSHOT) {
      await page.screenshot({ path: process.env.X_DEV_DASHBOARD_SCREENSHOT, fullPage: true });
    }
    expect(pageErrors).toEqual([]);
  });

  it("narrows the runs by state", async () => {
    const waiting = await trigger("/api/later", { "Svc-Delay": "1d" });
    await page.selectOption("#state-filter", "scheduled");
    await page.locator(`tr[data-run-id="${waiting}"]`).waitFor();
    await page.waitForFunction(() => document.querySelectorAll("#runs tr").length === 1);
    await page.selectOption("#state-filter", "");
  });

  it("shows the index, its namespaces and a filtered page of records", async () => {
    const info = page.locator("#index-info");
    await info.getByText("DENSE").waitFor();
    await expect(info.textContent()).resolves.toContain("4 ready");
    const options = await page.locator("#namespace option").allTextContents();
    expect(options).toEqual(["(default) (3)", "notes (1)"]);

    await page.locator('tr[data-record-id="book-2"]').waitFor();
    await page.fill("#record-filter", "genre = 'sci-fi' AND year > 2000");
    await page.click("#records-filter button[type=submit]");
    await page.waitForFunction(() => document.querySelectorAll("#records tr").length === 1);
    const ids = await page.locator("#records tr td:first-child").allTextContents();
    expect(ids).toEqual(["book-3"]);

    await page.fill("#record-filter", "genre = ");
    await page.click("#records-filter button[type=submit]");
    await page.locator("#records-status", { hasText: "filter:" }).waitFor();

    await page.fill("#record-filter", "");
    await page.selectOption("#namespace", "notes");
    await page.locator('tr[data-record-id="note-1"]').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it("marks each faulted request in the faults panel", async () => {
    // The panel lists every faulted request since the start: this test finds its own by id,
    // whichever tests of the file ran before it.
    await dev.faults.clear();
    const id = await dev.faults.add({
      service: "vector",
      method: "GET",
      path: "/info",
      status: 503,
    });
    const answer = await fetch(`${dev.vectorUrl}/info`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(answer.status).toBe(503);
    const row = page.locator("#faulted-requests tr.faulted", { hasText: `FAULT ${id}` });
    await row.waitFor();
    expect(await row.locator("td").allTextContents()).toEqual([
      expect.any(String),
      "vector GET /info",
      `FAULT ${id}`,
      "503",
    ]);
    await expect(page.locator("#fault-rules").textContent()).resolves.toContain(
      `${id} vector GET /info: 503, 1 hit, 0 left`,
    );
    expect(pageErrors).toEqual([]);
  });

  it("adds a fault by operation from the form, which offers each service's operations", async () => {
    await dev.faults.clear();
    await page.selectOption("#fault-service", "workflow");
    expect(await page.locator("#fault-operation option").allTextContents()).toEqual([
      "every route",
      "trigger",
    ]);
    await page.selectOption("#fault-service", "vector");
    expect(await page.locator("#fault-operation option").allTextContents()).toEqual([
      "every route",
      "range",
      "query",
      "fetch",
      "info",
      "upsert",
      "delete",
      "reset",
      "scan",
    ]);
    await page.selectOption("#fault-operation", "info");
    await page.fill("#fault-status", "502");
    await page.click("#fault-form button[type=submit]");
    await page.locator("#fault-rules", { hasText: "info (operation)" }).waitFor();
    const answer = await fetch(`${dev.vectorUrl}/info`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(answer.status).toBe(502);
    expect(await dev.faults.list()).toMatchObject([{ operation: "info", status: 502, hits: 1 }]);
    expect(pageErrors).toEqual([]);
  });

  it("links the dashboard from the vector port", async () => {
    const response = await fetch(`${dev.vectorUrl}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`href="${dev.workflowUrl}/"`);
  });
});
