import { filter, ValidationError } from "@x/vector";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const text = (f: unknown) => String(f);

/**
 * Reads one string literal of the documented grammar (single quotes; a backslash escapes
 * the next character, which the builder only ever does for a quote or a backslash) from
 * the start of `source`. Returns the value and what follows the closing quote.
 */
function readString(source: string): [string, string] {
  if (source[0] !== "'") throw new Error(`not a string literal: ${source}`);
  let value = "";
  for (let i = 1; i < source.length; i++) {
    const c = source[i];
    if (c === "'") return [value, source.slice(i + 1)];
    if (c === "\\") {
      const next = source[++i];
      if (next !== "'" && next !== "\\") throw new Error(`unexpected escape \\${next}`);
      value += next;
    } else value += c;
  }
  throw new Error(`unterminated literal: ${source}`);
}

describe("comparisons", () => {
  it.each([
    [filter.eq("genre", "sci-fi"), "genre = 'sci-fi'"],
    [filter.eq("year", 2000), "year = 2000"],
    [filter.eq("done", true), "done = true"],
    [filter.eq("done", false), "done = false"],
    [filter.ne("genre", "drama"), "genre != 'drama'"],
    [filter.lt("price", 9.5), "price < 9.5"],
    [filter.lte("price", -1), "price <= -1"],
    [filter.gt("views", 1e21), "views > 1e+21"],
    [filter.gte("ratio", 1e-7), "ratio >= 1e-7"],
    [filter.glob("title", "The *"), "title GLOB 'The *'"],
    [filter.notGlob("title", "[ab]?"), "title NOT GLOB '[ab]?'"],
    [filter.contains("tags", "new"), "tags CONTAINS 'new'"],
    [filter.notContains("ids", 3), "ids NOT CONTAINS 3"],
    [filter.in("lang", ["de", "fr"]), "lang IN ('de', 'fr')"],
    [filter.notIn("code", [1, true, "x"]), "code NOT IN (1, true, 'x')"],
    [filter.hasField("author.name"), "HAS FIELD author.name"],
    [filter.hasNotField("tags[0]"), "HAS NOT FIELD tags[0]"],
    [filter.eq("chapters[#-1].done", true), "chapters[#-1].done = true"],
    [filter.eq("a.b_c.d9[12]", ""), "a.b_c.d9[12] = ''"],
  ])("%s", (built, expected) => {
    expect(text(built)).toBe(expected);
  });

  it("writes -0 as 0", () => {
    expect(text(filter.eq("n", -0))).toBe("n = 0");
  });
});

describe("and / or", () => {
  it("wraps every child in parentheses", () => {
    const built = filter.and(
      filter.eq("a", 1),
      filter.or(filter.eq("b", 2), filter.hasField("c")),
      filter.in("d", ["x"]),
    );
    expect(text(built)).toBe("(a = 1) AND ((b = 2) OR (HAS FIELD c)) AND (d IN ('x'))");
  });

  it("takes a single child", () => {
    expect(text(filter.or(filter.eq("a", 1)))).toBe("(a = 1)");
  });

  it("rejects no children and children not built with filter", () => {
    expect(() => filter.and()).toThrow(ValidationError);
    expect(() => filter.or("a = 1" as never)).toThrow(ValidationError);
    expect(() => filter.and(filter.eq("a", 1), { toString: () => "1 = 1" } as never)).toThrow(
      expect.objectContaining({ field: "filter" }),
    );
  });
});

describe("not", () => {
  it.each([
    [filter.eq("a", 1), "a != 1"],
    [filter.ne("a", "x"), "a = 'x'"],
    [filter.lt("a", 1), "a >= 1"],
    [filter.gte("a", 1), "a < 1"],
    [filter.gt("a", 1), "a <= 1"],
    [filter.lte("a", 1), "a > 1"],
    [filter.glob("a", "x*"), "a NOT GLOB 'x*'"],
    [filter.notGlob("a", "x*"), "a GLOB 'x*'"],
    [filter.contains("a", "x"), "a NOT CONTAINS 'x'"],
    [filter.notContains("a", "x"), "a CONTAINS 'x'"],
    [filter.in("a", [1, 2]), "a NOT IN (1, 2)"],
    [filter.notIn("a", [1, 2]), "a IN (1, 2)"],
    [filter.hasField("a"), "HAS NOT FIELD a"],
    [filter.hasNotField("a"), "HAS FIELD a"],
  ])("negates %s structurally", (built, expected) => {
    expect(text(filter.not(built))).toBe(expected);
  });

  it("applies De Morgan to and / or, all the way down", () => {
    const built = filter.and(filter.eq("a", 1), filter.or(filter.lt("b", 2), filter.hasField("c")));
    expect(text(filter.not(built))).toBe("(a != 1) OR ((b >= 2) AND (HAS NOT FIELD c))");
    expect(text(filter.not(filter.or(filter.eq("a", 1), filter.eq("b", 2))))).toBe(
      "(a != 1) AND (b != 2)",
    );
  });

  it("undoes itself", () => {
    const built = filter.or(
      filter.glob("t", "x"),
      filter.and(filter.eq("a", "'"), filter.notIn("b", [1])),
    );
    expect(text(filter.not(filter.not(built)))).toBe(text(built));
  });

  it("rejects a string", () => {
    expect(() => filter.not("a = 1" as never)).toThrow(
      expect.objectContaining({ field: "filter" }),
    );
  });
});

