// The root README's "In any other project" steps, followed as a new user would: its shell
// block is cut out of the README and run as written, from the repository's root, with
// temporary folders in place of /tmp/x-packages and ~/my-app (outside the workspace, so
// nothing resolves through it). Then a program in that folder imports the installed
// packages, starts the dev server and calls it with both clients.
//
// The block's `pnpm build` is the one line not run: the suite runs after it (`pnpm check`),
// and rebuilding here would rewrite dist/ under the tests running next to this one. Without
// a build the test is skipped, saying so, except under CI, where that is a failure.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { publicPackages } from "../scripts/release/workspace.mjs";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const MARKER = "<!-- outside-install:";

/** The README's block under the marker, one command a line (continuations joined). */
function readmeCommands(readme: string): string[] {
  const at = readme.indexOf(MARKER);
  if (at === -1) throw new Error(`README.md has no ${MARKER} marker`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(at))?.[1];
  if (block === undefined) throw new Error("README.md has no ```sh block after the marker");
  return block
    .replace(/\\\n\s*/g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

const published = publicPackages(root);
const unbuilt = published
  .filter(({ dir }) => !existsSync(join(dir, "dist", "index.js")))
  .map(({ name }) => name);

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const program = `
import { startDevServer } from "@x/dev-server";
import { VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";

const dev = await startDevServer({ vector: { dimension: 2 } });
try {
  const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token });
  const run = await wf.trigger({ url: "http://127.0.0.1:9/never-called", delay: "1d" });
  const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
  const info = await index.info();
  console.log(JSON.stringify({ runId: run.workflowRunId, dimension: info.dimension }));
} finally {
  await dev.close();
}
`;

const title = "the README's outside install works as written";
const skipReason = `no dist/ in ${unbuilt.join(", ")}: run pnpm build first`;

if (unbuilt.length > 0 && process.env.CI !== "true") {
  it.skip(`${title} (skipped: ${skipReason})`);
} else {
  it(title, { timeout: 240_000 }, async () => {
    if (unbuilt.length > 0) throw new Error(`under CI the build must come first: ${skipReason}`);
    const commands = readmeCommands(readFileSync(join(root, "README.md"), "utf8"));
    expect(commands[0]).toBe("pnpm build");
    const packs = mkdtempSync(join(tmpdir(), "x-tarballs-"));
    const app = mkdtempSync(join(tmpdir(), "x-app-"));
    folders.push(packs, app);
    // The user's app: any project with a package.json.
    writeFileSync(join(app, "package.json"), '{ "name": "my-app", "private": true }\n');

    const script = commands
      .slice(1)
      .map((command) =>
        command.replaceAll("/tmp/x-packages", packs).replaceAll("~/my-app", JSON.stringify(app)),
      );
    expect(script.join("\n")).not.toMatch(/\/tmp\/x-packages|~\/my-app/);
    await run("sh", ["-e", "-c", script.join("\n")], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
      // The same as --prefer-offline --no-audit --no-fund, leaving the commands as written.
      env: {
        ...process.env,
        npm_config_prefer_offline: "true",
        npm_config_audit: "false",
        npm_config_fund: "false",
        npm_config_update_notifier: "false",
      },
    });

    // The clients are the app's dependencies; the dev server and its validator serve its
    // tests only, so they are devDependencies, as the dev server's README asks.
    const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8"));
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      "@x/core",
      "@x/otel",
      "@x/vector",
      "@x/workflow",
    ]);
    expect(Object.keys(manifest.devDependencies).sort()).toEqual([
      "@x/dev-server",
      "@x/openapi-check",
    ]);

    // Every public package was packed and installed, and nothing private.
    const names = published.map(({ name }) => name).sort();
    const tarballs = readdirSync(packs).filter((file) => file.endsWith(".tgz"));
    expect(tarballs.length).toBe(names.length);
    expect(readdirSync(join(app, "node_modules", "@x")).map((dir) => `@x/${dir}`)).toEqual(names);
    // An optional peer: a JavaScript app gets no @types/node it did not ask for.
    expect(existsSync(join(app, "node_modules", "@types", "node"))).toBe(false);

    writeFileSync(join(app, "main.mjs"), program);
    const { stdout } = await run(process.execPath, ["main.mjs"], { cwd: app });
    const result = JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
    expect(result).toEqual({ runId: expect.stringMatching(/^wfr_/), dimension: 2 });
  });
}
