// `pnpm start` (scripts/start.mjs), copied into a stand-in repository whose turbo and
// quick-start script record what they are asked to run (the script through a binary of the
// workspace, as pnpm runs it): the demo runs from sources with no build, the API reference
// is built alongside it, and the last line says where the reference is.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";

const start = fileURLToPath(new URL("../scripts/start.mjs", import.meta.url));
let repo: string;

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), "x-start-"));
  const calls = join(repo, "calls");
  mkdirSync(join(repo, "scripts"));
  copyFileSync(start, join(repo, "scripts/start.mjs"));
  // turbo records its arguments and the folder it runs in; the docs build fails with the
  // exit code in DOCS_EXIT.
  mkdirSync(join(repo, "node_modules/.bin"), { recursive: true });
  const turbo = join(repo, "node_modules/.bin/turbo");
  const fake = [
    "#!/bin/sh",
    `echo "turbo $* in $(pwd)" >> "${calls}"`,
    'echo "docs log line"',
    'exit "$DOCS_EXIT"',
  ];
  writeFileSync(turbo, `${fake.join("\n")}\n`);
  chmodSync(turbo, 0o755);
  // The quick-start script calls a binary of the workspace, as pnpm would find it.
  const tool = join(repo, "node_modules/.bin/demo-tool");
  writeFileSync(tool, '#!/bin/sh\necho "demo output"\n');
  chmodSync(tool, 0o755);
  mkdirSync(join(repo, "examples"));
  const quickstart = `echo "quickstart in $(pwd)" >> "${calls}" && demo-tool`;
  writeFileSync(
    join(repo, "examples/package.json"),
    JSON.stringify({ name: "@x/examples", scripts: { quickstart } }),
  );
});

afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
});

function runStart(env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [join(repo, "scripts/start.mjs")], {
    encoding: "utf8",
    cwd: tmpdir(),
    env: { ...process.env, DOCS_EXIT: "0", ...env },
  });
  const calls = readFileSync(join(repo, "calls"), "utf8").trim().split("\n");
  return { ...result, calls };
}

it.skipIf(process.platform === "win32")(
  "runs the demo without a build, builds the reference, and ends by naming where it is",
  () => {
    const { status, stdout, calls } = runStart();
    expect(status).toBe(0);
    expect(calls.sort()).toEqual([
      `quickstart in ${join(repo, "examples")}`,
      `turbo run docs:render --only --output-logs=errors-only in ${repo}`,
    ]);
    expect(stdout).toContain("demo output");
    expect(stdout).not.toContain("docs log line");
    expect(stdout.trim().split("\n").at(-1)).toMatch(/is at docs\/dist\/index\.html/);
  },
);

it.skipIf(process.platform === "win32")(
  "shows the reference's log and fails when it does not build",
  () => {
    const { status, stderr } = runStart({ DOCS_EXIT: "3" });
    expect(status).toBe(3);
    expect(stderr).toContain("docs log line");
    expect(stderr).toContain("The API reference failed to build (exit 3)");
  },
);
