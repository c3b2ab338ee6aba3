// Shared by the dashboard tests: headless Chromium, Debian's `chromium` package.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// No sandbox (containers run as root); and nothing that would call out to the network.
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Launches Chromium; rejects at once, saying how to install it, when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install Debian's package with ` +
        "`apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH)",
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}