describe("hostile values stay literals", () => {
  it.each([
    ["' OR 1=1 --", "name = '\\' OR 1=1 --'"],
    ["x') OR (a = 'a", "name = 'x\\') OR (a = \\'a'"],
    ["it''s", "name = 'it\\'\\'s'"],
    ['say "hi"', `name = 'say "hi"'`],
    ["back\\slash\\", "name = 'back\\\\slash\\\\'"],
    ["\\'", "name = '\\\\\\''"],
    ["\\n", "name = '\\\\n'"],
    ["1 AND b = 2", "name = '1 AND b = 2'"],
    [")", "name = ')'"],
    ["", "name = ''"],
    ["line\nbreak", "name = 'line\nbreak'"],
  ])("%j", (value, expected) => {
    const built = text(filter.eq("name", value));
    expect(built).toBe(expected);
    expect(readString(built.slice("name = ".length))).toEqual([value, ""]);
  });

  it("round-trips any string through the grammar, alone and in lists", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string(), (a, b) => {
        const [value, rest] = readString(text(filter.glob("f", a)).slice("f GLOB ".length));
        expect([value, rest]).toEqual([a, ""]);
        const list = text(filter.notIn("f", [a, b])).slice("f NOT IN (".length);
        const [first, afterFirst] = readString(list);
        const [second, afterSecond] = readString(afterFirst.slice(", ".length));
        expect([first, afterFirst.slice(0, 2), second, afterSecond]).toEqual([a, ", ", b, ")"]);
      }),
    );
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    "rejects the number %s",
    (n) => {
      expect(() => filter.eq("a", n)).toThrow(expect.objectContaining({ field: "value" }));
      expect(() => filter.in("a", [1, n])).toThrow(expect.objectContaining({ field: "value" }));
    },
  );

  it.each([null, undefined, {}, [], 1n, Symbol("x"), () => 1])("rejects the value %s", (v) => {
    expect(() => filter.eq("a", v as never)).toThrow(ValidationError);
  });

  it("rejects an empty list", () => {
    expect(() => filter.in("a", [])).toThrow(expect.objectContaining({ field: "values" }));
    expect(() => filter.notIn("a", [])).toThrow(ValidationError);
  });
});

describe("field paths", () => {
  it.each([
    "a",
    "_x",
    "X1",
    "a.b.c",
    "tags[0]",
    "tags[#-1]",
    "a[0].b[#-12].c",
    "index",
    "orders",
    "has_field",
    "notes",
    "truth",
    "in2",
  ])("accepts %j", (field) => {
    expect(text(filter.hasField(field))).toBe(`HAS FIELD ${field}`);
  });

  it.each([
    "",
    "1a",
    "a b",
    "a = 1 OR b",
    "a'",
    "a)",
    "(a",
    "a..b",
    "a.",
    ".a",
    "a[-1]",
    "a[#1]",
    "a[#-]",
    "a[x]",
    "a[0",
    "a-b",
    "a\nb",
    "ä",
    "and",
    "OR",
    "Not",
    "in",
    "glob",
    "contains",
    "has",
    "field",
    "true",
    "FALSE",
    "and.b",
    "has[0]",
  ])("rejects %j in every builder", (field) => {
    for (const build of [
      () => filter.eq(field, 1),
      () => filter.lt(field, 1),
      () => filter.glob(field, "x"),
      () => filter.in(field, [1]),
      () => filter.contains(field, 1),
      () => filter.hasField(field),
      () => filter.hasNotField(field),
    ]) {
      expect(build).toThrow(expect.objectContaining({ name: "ValidationError", field: "field" }));
    }
  });
});

describe("a built expression", () => {
  it("serialises as its text in JSON and in templates", () => {
    const built = filter.eq("a", "b");
    expect(JSON.stringify({ filter: built })).toBe(`{"filter":"a = 'b'"}`);
    expect(`${built}`).toBe("a = 'b'");
  });
});

describe("order comparisons", () => {
  it.each([
    ["lt", filter.lt],
    ["lte", filter.lte],
    ["gt", filter.gt],
    ["gte", filter.gte],
  ] as const)("%s refuses a string or a boolean at run time", (name, build) => {
    for (const value of ["1990", true]) {
      expect(() => build("year", value as never)).toThrow(
        expect.objectContaining({
          name: "ValidationError",
          field: "value",
          message: expect.stringContaining(`${name} compares numbers`),
        }),
      );
    }
  });

  it("takes only numbers in its types", () => {
    // @ts-expect-error order comparisons take numbers only
    expect(() => filter.gt("year", "1990")).toThrow(ValidationError);
    // @ts-expect-error order comparisons take numbers only
    expect(() => filter.lte("year", false)).toThrow(ValidationError);
    expect(text(filter.gt("year", 1990))).toBe("year > 1990");
  });
});
