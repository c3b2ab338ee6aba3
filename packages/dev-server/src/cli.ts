#!/usr/bin/env node
// The `x-dev` command's entry (the bin and tsup point here); the CLI itself is in cli/.
import { main } from "./cli/main.js";

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`x-dev: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
