import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVector, type VectorHarness } from "./vector-harness.js";

let h: VectorHarness;

const records = [
  {
    id: "m1",
    metadata: {
      genre: "sci-fi",
      year: 2001,
      tags: ["new", "hot"],
      author: { name: "Ann" },
      price: 9,
      flag: true,
      chapters: [{ done: false }, { done: true }],
    },
  },
  {
    id: "m2",
    metadata: {
      genre: "drama",
      year: 1999,
      tags: ["old"],
      author: { name: "Bob" },
      price: 12.5,
      flag: false,
      title: "The Sea",
    },
  },
  {
    id: "m3",
    metadata: {
      genre: "sci-fi",
      year: 2015,
      tags: [],
      title: "The Sky",
      lang: "de",
      quote: "it's",
    },
  },
  { id: "m4" },
  {
    id: "m5",
    metadata: { genre: "Sci-Fi", year: "2001", title: "Athens", lang: "en", path: "a\\b" },
  },
];

beforeAll(async () => {
  h = await startVector({ vector: { dimension: 2, metric: "COSINE" } });
  await h.upsert(records.map((r) => ({ ...r, vector: [1, 0] })));
});
afterAll(() => h.close());

async function ids(filter: string): Promise<string[]> {
  const answer = await h.post("/query", { vector: [1, 0], topK: 100, filter });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.map((r: { id: string }) => r.id).sort();
}

describe("filter operators", () => {
  it.each([
    ["genre = 'sci-fi'", ["m1", "m3"]],
    // a condition on a missing field is false, != included
    ["genre != 'sci-fi'", ["m2", "m5"]],
    ["year < 2001", ["m2"]],
    // "2001" (a string) never compares with a number
    ["year <= 2001", ["m1", "m2"]],
    ["year > 2001", ["m3"]],
    ["year >= 2001", ["m1", "m3"]],
    ["year = '2001'", ["m5"]],
    ["price < 9.5", ["m1"]],
    ["price >= -1e3", ["m1", "m2"]],
    ["genre > 'drama'", ["m1", "m3"]],
    ["title GLOB 'The *'", ["m2", "m3"]],
    ["title NOT GLOB 'The *'", ["m5"]],
    ["title GLOB '[A-Z]then?'", ["m5"]],
    ["title GLOB 'The S[^k]*'", ["m2"]],
    ["title GLOB 'The S[!e]y'", ["m3"]],
    ["title GLOB 'the *'", []],
    ["lang IN ('de', 'fr')", ["m3"]],
    ["lang NOT IN ('de', 'fr')", ["m5"]],
    ["year IN (1999, 2015)", ["m2", "m3"]],
    ["tags CONTAINS 'new'", ["m1"]],
    ["tags NOT CONTAINS 'new'", ["m2", "m3"]],
    ["HAS FIELD author.name", ["m1", "m2"]],
    ["HAS NOT FIELD author", ["m3", "m4", "m5"]],
    ["chapters[#-1].done = true", ["m1"]],
    ["chapters[0].done = false", ["m1"]],
    ["chapters[2].done = false", []],
    ["tags[0] = 'old'", ["m2"]],
    ["tags[#-2] = 'new'", ["m1"]],
    ["flag = true", ["m1"]],
    ["flag = FALSE", ["m2"]],
    ["flag != true", ["m2"]],
    ["genre = 'drama' OR genre = 'sci-fi' AND year > 2001", ["m2", "m3"]],
    ["(genre = 'drama' OR genre = 'sci-fi') AND year > 2001", ["m3"]],
    ["genre = 'sci-fi' and has field tags or Genre = 'x'", ["m1", "m3"]],
    ['genre = "drama"', ["m2"]],
    ["quote = 'it''s'", ["m3"]],
    ["quote = 'it\\'s'", ["m3"]],
    [`quote = "it's"`, ["m3"]],
    ["path = 'a\\\\b'", ["m5"]],
    ["", ["m1", "m2", "m3", "m4", "m5"]],
    ["  ", ["m1", "m2", "m3", "m4", "m5"]],
  ])("%s", async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });
});

describe("filter syntax errors name the position", () => {
  it.each([
    ["genre = ", 9, "expected a value"],
    ["genre == 'x'", 8, "expected a value"],
    ["genre 'x'", 7, "expected an operator"],
    ["(genre = 'x'", 13, 'expected ")"'],
    ["genre = 'abc", 9, "unterminated string"],
    ["year > true", 8, "booleans compare only with = and !="],
    ["title GLOB 5", 12, "quoted glob pattern"],
    ["title GLOB 'a[b'", 12, 'the "[" at character 2 of the pattern is never closed'],
    ["title GLOB '[z-a]'", 12, "ends before it starts"],
    ["tags[#1] = 'a'", 7, 'expected "-"'],
    ["tags[x] = 'a'", 6, "non-negative integer index"],
    ["a = 1 b = 2", 7, "expected AND, OR or the end"],
    ["a = 1 AND", 10, "expected a field name"],
    ["a NOT = 1", 7, "GLOB, IN or CONTAINS after NOT"],
    ["a IN ()", 7, "expected a value"],
    ["a = @", 5, "unexpected character"],
    ["HAS FIELD", 10, "expected a field name"],
    ["genre = sci", 9, `found "sci"; a string value is quoted: write 'sci'`],
    ["genre IN ('drama', sci)", 20, `found "sci"; a string value is quoted: write 'sci'`],
    ["title GLOB The", 12, `found "The"; a string value is quoted: write 'The'`],
    // The advice quotes the whole word, not the first token of it.
    ["genre = sci-fi", 9, `found "sci-fi"; a string value is quoted: write 'sci-fi'`],
    [
      "genre IN ('drama', sci-fi.2)",
      20,
      `found "sci-fi.2"; a string value is quoted: write 'sci-fi.2'`,
    ],
    ["genre = sci-fi AND year = 1", 9, `write 'sci-fi'`],
  ])("%s", async (filter, position, words) => {
    const answer = await h.post("/query", { vector: [1, 0], filter });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(`position ${position}`);
    expect(answer.body.error).toContain(words);
  });
});
