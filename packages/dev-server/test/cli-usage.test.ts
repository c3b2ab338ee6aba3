import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { banner } from "../src/cli/banner.js";
import { SHORT_USAGE } from "../src/cli/usage.js";
import { bundledCli } from "./cli-process.js";

const cli = bundledCli();
const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

// Each case starts the CLI in a process of its own: seconds on a loaded machine.
describe("x-dev usage", { timeout: 60_000 }, () => {
  it("--version prints the package's version", async () => {
    expect(await cli.runToEnd(["--version"])).toEqual({
      code: 0,
      stdout: `${manifest.version}\n`,
      stderr: "",
    });
  });

  it("an unknown flag is answered with the closest one, exit 2", async () => {
    const typo = await cli.runToEnd(["start", "--dimesion", "3"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(
      'x-dev: unknown option --dimesion; did you mean --dimension?\nRun "x-dev --help" to see every option.\n',
    );
    const port = await cli.runToEnd(["start", "--port", "8080"]);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain("unknown option --port; did you mean --workflow-port?");
  });

  it("--help names every dev-only route and the dashboard", async () => {
    const help = await cli.runToEnd(["--help"]);
    expect(help.code).toBe(0);
    const lines = help.stdout.split("\n").map((line) => line.trim());
    for (const route of [
      "GET /",
      "GET /v2/dev/runs",
      "GET /v2/dev/runs/<id>",
      "DELETE /v2/dev/runs/<id>",
      "GET /v2/dev/clock",
      "POST /v2/dev/clock",
      "POST /upsert[/<ns>]",
      "POST /delete[/<ns>]",
      "POST /reset[/<ns>]",
      "POST /scan[/<ns>]",
    ]) {
      expect(
        lines.some((line) => line.startsWith(`${route} `)),
        route,
      ).toBe(true);
    }
    expect(help.stdout).toContain("-v, --version");
  });

  it("with no command prints a short usage and the way to --help, exit 2", async () => {
    const bare = await cli.runToEnd([]);
    expect(bare).toEqual({ code: 2, stdout: "", stderr: SHORT_USAGE });
    expect(SHORT_USAGE).toContain('Run "x-dev --help"');
    expect(SHORT_USAGE.split("\n").length).toBeLessThan(8);
  });

  it("with a command other than start names it, then the short usage, exit 2", async () => {
    const wrong = await cli.runToEnd(["strat"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe(
      `x-dev: expected the command "start", "import" or "probe", got "strat"\n\n${SHORT_USAGE}`,
    );
  });
});

describe("the start banner", () => {
  const input = {
    host: "127.0.0.1",
    workflowUrl: "http://127.0.0.1:8080",
    vectorUrl: "http://127.0.0.1:8081",
    dashboardUrl: "http://127.0.0.1:8080/#token=dev_abc",
    token: "dev_abc",
    vector: { dimension: 3 },
    seeded: 0,
    clock: "real" as const,
  };

  it("prints env lines, a curl per service and the dashboard", () => {
    const lines = banner(input).split("\n");
    expect(lines).toContain(
      "WORKFLOW_URL=http://127.0.0.1:8080 WORKFLOW_TOKEN=dev_abc VECTOR_URL=http://127.0.0.1:8081 VECTOR_TOKEN=dev_abc",
    );
    expect(lines).toContain("  dashboard http://127.0.0.1:8080/#token=dev_abc");
    expect(lines).toContain("  vector    http://127.0.0.1:8081  (DENSE, 3 dimensions, COSINE)");
    expect(lines).toContain(
      "  curl -X POST http://127.0.0.1:8080/v2/trigger/http://localhost:3000/api/workflow -H 'Authorization: Bearer dev_abc' \\",
    );
    expect(lines).toContain("  curl http://127.0.0.1:8081/info -H 'Authorization: Bearer dev_abc'");
  });

  it("says how many seed records it loaded, and when the clock is manual", () => {
    const plain = banner(input);
    expect(plain).not.toContain("  seed ");
    expect(plain).not.toContain("  clock ");
    const lines = banner({ ...input, seeded: 12, seedFile: "seed.jsonl", clock: "manual" }).split(
      "\n",
    );
    expect(lines).toContain("  seed      12 records loaded from seed.jsonl");
    expect(lines.find((line) => line.startsWith("  clock     manual"))).toBeDefined();
  });

  it("prints the address it bound, and what binding every interface exposes", () => {
    expect(banner(input).split("\n")).toContain("  bound     127.0.0.1 (this machine only)");
    const lines = banner({ ...input, host: "0.0.0.0" }).split("\n");
    expect(lines).toContain(
      "  bound     0.0.0.0 (every interface): reachable from other machines; anyone with the token can",
    );
  });

  it("quotes a token a shell would split", () => {
    const text = banner({ ...input, token: "it's mine" });
    expect(text).toContain(`WORKFLOW_TOKEN='it'\\''s mine'`);
    expect(text).toContain(`-H 'Authorization: Bearer it'\\''s mine'`);
  });
});
