// The clients in headless Chromium (Debian's package), driven by playwright-core. The page
// comes from its own server on another port than the dev server's, so every call the
// smoke suite makes is cross-origin and needs the dev server's CORS answers; the dev server
// lists the page's origin in `kitOrigins`, as a user's test page must, to read its runs.
import { chromium } from "playwright-core";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Loads the smoke page from `page` (its server) in a fresh browser; returns its results. */
export async function runInBrowser(executablePath, page, config) {
  const browser = await chromium.launch({ executablePath, args: ARGS, timeout: 60_000 });
  try {
    const tab = await browser.newPage();
    const errors = [];
    tab.on("pageerror", (error) => errors.push(String(error)));
    await tab.goto(`${page.url}/`);
    if (errors.length) throw new Error(`the page failed to load: ${errors.join("; ")}`);
    return await tab.evaluate((smokeConfig) => globalThis.runSmoke(smokeConfig), config);
  } finally {
    await browser.close();
  }
}
