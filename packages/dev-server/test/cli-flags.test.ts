// The CLI keeps no rule of its own: it turns each flag's text into its option and hands it
// to startDevServer, whose refusal it prints under the flag's name.
import { ValidationError } from "@x/core";
import { describe, expect, it } from "vitest";
import { flagError, parse, startOptions } from "../src/cli/options.js";
import { UsageError } from "../src/cli/usage.js";
import { startDevServer } from "../src/index.js";

// Free ports and no log, in case a value is taken after all.
const BASE = ["start", "--workflow-port", "0", "--vector-port", "0", "--quiet"];

describe("a flag value startDevServer refuses", () => {
  it.each([
    [["--dimension", "0"], "--dimension: must be an integer from 1 to 65536 (got 0)"],
    [
      ["--metric", "hamming"],
      "--metric: must be one of COSINE, EUCLIDEAN, DOT_PRODUCT (got HAMMING)",
    ],
    [["--max-top-k", "0"], "--max-top-k: must be a positive integer (got 0)"],
    [
      ["--workflow-port", "70000"],
      "--workflow-port: must be an integer from 0 to 65535 (got 70000)",
    ],
    [["--time-scale=-1"], "--time-scale: must be a finite number >= 0 (got -1)"],
    [["--clock", "fake"], '--clock: must be "real" or "manual" (got "fake")'],
  ])("%j is refused by startDevServer, named by the flag", async (argv, message) => {
    const options = startOptions(parse([...BASE, ...argv]).values);
    const error = await startDevServer(options).then(
      async (dev) => {
        await dev.close();
        return undefined;
      },
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(flagError(error)).toBe(message);
  });

  it("a number flag that is no number is refused by the CLI, naming the text", () => {
    expect(() => startOptions(parse([...BASE, "--max-top-k", "ten"]).values)).toThrow(
      new UsageError('--max-top-k must be a number (got "ten")'),
    );
  });
});

it("startDevServer refuses a port out of range with a ValidationError, before binding", async () => {
  await expect(startDevServer({ vectorPort: -1 })).rejects.toThrow(
    new ValidationError("vectorPort", "must be an integer from 0 to 65535 (got -1)"),
  );
});
