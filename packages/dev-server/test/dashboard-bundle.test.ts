// The page's script is generated from src/dashboard/browser/ and committed, so the dev
// server runs from its sources with no build (these tests, `pnpm x-dev`). The browser tests
// run the committed script: it must be what the browser code bundles to now.
import { expect, it } from "vitest";
import { bundlePageScript } from "../scripts/dashboard-bundle.js";
import { PAGE_SCRIPT } from "../src/dashboard/generated/page-script.js";

it("serves the script the browser code bundles to now", async () => {
  expect(
    PAGE_SCRIPT === (await bundlePageScript()),
    "src/dashboard/generated/page-script.ts is out of date: run `pnpm --filter @x/dev-server gen:dashboard`",
  ).toBe(true);
});
