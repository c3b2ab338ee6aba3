// `x-dev import` against a hostile live service (issue 49, defects 4, 5, 7, 8, 9, 10), spawned
// as the CLI tests spawn x-dev: what it prints of the live side is filtered, it stops where
// info's count says, its progress reaches the disk page by page (a SIGKILL loses at most the
// page in flight), and what it is given (URL, token, files) is checked before it waits on it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundledCli } from "./cli-process.js";
import { hostileLive, info, json, type LiveRequest, page } from "./hostile-live.js";
import { contents, devServer, LIVE_TOKEN } from "./import-harness.js";

const cli = bundledCli();

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "x-dev-import-hostile-"));
  file = join(dir, "state.json");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `x-dev import` of `url` into `file`, the token from VECTOR_TOKEN unless `args` give one. */
async function importCli(url: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const run = cli.run(["import", "--from", url, "--state", file, ...args], {
    VECTOR_TOKEN: LIVE_TOKEN,
    ...env,
  });
  const code = await run.exit;
  return { code, output: run.output() };
}

const cursorOf = (request: LiveRequest) => (JSON.parse(request.body) as { cursor: unknown }).cursor;

/** 30 records in pages of 10 (cursors "10", "20", then ""), whatever limit is asked. */
function thirtyRecords(request: LiveRequest, res: Parameters<typeof json>[0]) {
  if (request.path === "/info") return json(res, info({ "": 30 }));
  const from = Number(cursorOf(request));
  json(res, page(from + 10 >= 30 ? "" : String(from + 10), 10, from));
}

/** The records of `file` as `x-dev start --state file` would serve them. */
async function served() {
  const dev = await devServer({ stateFile: file });
  const held = await contents(dev);
  await dev.close();
  return held;
}

const ESC = "\u001b";
/** A token echoed with terminal escapes around it: a title change, a screen clear. */
const HOSTILE = `${ESC}]0;${LIVE_TOKEN}\u0007${ESC}[2J${Buffer.from(LIVE_TOKEN).toString("base64")}`;

function printsNothingHostile(output: string): void {
  expect(output).not.toContain(LIVE_TOKEN);
  expect(output).not.toContain(Buffer.from(LIVE_TOKEN).toString("base64").slice(0, 20));
  expect(output).not.toContain(ESC);
  expect(output).not.toContain("\u0007");
}

describe("x-dev import prints live text as data (defect 4)", () => {
  it("in the does-not-emulate error", async () => {
    const live = await hostileLive((_, res) => json(res, info({ "": 1 }, { indexType: HOSTILE })));
    const { code, output } = await importCli(live.url);
    expect(code).toBe(1);
    expect(output).toContain("the live index reports indexType");
    printsNothingHostile(output);
  });

  it("in a namespace's progress line and a record's does-not-fit error", async () => {
    const live = await hostileLive((request, res) => {
      if (request.path === "/info") return json(res, info({ [HOSTILE]: 1, bad: 1 }));
      if (request.path === "/range/bad") {
        return json(res, { result: { nextCursor: "", vectors: [{ id: HOSTILE, vector: [1] }] } });
      }
      json(res, page("", 1));
    });
    const { code, output } = await importCli(live.url);
    expect(code).toBe(1);
    expect(output).toMatch(/1 record so far/);
    expect(output).toContain("does not fit this dev server");
    printsNothingHostile(output);
  });

  it("in the client's 401 message", async () => {
    const live = await hostileLive((_, res) =>
      json(res, { error: `bad token ${HOSTILE}`, status: 401 }, 401),
    );
    const { code, output } = await importCli(live.url);
    expect(code).toBe(1);
    expect(output).toContain("401 bad token");
    printsNothingHostile(output);
  });
});

