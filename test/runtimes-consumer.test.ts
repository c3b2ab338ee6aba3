// The consumer project both matrices install into (scripts/runtimes/consumer.mjs): under
// `pnpm check` the first stage that needs it makes it, the other waits for it and reads it.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { madeOnce } from "../scripts/runtimes/consumer.mjs";

let parent: string;

beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), "x-made-once-"));
});

afterEach(() => {
  rmSync(parent, { recursive: true, force: true });
});

describe("madeOnce", () => {
  it("makes the folder once; a caller that comes while it is being made waits for it", async () => {
    const folder = join(parent, "consumer");
    let makes = 0;
    let finish = () => {};
    const first = madeOnce(folder, async (path: string) => {
      makes++;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      writeFileSync(join(path, "made"), "");
    });
    let secondDone = false;
    const second = madeOnce(
      folder,
      () => {
        makes++;
      },
      { pollMs: 5 },
    ).then(() => {
      secondDone = true;
    });
    // The second caller is still waiting: the folder is not made yet.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(secondDone).toBe(false);
    finish();
    await Promise.all([first, second]);
    expect(makes).toBe(1);
    expect(existsSync(join(folder, "made"))).toBe(true);
    // A caller after it is made finds it at once.
    await madeOnce(folder, () => {
      makes++;
    });
    expect(makes).toBe(1);
  });

  it("fails every waiting caller with the maker's error", async () => {
    const folder = join(parent, "consumer");
    const first = madeOnce(folder, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error("npm install failed: E404");
    });
    const second = madeOnce(folder, () => {}, { pollMs: 5 });
    await expect(first).rejects.toThrow("npm install failed: E404");
    await expect(second).rejects.toThrow(/made .*consumer failed: npm install failed: E404/);
  });

  it("gives up on a folder never made, at its deadline", async () => {
    const folder = join(parent, "consumer");
    // A maker that was killed: the folder is there, with neither mark.
    mkdirSync(folder);
    await expect(madeOnce(folder, () => {}, { deadlineMs: 20, pollMs: 5 })).rejects.toThrow(
      /was not ready after 0.02 s/,
    );
  });
});
