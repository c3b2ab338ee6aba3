// What a reader sees first in each package's README (also a page of the SDK reference):
// the title, then a paragraph saying what the package is for, before any command.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sdkPackages } from "../docs/src/sdk.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const readme = (name: string) => readFileSync(join(root, "packages", name, "README.md"), "utf8");

describe.each(sdkPackages)("the README of @x/%s", (name) => {
  it("starts with its title, then a paragraph of prose", () => {
    const [title, first] = readme(name).split("\n\n");
    expect(title).toBe(`# @x/${name}`);
    expect(first).not.toMatch(/^(```|\||- |#)/);
    expect(first!.split(/\s+/).length).toBeGreaterThan(15);
  });
});

describe("the dev server's README", () => {
  // The command is not named as the package is: an npx that does not find `x-dev` installed
  // would fetch a stranger's package of that name. The repository's own root script
  // (`pnpm x-dev`) is no command of a user's project.
  it("runs the CLI as a user's project does, never with a bare npx", () => {
    const text = readme("dev-server");
    expect(text).toContain("pnpm exec x-dev start");
    expect(text).toContain("npm exec --no -- x-dev start");
    expect(text).not.toMatch(/pnpm\s+(-s\s+)?x-dev/);
    expect(text).not.toMatch(/npx\s+(-\S+\s+)*x-dev/);
  });

  // One reference of the test kit, the testing guide, shipped in the package beside the
  // README; the README links to it rather than keeping a second copy that drifts.
  it("leaves the test kit's reference to TESTING.md and links to it", () => {
    const text = readme("dev-server");
    const kit = text.slice(
      text.indexOf("## Test kit"),
      text.indexOf("\n## ", text.indexOf("## Test kit") + 1),
    );
    expect(kit).toContain("](TESTING.md)");
    expect(kit).not.toMatch(/^###/m);
    const guide = readFileSync(join(root, "packages", "dev-server", "TESTING.md"), "utf8");
    for (const call of [
      "dev.clock.advance(by)",
      "dev.runs.waitFor(",
      "dev.vector.upsert(records",
    ]) {
      expect(guide).toContain(call);
      expect(text).not.toContain(`await ${call}`);
    }
  });

  it("says what the package is for before anything else", () => {
    const first = readme("dev-server").split("\n\n")[1]!;
    expect(first).toMatch(/^Local emulators of the workflow trigger service and the vector/);
  });
});