describe("x-dev import keeps to info's count and saves page by page (defect 5)", () => {
  it("stops once the live index sends past info's count, keeping the pages before", async () => {
    const live = await hostileLive((request, res, i) => {
      if (request.path === "/info") return json(res, info({ "": 1 }));
      json(res, page(`c${i}`, 10, i * 10));
    });
    const { code, output } = await importCli(live.url, ["--page-size", "10"]);
    expect(code).toBe(1);
    expect(output).toContain('the live index sent more than 12 records of namespace ""');
    expect(output).toContain("10 records imported and saved");
    expect(live.of("/range")).toHaveLength(2);
    expect((await served())[""]).toHaveLength(10);
  });

  it("loses at most the page in flight to a SIGKILL, and a rerun goes on after the last page kept", async () => {
    let hold: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      hold = resolve;
    });
    let holding = true;
    const live = await hostileLive((request, res) => {
      // The third page is never answered while the first run lives: it is killed waiting.
      if (holding && request.path === "/range" && cursorOf(request) === "20") {
        hold?.();
        return;
      }
      thirtyRecords(request, res);
    });
    const run = cli.run(["import", "--from", live.url, "--state", file], {
      VECTOR_TOKEN: LIVE_TOKEN,
    });
    await held;
    run.child.kill("SIGKILL");
    await run.exit;
    const lines = (await readFile(`${file}.import`, "utf8")).trim().split("\n");
    expect(lines.map((line) => (JSON.parse(line) as { next?: string }).next)).toEqual([
      undefined,
      "10",
      "20",
    ]);
    holding = false;
    const { code } = await importCli(live.url);
    expect(code).toBe(0);
    expect(live.of("/range").map(cursorOf)).toEqual(["0", "10", "20", "20"]);
    expect((await served())[""]).toHaveLength(30);
    expect(existsSync(`${file}.import`)).toBe(false);
  });
});

describe("x-dev import checks what it is given before it waits on it (defects 7, 8, 9, 10)", () => {
  it("refuses a URL with a password, without printing it, and sends nothing (7)", async () => {
    const live = await hostileLive(thirtyRecords);
    const url = live.url.replace("http://", "http://user:PASSWORD123@");
    const { code, output } = await importCli(url);
    expect(code).toBe(2);
    expect(output).toContain("--from carries a user name or password");
    expect(output).not.toContain("PASSWORD123");
    expect(live.requests).toHaveLength(0);
  });

  it("never saves a nextCursor that is not a string, so the next run is not refused (8)", async () => {
    let cursor: unknown = { not: "a string" };
    const live = await hostileLive((request, res) => {
      if (request.path === "/info") return json(res, info({ "": 2 }));
      if (cursorOf(request) === "0") return json(res, page("1", 1));
      json(res, page(cursor, 1, 1));
    });
    const first = await importCli(live.url);
    expect(first.code).toBe(1);
    expect(first.output).toContain("gave a nextCursor of type object, not a string");
    expect(await readFile(`${file}.import`, "utf8")).not.toContain("not");
    cursor = "";
    expect((await importCli(live.url)).code).toBe(0);
    expect(live.of("/range").map(cursorOf)).toEqual(["0", "1", "1"]);
    expect((await served())[""]).toHaveLength(2);
  });

  it("takes the token from VECTOR_TOKEN, and --token wins over it (9)", async () => {
    const live = await hostileLive(thirtyRecords);
    expect((await importCli(live.url)).code).toBe(0);
    expect(live.requests[0]?.authorization).toBe(`Bearer ${LIVE_TOKEN}`);
    await rm(file);
    expect((await importCli(live.url, ["--token", "flag-token"])).code).toBe(0);
    expect(live.requests.at(-1)?.authorization).toBe("Bearer flag-token");
  });

  it.each(["FILE.import", "FILE"])("refuses a FIFO at %s at once (10)", async (which) => {
    const live = await hostileLive(thirtyRecords);
    const fifo = which === "FILE" ? file : `${file}.import`;
    execFileSync("mkfifo", [fifo]);
    const { code, output } = await importCli(live.url);
    expect(code).toBe(1);
    expect(output).toContain(`${fifo} is not a regular file (a FIFO, device, socket or directory)`);
    expect(live.requests).toHaveLength(0);
  });
});
