// The TypeScript compilers the scripts install beside the repo's own (5.9, in node_modules):
// each is the `typescript` package with a `tsc` binary, so two cannot sit in one workspace.
// They are installed from the registry into the runtimes' cache (scripts/runtimes/cache.mjs)
// and reused by every later run.
import { installCached } from "../runtimes/cache.mjs";

/**
 * The oldest TypeScript the packages support (stated in each README and in each package's
 * `peerDependencies`). One version below, 5.6 refuses @x/dev-server's declarations
 * (`Uint8Array<ArrayBuffer>`: typed arrays are generic from 5.7 on); the clients alone compile
 * down to 5.4, and 5.3 refuses openapi-fetch's own declarations.
 */
export const OLDEST = "5.7.3";
/** The native compiler: `pnpm typecheck` and the contract's type mutants run it. */
export const NATIVE = "7.0.2";

/**
 * On Linux x64 the native compiler is one binary (with the `lib.*.d.ts` files beside it) in
 * one registry package: unpacked straight into the cache, it needs no npm (whose start-up and
 * install of the wrapper package were 1.6-2 CPU seconds of a fresh `pnpm start`).
 */
const NATIVE_LINUX_X64 = {
  packages: ["@typescript/typescript-linux-x64"],
  binary: "@typescript/typescript-linux-x64/lib/tsc",
};

/** Installs TypeScript `version` unless the cache has it; resolves to `{ binary, version }`. */
export function installTypeScript(version) {
  return installCached({
    package: "typescript",
    version,
    bin: "tsc",
    ...(version === NATIVE ? { linuxX64: NATIVE_LINUX_X64 } : {}),
  });
}
