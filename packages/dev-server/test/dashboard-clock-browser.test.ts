// The dashboard under the manual clock, in headless Chromium: each waiting run's due time,
// the virtual time with an "advance to the next due run" control, and a cancel button.
// Its polls stay out of the request log; what the user clicks is logged.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardUrl } from "../src/dashboard/index.js";
import type { DevServer } from "../src/index.js";
import { launchChromium } from "./chromium.js";
import { type Endpoint, startEndpoint, startManual, trigger } from "./kit-harness.js";

const HOUR = 3_600_000;

let dev: DevServer;
let endpoint: Endpoint;
let browser: Browser;
let page: Page;
const lines: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  dev = await startManual({ log: (line) => lines.push(line) });
  endpoint = await startEndpoint(dev);
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(dashboardUrl(dev.workflowUrl, dev.token));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dev?.close();
  await endpoint?.close();
});

describe("the dashboard under the manual clock", { timeout: 60_000 }, () => {
  it("shows due times, advances to the next due run and cancels a run", async () => {
    const start = dev.clock.now();
    const soon = await trigger(dev, `${endpoint.url}/soon`, { "Svc-Delay": "1h" });
    const later = await trigger(dev, `${endpoint.url}/later`, { "Svc-Delay": "2d" });
    const soonRow = page.locator(`tr[data-run-id="${soon.workflowRunId}"]`);
    const laterRow = page.locator(`tr[data-run-id="${later.workflowRunId}"]`);
    await soonRow.locator("td.due", { hasText: "in 60 min" }).waitFor();
    await laterRow.locator("td.due", { hasText: "in 2 d" }).waitFor();
    await expect(page.locator("#clock").isVisible()).resolves.toBe(true);

    await page.click("#advance-next");
    await soonRow.locator('[data-state="succeeded"]').waitFor();
    expect(dev.clock.now()).toBe(start + HOUR);
    expect(endpoint.calls.map((call) => [call.path, call.at])).toEqual([["/soon", start + HOUR]]);
    await laterRow.locator("td.due", { hasText: "in 47 h" }).waitFor();

    await laterRow.locator("button[data-cancel]").click();
    await laterRow.locator('[data-state="cancelled"]').waitFor();
    await expect(laterRow.locator("button[data-cancel]").count()).resolves.toBe(0);
    await dev.clock.advance("3d");
    expect(endpoint.calls).toHaveLength(1);
    await expect(page.locator("#advance-next").isDisabled()).resolves.toBe(true);
    expect(pageErrors).toEqual([]);

    const logged = lines.filter((line) => / \d+ [\d.]+ ms$/.test(line));
    expect(logged.some((line) => line.includes("GET /v2/dev/runs"))).toBe(false);
    expect(logged.some((line) => line.includes("GET /v2/dev/clock"))).toBe(false);
    expect(logged.some((line) => line.includes("/favicon.ico"))).toBe(false);
    expect(logged.some((line) => line.startsWith("[workflow] POST /v2/dev/clock 200"))).toBe(true);
    expect(
      logged.some((line) =>
        line.startsWith(`[workflow] DELETE /v2/dev/runs/${later.workflowRunId} 200`),
      ),
    ).toBe(true);
  });
});
