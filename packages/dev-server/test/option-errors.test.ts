// One error for a bad option value, whichever option: a ValidationError (from @x/core, as the
// clients throw) naming the option, never a bare RangeError.
import { ValidationError } from "@x/core";
import { expect, it } from "vitest";
import { createWorkflowService, type DevServerOptions, startDevServer } from "../src/index.js";

const BAD_OPTIONS: Array<[string, DevServerOptions]> = [
  ["corsOrigin", { corsOrigin: "localhost:5173" }],
  ["kitOrigins", { kitOrigins: "localhost:5173" }],
  ["maxTopK", { limits: { maxTopK: 0 } }],
  ["maxRetries", { limits: { maxRetries: -1 } }],
  ["maxReportBodyBytes", { limits: { maxReportBodyBytes: 1.5 } }],
  ["maxKitBytes", { limits: { maxKitBytes: 0 } }],
  ["metric", { vector: { metric: "HAMMING" as "COSINE" } }],
  ["type", { vector: { type: "GRAPH" as "DENSE" } }],
  ["dimension", { vector: { dimension: 0 } }],
  ["deliveryTimeoutMs", { deliveryTimeoutMs: 0 }],
  ["timeScale", { timeScale: -1 }],
];

it.each(BAD_OPTIONS)("a bad %s is a ValidationError naming it", async (field, options) => {
  const refused = await startDevServer(options).then(
    async (dev) => {
      await dev.close();
      return undefined;
    },
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(ValidationError);
  expect(refused).toMatchObject({ field });
});

it("the workflow service alone refuses a bad timeScale the same way", () => {
  expect(() => createWorkflowService({ token: "t", timeScale: Number.NaN })).toThrow(
    ValidationError,
  );
});
