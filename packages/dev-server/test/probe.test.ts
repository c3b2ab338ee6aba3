// `x-dev probe` in process, against the dev server as the live service: every answer
// conforms (exit 0), an answer off the spec (a fault) is named in the table (exit 1), and
// the token never appears in what it prints. The off-spec answers carry the token as a
// value, so a table that copied a value would show it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";
import { runProbe } from "../src/probe/probe.js";
import { bundledCli } from "./cli-process.js";

const cli = bundledCli();

let dev: DevServer;
beforeAll(async () => {
  dev = await startDevServer({ vector: { dimension: 4, metric: "COSINE", type: "DENSE" } });
});
afterAll(async () => {
  await dev.close();
});
afterEach(async () => {
  for (const fault of await dev.faults.list()) await dev.faults.clear(fault.id);
  await dev.vector.reset();
});

/** Runs the probe with `argv`: its exit code and what it wrote where. */
async function probe(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runProbe(argv, env, {
    stdout: {
      write: (text: string) => {
        stdout += text;
      },
    },
    stderr: {
      write: (text: string) => {
        stderr += text;
      },
    },
  });
  return { code, stdout, stderr };
}

/** The table's rows (after its heading), each split into its cells. */
function rows(stdout: string): string[][] {
  const lines = stdout.split("\n");
  const heading = lines.findIndex((line) => line.startsWith("call"));
  const end = lines.indexOf("", heading);
  return lines.slice(heading + 1, end).map((line) => line.split(/ {2,}/));
}

describe("x-dev probe --vector", () => {
  it("exits 0 with a row per call when every answer conforms", async () => {
    await dev.vector.upsert([{ id: "a", vector: [1, 0, 0, 0], metadata: { n: 1 } }]);
    const result = await probe(["--vector", dev.vectorUrl, "--token", dev.token]);
    expect(result.stderr).toBe("");
    expect(rows(result.stdout)).toEqual([
      ["info", "GET /info", "200", "conforms"],
      ["range", "POST /range", "200", "conforms"],
      ["query", "POST /query", "200", "conforms"],
      ["fetch", "POST /fetch", "200", "conforms"],
    ]);
    expect(result.stdout).toContain("Every answer conforms to the spec (4 calls).");
    expect(result.stdout).not.toContain(dev.token);
    expect(result.code).toBe(0);
  });

  it("takes the token from VECTOR_TOKEN, and probes an empty index too", async () => {
    const result = await probe(["--vector", dev.vectorUrl], { VECTOR_TOKEN: dev.token });
    expect(rows(result.stdout).map((row) => row[3])).toEqual([
      "conforms",
      "conforms",
      "conforms",
      "conforms",
    ]);
    expect(result.code).toBe(0);
  });

  it("exits 1 and names the drift when an answer is off the spec, without its values", async () => {
    await dev.faults.add({
      service: "vector",
      operation: "range",
      status: 200,
      body: { result: { vectors: [{ id: dev.token }] } },
    });
    await dev.faults.add({
      service: "vector",
      operation: "info",
      status: 200,
      body: {
        result: {
          vectorCount: 0,
          pendingVectorCount: 0,
          indexSize: 0,
          dimension: 4,
          similarityFunction: "COSINE",
          indexType: dev.token,
          namespaces: {},
        },
      },
    });
    const result = await probe(["--vector", dev.vectorUrl, "--token", dev.token]);
    expect(rows(result.stdout)).toEqual([
      [
        "info",
        "GET /info",
        "200",
        "drifted",
        "body /result/indexType",
        'one of "DENSE", "SPARSE", "HYBRID"',
        "another string",
      ],
      [
        "range",
        "POST /range",
        "200",
        "drifted",
        "body /result/nextCursor",
        "string, required",
        "missing",
      ],
      // The info that drifted still gave a dimension; the range page an id to fetch.
      ["query", "POST /query", "200", "conforms"],
      ["fetch", "POST /fetch", "200", "conforms"],
    ]);
    expect(result.stdout).toContain("2 of 4 calls conform; 2 drifted from the spec, 0 failed.");
    expect(result.stdout).not.toContain(dev.token);
    expect(result.code).toBe(1);
  });

  it("exits 1 when a call fails, naming the error's class and status only", async () => {
    const result = await probe(["--vector", dev.vectorUrl, "--token", "not-the-token"]);
    expect(rows(result.stdout)[0]).toEqual([
      "info",
      "GET /info",
      "401",
      "failed",
      "-",
      "an answer",
      "AuthenticationError 401",
    ]);
    expect(rows(result.stdout)[2]).toEqual([
      "query",
      "-",
      "-",
      "failed",
      "-",
      "an answer",
      "skipped: info gave no dimension",
    ]);
    expect(result.stdout).not.toContain("not-the-token");
    expect(result.code).toBe(1);
  });
});

