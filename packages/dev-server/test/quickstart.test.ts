// The README's first command runs examples/quickstart.ts against this package: keep it working.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const quickstart = fileURLToPath(new URL("../../../examples/quickstart.ts", import.meta.url));

it("the quick-start demo runs to the end and shows each step's result", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--conditions=source", "--import", "tsx", quickstart],
    { cwd: root, timeout: 30_000 },
  );
  expect(stdout).toMatch(/^Dev server up: workflow http:\/\/127\.0\.0\.1:\d+, vector http:/);
  // Seeded records come back through rangeAll, the filter keeps sf movies from 2000 on.
  expect(stdout).toContain("movie:4: Dune\n   show:1: Dark");
  expect(stdout).toMatch(/movie:2: Arrival score 0\.98\d\d\n {3}movie:4: Dune score 0\.8\d+\n\n/);
  expect(stdout).toContain('ids: ["Amélie",null]');
  expect(stdout).toContain("vectors: 5 ready, 0 pending");
  // Two failures, then success; the second run ends at its failure callback.
  expect(stdout).toContain("delivery 3: answered 200; tenant=acme");
  expect(stdout).toContain("run: succeeded, labels quickstart + orders, 3 attempts");
  expect(stdout).toContain("failure callback: on-call: last status 500, retried 1 of 1");
  expect(stdout.trimEnd()).toMatch(/Done\. Everything above ran against the local dev server\.$/);
});
