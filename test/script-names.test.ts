// `pnpm <name>` runs the root script <name> only when <name> is not one of pnpm's own
// commands: `pnpm docs` opened a browser on a package's home page instead of building the
// docs. So no root script may carry such a name, and the turbo tasks the scripts start must
// exist under the names they use.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};
const scripts = Object.keys(manifest.scripts);

// pnpm 10's own commands and aliases (each package's `commandNames`), which win over a
// script of the same name. `start`, `test`, `t`, `tst` and `stop` are left out: pnpm runs
// the script of that name for them.
const pnpmCommands = [
  ..."add approve-builds audit bin c cache cat-file cat-index ci clean-install completion".split(
    " ",
  ),
  ..."config create dedupe deploy dislink dlx doctor env exec fetch find-hash get help i".split(
    " ",
  ),
  ..."ic ignored-builds import init install install-clean install-test it la licenses link".split(
    " ",
  ),
  ..."list ll ln ls m multi outdated pack patch patch-commit patch-remove prune publish rb".split(
    " ",
  ),
  ..."rebuild recursive remove restart rm root run run-script self-update server set setup".split(
    " ",
  ),
  ..."store un uni uninstall unlink up update upgrade why".split(" "),
];
// The commands pnpm 10 hands to npm as they are (`docs` among them).
const npmPassThrough = [
  ..."access adduser bugs deprecate dist-tag docs edit find home info issues login logout".split(
    " ",
  ),
  ..."owner ping prefix profile pkg repo s se search set-script show star stars team token".split(
    " ",
  ),
  ..."unpublish unstar v version view whoami xmas".split(" "),
];

describe("root scripts", () => {
  it("are not named after a pnpm command, so `pnpm <name>` runs them", () => {
    const shadowed = new Set([...pnpmCommands, ...npmPassThrough]);
    expect(scripts.filter((name) => shadowed.has(name))).toEqual([]);
  });

  it("build the docs with `pnpm docs:build`", () => {
    expect(manifest.scripts["docs:build"]).toBe("turbo run docs:render");
    expect(manifest.scripts["docs:render"]).toBe("node scripts/docs.mjs");
  });

  it("start only turbo tasks that turbo.json defines", () => {
    const turbo = JSON.parse(readFileSync(join(root, "turbo.json"), "utf8")) as {
      tasks: Record<string, unknown>;
    };
    const started = Object.values(manifest.scripts).flatMap((command) =>
      [...command.matchAll(/turbo run ((?:[a-z][\w:-]* ?)+)/g)].flatMap((m) =>
        m[1]!.trim().split(" "),
      ),
    );
    expect(started.length).toBeGreaterThan(0);
    for (const task of started) {
      expect(Object.keys(turbo.tasks), `turbo task ${task}`).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`^(//#)?${task}$`))]),
      );
    }
    // A root task runs the root script of the same name.
    for (const task of Object.keys(turbo.tasks).filter((t) => t.startsWith("//#"))) {
      expect(scripts, `root task ${task}`).toContain(task.slice(3));
    }
  });
});
