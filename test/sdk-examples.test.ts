// The type check of the SDK reference's `@example` blocks (docs/src/sdk-examples.mjs), on
// two small examples: one that calls what @x/core exports, one that names what it does not.
// With the compiler the docs build checks them with, the native one (scripts/docs.mjs; in
// the cache once `pnpm check`'s background download or a docs build installed it).
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { typecheckExamples } from "../docs/src/sdk-examples.mjs";
import { installTypeScript, NATIVE } from "../scripts/lib/typescript.mjs";

const root = join(import.meta.dirname, "..");
let tsc: string;

beforeAll(async () => {
  tsc = (await installTypeScript(NATIVE)).binary;
});

it("passes an example that uses what the package exports", async () => {
  const good = `import { ValidationError } from "@x/core";\nnew ValidationError("field", "rule");\n`;
  await expect(
    typecheckExamples(root, ["core"], [{ name: "good", signatures: [[good]] }], tsc),
  ).resolves.toBeUndefined();
});

it("fails, naming the example's file, when an example names what does not exist", async () => {
  const bad = `import { NoSuchExport } from "@x/core";\nconsole.log(NoSuchExport);\n`;
  await expect(
    typecheckExamples(root, ["core"], [{ name: "Thing.method", signatures: [[bad]] }], tsc),
  ).rejects.toThrow(
    /an @example of the SDK reference does not type-check:[\s\S]*Thing\.method\.1\.ts/,
  );
});