describe("x-dev probe --workflow", () => {
  it("triggers one run at --url and exits 0 when the answer conforms", async () => {
    const endpoint = "http://127.0.0.1:9/probe-endpoint";
    const result = await probe(["--workflow", dev.workflowUrl, "--url", endpoint], {
      WORKFLOW_TOKEN: dev.token,
    });
    expect(rows(result.stdout)).toEqual([
      ["trigger", "POST /v2/trigger/{workflowUrl}", "200", "conforms"],
    ]);
    expect(await dev.runs.list()).toEqual([expect.objectContaining({ url: endpoint })]);
    expect(result.code).toBe(0);
  });

  it("exits 1 on an answer off the spec", async () => {
    await dev.faults.add({
      service: "workflow",
      operation: "trigger",
      status: 202,
      body: { token: dev.token },
    });
    const endpoint = "http://127.0.0.1:9/probe-endpoint";
    const result = await probe([
      "--workflow",
      dev.workflowUrl,
      "--url",
      endpoint,
      "--token",
      dev.token,
    ]);
    expect(rows(result.stdout)).toEqual([
      [
        "trigger",
        "POST /v2/trigger/{workflowUrl}",
        "202",
        "drifted",
        // A status the spec does not list is held to its `default` answer, the error object.
        "body /error",
        "string, required",
        "missing",
      ],
    ]);
    expect(result.stdout).not.toContain(dev.token);
    expect(result.code).toBe(1);
  });
});

describe("x-dev probe usage", () => {
  it.each([
    [[], "give one service to probe: --vector <URL> or --workflow <URL>"],
    [["--vector", "http://a", "--workflow", "http://b"], "give one service to probe"],
    [["--vector", "http://a", "--url", "http://b"], "--url goes with --workflow, not --vector"],
    [
      ["--workflow", "http://a", "--token", "t"],
      "--workflow triggers a run, which calls your endpoint: give it as --url <URL>",
    ],
    [["--vector", "ftp://a", "--token", "t"], "--vector must be an http(s) URL"],
    [["--vector", "http://a"], "give the service's token: --token <token>, or set VECTOR_TOKEN"],
    [["--vectr", "http://a"], "unknown option --vectr; did you mean --vector?"],
  ])("%j exits 2 and says what is wrong", async (argv, message) => {
    const result = await probe(argv);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`x-dev probe: ${message}`);
  });

  it("--help prints the usage, exit 0", async () => {
    const result = await probe(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: x-dev probe --vector <URL>");
  });
});

// Each case starts the CLI in a process of its own: seconds on a loaded machine.
describe("the x-dev command", { timeout: 60_000 }, () => {
  it("runs the probe: exit 0 when every answer conforms, 1 on a drift, never the token", async () => {
    const env = { VECTOR_TOKEN: dev.token };
    const clean = await cli.runToEnd(["probe", "--vector", dev.vectorUrl], env);
    expect(clean.stdout).toContain("Every answer conforms to the spec (4 calls).");
    expect(clean.code).toBe(0);
    await dev.faults.add({ service: "vector", operation: "query", status: 200, body: dev.token });
    const drifted = await cli.runToEnd(["probe", "--vector", dev.vectorUrl], env);
    expect(rows(drifted.stdout)[2]).toEqual([
      "query",
      "POST /query",
      "200",
      "drifted",
      "content-type",
      "application/json",
      "text/plain",
    ]);
    expect(drifted.code).toBe(1);
    for (const output of [clean, drifted]) {
      expect(`${output.stdout}${output.stderr}`).not.toContain(dev.token);
    }
  });

  it("exits 2 on a usage error of the probe", async () => {
    const result = await cli.runToEnd(["probe", "--vector", dev.vectorUrl], { VECTOR_TOKEN: "" });
    expect(result.stderr).toBe(
      'x-dev probe: give the service\'s token: --token <token>, or set VECTOR_TOKEN\nRun "x-dev probe --help" to see its options.\n',
    );
    expect(result.code).toBe(2);
  });
});
