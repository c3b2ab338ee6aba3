// `x-dev probe --vector` against a hostile live service (issue 49, defects 2 (the probe's
// part), 4, 6, 7): it finishes and prints its table whatever the service answers, reading
// each answer within its bounds; it checks info's dimension before it builds a query; and
// what it prints of the answers (the guard's pointers name the service's keys) is data.

import type { SpecGuard } from "@x/vector/guard";
import { describe, expect, it } from "vitest";
import { printable } from "../src/import/printable.js";
import { runProbe } from "../src/probe/probe.js";
import { probeStep } from "../src/probe/probe-steps.js";
import { probeReport } from "../src/probe/probe-table.js";
import { hostileLive, info, json, page, stream } from "./hostile-live.js";

const TOKEN = "probe-secret-token-5e1d";

async function probe(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runProbe(
    argv,
    {},
    {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    },
  );
  return { code, stdout, stderr };
}

/** The table's rows of `call`, each split into its cells. */
function rowsOf(stdout: string, call: string): string[][] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith(`${call} `))
    .map((line) => line.split(/ {2,}/));
}

describe("x-dev probe reads each answer within its bounds (defect 2, the probe's part)", () => {
  it("prints its table when range answers 4 MB of off-spec vectors", async () => {
    const total = 4 * 1024 * 1024;
    let written: Promise<number> | undefined;
    const live = await hostileLive((request, res) => {
      if (request.path === "/info") return json(res, info({ "": 1 }));
      if (request.path === "/range") {
        written = stream(res, '{"result":{"nextCursor":"","vectors":[', "1,", total);
        return;
      }
      json(res, request.path === "/fetch" ? { result: [null] } : { result: [] });
    });
    const { code, stdout } = await probe(["--vector", live.url, "--token", TOKEN]);
    expect(code).toBe(1);
    expect(rowsOf(stdout, "range")).toEqual([
      [
        "range",
        "-",
        "-",
        "failed",
        "-",
        "an answer",
        "refused: the answer holds more than 50000 items",
      ],
    ]);
    expect(stdout).toContain("3 of 4 calls conform; 0 drifted from the spec, 1 failed.");
    expect(await written).toBeLessThan(total);
  });

  it("keeps at most 20 drifts of a call, and counts the rest", async () => {
    // The guard reports a drift per place; whatever it reports, the probe keeps 20 rows.
    const drifts = Array.from({ length: 1000 }, (_, i) => ({
      operation: "POST /range",
      status: 200,
      part: "body" as const,
      pointer: `/result/x${i}`,
      expected: "string",
      got: "number",
      count: 1,
    }));
    const guard = { report: () => drifts } as unknown as SpecGuard;
    const client = { use() {}, eject() {} };
    const { step } = await probeStep("range", client, guard, async () => "answered");
    expect(step.drifts).toHaveLength(20);
    expect(step.moreDrifts).toBe(980);
    const report = probeReport("a service", [step], (text) => text);
    expect(rowsOf(report, "range")).toHaveLength(21);
    expect(report).toContain("and 980 more places");
  });

  it("refuses an answer nested past 256 levels, and goes on to the next call", async () => {
    const live = await hostileLive((request, res) => {
      if (request.path === "/info") return json(res, info({ "": 1 }));
      if (request.path === "/range") {
        return void stream(res, '{"result":', "[", 8 * 1024 * 1024);
      }
      json(res, request.path === "/fetch" ? { result: [null] } : { result: [] });
    });
    const { code, stdout } = await probe(["--vector", live.url, "--token", TOKEN]);
    expect(code).toBe(1);
    expect(rowsOf(stdout, "range")[0]?.[6]).toBe(
      "refused: the answer nests deeper than 256 levels",
    );
    expect(rowsOf(stdout, "fetch")[0]?.[3]).toBe("conforms");
  });
});

describe("x-dev probe checks info's dimension before it builds a query (defect 6)", () => {
  it.each([1e300, 1e8, -1, 2.5])("skips the query for a dimension of %s", async (dimension) => {
    const live = await hostileLive((request, res) => {
      if (request.path === "/info") return json(res, info({ "": 1 }, { dimension }));
      json(res, request.path === "/range" ? page("", 1) : { result: [null] });
    });
    const { code, stdout } = await probe(["--vector", live.url, "--token", TOKEN]);
    expect(code).toBe(1);
    expect(rowsOf(stdout, "query")[0]?.[6]).toBe(
      `skipped: info's dimension ${String(dimension)} is not one of 1 to 65536`,
    );
    expect(live.of("/query")).toHaveLength(0);
  });
});

describe("x-dev probe prints the answers' text as data (defects 4, 7)", () => {
  it("shows what a drift reports of the service without escapes or the token", async () => {
    // The guard names no value of an answer today; the table holds to that whatever a drift
    // brings (a pointer through the service's keys, a media type it sent).
    const key = `\u001b]0;${TOKEN}\u0007\u001b[2J${encodeURIComponent(TOKEN)}\u009b2J`;
    const drift = {
      operation: "GET /info",
      status: 200,
      part: "body" as const,
      pointer: `/result/namespaces/${key}/vectorCount`,
      expected: "integer",
      got: `application/x-${TOKEN}`,
    };
    const step = { call: "info", operation: "GET /info", status: 200, drifts: [drift] };
    const report = probeReport(
      "vector service at http://127.0.0.1:1",
      [{ ...step, moreDrifts: 0, failure: undefined }],
      printable([TOKEN]),
    );
    expect(report).toContain("body /result/namespaces/[redacted]/vectorCount");
    expect(report).not.toContain(TOKEN);
    // No control character but the line breaks of the table.
    const controls = [...report].filter(
      (c) => c !== "\n" && (c < " " || (c >= "\u007f" && c <= "\u009f")),
    );
    expect(controls).toEqual([]);
  });

  it("refuses a URL with a password without printing it, and sends nothing", async () => {
    const live = await hostileLive((_, res) => json(res, info()));
    const url = live.url.replace("http://", "http://user:PASSWORD123@");
    const { code, stdout, stderr } = await probe(["--vector", url, "--token", TOKEN]);
    expect(code).toBe(2);
    expect(stderr).toContain("--vector carries a user name or password");
    expect(stdout + stderr).not.toContain("PASSWORD123");
    expect(live.requests).toHaveLength(0);
  });
});
