// Every count x-dev prints reads right for one: `1 record`, `1 namespace`, `(1 call)`.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { banner } from "../src/cli/banner.js";
import { runImportCommand } from "../src/import/command.js";
import { progressLine } from "../src/import/progress-line.js";
import { plural } from "../src/plural.js";
import type { ProbeStep } from "../src/probe/probe-steps.js";
import { probeReport } from "../src/probe/probe-table.js";
import { describeState } from "../src/server/startup.js";
import { devServer, fill, LIVE_TOKEN } from "./import-harness.js";

const step = (failure?: string): ProbeStep => ({
  call: "info",
  operation: "GET /info",
  status: failure === undefined ? 200 : 503,
  drifts: [],
  moreDrifts: 0,
  failure,
});

describe("plural", () => {
  it.each([
    [0, "0 records"],
    [1, "1 record"],
    [2, "2 records"],
    [12_345, "12,345 records"],
  ])("%d", (count, expected) => {
    expect(plural(count, "record")).toBe(expected);
  });

  it("takes an irregular plural", () => {
    expect([plural(1, "entry", "entries"), plural(3, "entry", "entries")]).toEqual([
      "1 entry",
      "3 entries",
    ]);
  });
});

describe("the lines that count", () => {
  it("the probe's summary of one call", () => {
    expect(probeReport("http://127.0.0.1:1", [step()], (text) => text)).toContain(
      "Every answer conforms to the spec (1 call).",
    );
    expect(
      probeReport("http://127.0.0.1:1", [step(), step("ApiError 503")], (text) => text),
    ).toContain("1 of 2 calls conforms; 0 drifted from the spec, 1 failed.");
  });

  it("the state file's loaded and saved lines", () => {
    expect(describeState(1, 1, 1)).toBe("1 vector in 1 namespace and 1 unfinished run");
    expect(describeState(2, 2, 0)).toBe("2 vectors in 2 namespaces and 0 unfinished runs");
  });

  it("the import's progress of one record", () => {
    const line = progressLine({ namespace: "a", records: 1, total: 1 }, 1000);
    expect(line).toBe('1 / 1 record  1 record/s  (namespace "a")');
  });

  it("the banner's seed and dimension", () => {
    const text = banner({
      host: "127.0.0.1",
      workflowUrl: "http://127.0.0.1:1",
      vectorUrl: "http://127.0.0.1:2",
      dashboardUrl: "http://127.0.0.1:1/dashboard",
      token: "t",
      vector: { dimension: 1 },
      seeded: 1,
      seedFile: "seed.json",
      clock: "real",
    });
    expect(text).toContain("(DENSE, 1 dimension, COSINE)");
    expect(text).toContain("seed      1 record loaded from seed.json");
  });
});

describe("x-dev import of one record", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "x-dev-plural-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("says 1 record in 1 namespace", async () => {
    const live = await devServer({
      token: LIVE_TOKEN,
      vector: { type: "DENSE", dimension: 4, metric: "EUCLIDEAN" },
    });
    await fill(live, "DENSE", { "": 1 });
    let printed = "";
    const io = {
      stdout: { write: (text: string) => (printed += text) },
      stderr: { write: (text: string) => (printed += text) },
      onInterrupt: () => () => {},
    };
    const args = ["--from", live.vectorUrl, "--token", LIVE_TOKEN, "--state", join(dir, "s.json")];
    expect(await runImportCommand(args, io, {})).toBe(0);
    expect(printed).toContain("x-dev: imported 1 record in 1 namespace into");
    expect(printed).toContain('x-dev: namespace "" read, 1 record so far');
  });
});
