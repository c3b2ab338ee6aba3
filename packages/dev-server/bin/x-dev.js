#!/usr/bin/env node
// The installed `x-dev` command. It exists before any build, so installing the workspace
// links it without a "Failed to create bin" warning; it runs the built CLI. In this repo,
// `pnpm x-dev ...` at the root runs the sources instead and needs no build.
import("../dist/cli.js").catch((error) => {
  // The CLI, or a workspace package it imports, has no dist/ yet.
  const unbuilt =
    error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("/dist/");
  if (!unbuilt) throw error;
  process.stderr.write(
    "x-dev: the CLI or a package it needs is not built. In the repo, run `pnpm x-dev ...` at\n" +
      "the root (no build needed), or build first with `pnpm build`.\n",
  );
  process.exit(1);
});
