import { describe, expect, test } from "vitest";
import { MAX_JSON_DEPTH, parseBody } from "../src/index.js";
import { decodePercent } from "../src/internal.js";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("parseBody", () => {
  test("reads a body by its content type: JSON parsed, text as text, the rest as bytes", () => {
    expect(parseBody(bytes('{"a":1}'), "application/json; charset=utf-8")).toEqual({
      body: { a: 1 },
    });
    expect(parseBody(bytes("hi"), "text/plain")).toEqual({ body: "hi" });
    expect(parseBody(bytes("hi"), "application/octet-stream").body).toBeInstanceOf(Uint8Array);
    expect(parseBody(bytes("hi"), undefined).body).toBeInstanceOf(Uint8Array);
  });

  test("an empty body is no body, whatever its content type", () => {
    expect(parseBody(new Uint8Array(0), "application/json")).toEqual({ body: undefined });
  });

  test("JSON that does not parse is an error at the place named", () => {
    const read = parseBody(bytes("{not json"), "application/json", "response body");
    expect(read.body).toBeUndefined();
    expect(read.error?.where).toBe("response body");
    expect(read.error?.message).toMatch(/^is not valid JSON \(/);
  });

  test("JSON nested deeper than the validator can walk is an error, not a stack overflow", () => {
    const deep = `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`;
    expect(parseBody(bytes(deep), "application/json").error?.message).toBe(
      `nests deeper than ${MAX_JSON_DEPTH} levels`,
    );
    const deepest = `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`;
    expect(parseBody(bytes(deepest), "application/json").error).toBeUndefined();
  });
});

describe("decodePercent", () => {
  test("decodes every escape, and says undefined for a malformed one", () => {
    expect(decodePercent("https%3A%2F%2Fexample.org%2Fa%20b")).toBe("https://example.org/a b");
    expect(decodePercent("100%")).toBeUndefined();
    expect(decodePercent("%E0%A4%A")).toBeUndefined();
  });
});
