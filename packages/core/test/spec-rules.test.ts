// The checks that read the tables `pnpm gen` writes from a spec: each rule, its message
// and the field it names. The clients' own tests cover the tables of the real specs.
import { describe, expect, it } from "vitest";
import { ValidationError } from "../src/errors/errors";
import { checkFields, checkScalar } from "../src/schema/request-check";
import type { Schema } from "../src/schema/schema";

const body: Schema = {
  type: "object",
  additional: false,
  required: [["ids"], ["prefix"]],
  properties: {
    ids: { type: "array", items: { type: "string", minLength: 1 }, maxItems: 2 },
    prefix: { type: "string" },
    topK: { type: "integer", minimum: 1, maximum: 10 },
    score: { type: "number", minimum: -1 },
    mode: { type: "string", enum: ["A", "B"] },
    point: { type: "object", required: [["x"]], properties: { x: { type: "boolean" } } },
    vector: { type: "array", items: { type: "number" } },
    weights: { type: "array", items: { type: "number", minimum: 0 } },
  },
};

function failure(value: object): { field: string; message: string } {
  try {
    checkFields("call", value, body);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return { field: (error as ValidationError).field, message: (error as Error).message };
  }
  throw new Error("no ValidationError");
}

describe("checkFields", () => {
  it.each([
    [{ ids: ["a"], limt: 1 }, "limt", 'call: unknown option "limt"'],
    [{ topk: 1, ids: ["a"] }, "topk", 'call: unknown option "topk" (did you mean "topK"?)'],
    [{}, "ids", "ids: give ids, or prefix"],
    [{ ids: "a" }, "ids", "ids: must be an array"],
    [{ ids: ["a", ""] }, "ids[1]", "ids[1]: must be a non-empty string"],
    [{ ids: ["a", "b", "c"] }, "ids", "ids: must hold at most 2 items"],
    [{ prefix: "", topK: 0 }, "topK", "topK: must be a positive integer, at most 10"],
    [{ prefix: "", topK: 11 }, "topK", "topK: must be a positive integer, at most 10"],
    [{ prefix: "", score: -2 }, "score", "score: must be a finite number of at least -1"],
    [{ prefix: "", score: Number.NaN }, "score", "score: must be a finite number of at least -1"],
    [{ prefix: "", mode: "a" }, "mode", "mode: must be A or B"],
    [{ prefix: "", point: [] }, "point", "point: must be an object"],
    [{ prefix: "", point: {} }, "point.x", "point.x: is required"],
    [{ prefix: "", point: { x: 1 } }, "point.x", "point.x: must be a boolean"],
    [{ prefix: "", vector: [0.5, Number.NaN] }, "vector[1]", "vector[1]: must be a finite number"],
    [{ prefix: "", vector: [0.5, "1"] }, "vector[1]", "vector[1]: must be a finite number"],
    [
      { prefix: "", vector: [Number.NEGATIVE_INFINITY] },
      "vector[0]",
      "vector[0]: must be a finite number",
    ],
    [
      { prefix: "", weights: [1, -1] },
      "weights[1]",
      "weights[1]: must be a finite number of at least 0",
    ],
  ])("%j fails on %s", (value, field, message) => {
    expect(failure(value)).toEqual({ field, message });
  });

  it("holds each item of an array of strings to the items' pattern", () => {
    const rule: Schema = {
      type: "object",
      properties: { ids: { type: "array", items: { type: "string", pattern: "^[a-z]+$" } } },
    };
    expect(() => checkFields("call", { ids: ["a", "B"] }, rule)).toThrow(
      "ids[1]: must match ^[a-z]+$",
    );
    expect(() => checkFields("call", { ids: ["a", "b"] }, rule)).not.toThrow();
  });

  it("passes what the rules allow, an unset optional field included", () => {
    expect(() =>
      checkFields("call", { ids: ["a"], topK: 10, score: -1, mode: "B", prefix: undefined }, body),
    ).not.toThrow();
  });
});

describe("checkScalar", () => {
  it("checks one value and names the given field", () => {
    const retries: Schema = { type: "integer", minimum: 0 };
    expect(() => checkScalar(-1, retries, "retries")).toThrow(
      "retries: must be a non-negative integer",
    );
    expect(() => checkScalar(2 ** 53, retries, "retries")).toThrow("retries: must be");
    expect(() => checkScalar(0, retries, "retries")).not.toThrow();
  });

  it("holds a string to the spec's pattern, matched anywhere unless the pattern anchors it", () => {
    expect(() => checkScalar("abc", { type: "string", pattern: "b" }, "label")).not.toThrow();
    expect(() => checkScalar("abc", { type: "string", pattern: "^b" }, "label")).toThrow(
      "label: must match ^b",
    );
    // The same rule again: the compiled pattern keeps no state between calls.
    expect(() => checkScalar("abc", { type: "string", pattern: "^b" }, "label")).toThrow(
      "label: must match ^b",
    );
  });

  it("reads a pattern with Unicode semantics, as JSON Schema does", () => {
    // Without them `.` is one UTF-16 unit, and an emoji is two.
    const oneCharacter: Schema = { type: "string", pattern: "^.$" };
    expect(() => checkScalar("😀", oneCharacter, "label")).not.toThrow();
    expect(() => checkScalar("ab", oneCharacter, "label")).toThrow("label: must match ^.$");
  });

  it("adds a hint after the rule's own words", () => {
    expect(() =>
      checkScalar("soon", { type: "integer", minimum: 0 }, "notBefore", "(Unix seconds)"),
    ).toThrow("notBefore: must be a non-negative integer (Unix seconds)");
  });
});
