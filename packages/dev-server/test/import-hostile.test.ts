// `dev.vector.importFrom` from a hostile live service (issue 49, defects 3, 4, 5, 6, 8):
// what it reads of an answer is bounded before anything parses it, the dev server it runs
// in answers meanwhile, live text reaches no message unfiltered, and neither the records
// nor the cursors the service sends can run on for ever.
import { describe, expect, it } from "vitest";
import { hostileLive, info, json, type LiveRequest, page, stream } from "./hostile-live.js";
import { contents, devServer, LIVE_TOKEN } from "./import-harness.js";

const dense = { type: "DENSE" as const, dimension: 4, metric: "COSINE" as const };

async function local() {
  return devServer({ vector: dense });
}

/** What importFrom rejected with. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

const limitOf = (request: LiveRequest) => (JSON.parse(request.body) as { limit: number }).limit;
const cursorOf = (request: LiveRequest) => (JSON.parse(request.body) as { cursor: unknown }).cursor;

describe("importFrom reads a live answer within bounds (defect 3)", () => {
  it("stops reading a range page nested past 256 levels, once, and GET /info is answered meanwhile", async () => {
    const dev = await local();
    const total = 8 * 1024 * 1024;
    let answered: number | undefined;
    let written: Promise<number> | undefined;
    const live = await hostileLive((request, res) => {
      if (request.path === "/info") return json(res, info({ "": 1 }));
      // The reproduction's page: 8 MiB nested as deep as it goes; after its first 64 KiB the
      // live side asks the dev server for its info, and waits for the answer.
      written = stream(res, '{"result":{"nextCursor":"","vectors":', "[", total, 200, async () => {
        const answer = await fetch(`${dev.vectorUrl}/info`, {
          headers: { authorization: `Bearer ${dev.token}` },
        });
        answered = answer.status;
      });
    });
    const error = await failure(dev.vector.importFrom({ url: live.url, token: LIVE_TOKEN }));
    expect(error.name).toBe("OffSpecAnswerError");
    expect(error.message).toContain(
      'the live service\'s answer to range of namespace "" nests deeper than 256 levels, and was refused before it was parsed',
    );
    // It hung up at the first byte past the bound: the rest was never sent.
    expect(await written).toBeLessThan(total);
    expect(answered).toBe(200);
    expect(live.of("/range")).toHaveLength(1);
  });

  it("reads at most 64 KiB of a 24 MB error body, and quotes none of it but its error line", async () => {
    const dev = await local();
    const total = 24 * 1024 * 1024;
    let written: Promise<number> | undefined;
    const live = await hostileLive((request, res) => {
      if (request.path === "/info") return json(res, info({ "": 1 }));
      written = stream(res, '{"error":[', '"a",', total, 500);
    });
    const error = await failure(
      dev.vector.importFrom({ url: live.url, token: LIVE_TOKEN, maxRetries: 0 }),
    );
    expect(error.name).toBe("InternalServerError");
    expect(error.message).toBe(
      "500 its error body is over 65536 bytes, not read further. The service failed; retry later.",
    );
    expect(await written).toBeLessThan(total);
  });

  it("asks again at half the size for a page over 300,000 items, and imports every record", async () => {
    const dev = await local();
    const live = await hostileLive((request, res) => {
      if (request.path === "/info") return json(res, info({ "": 100 }));
      const limit = limitOf(request);
      // Over 50 records the answer holds one item too many: refused before it is parsed.
      if (limit > 50) {
        return json(res, `{"result":{"nextCursor":"x","vectors":[${"0,".repeat(300_000)}0]}}`);
      }
      const from = Number(cursorOf(request));
      const n = Math.min(limit, 100 - from);
      json(res, page(from + n >= 100 ? "" : String(from + n), n, from));
    });
    const result = await dev.vector.importFrom({ url: live.url, token: LIVE_TOKEN });
    expect(result).toEqual({ namespaces: 1, records: 100 });
    expect(live.of("/range").map(limitOf)).toEqual([1000, 500, 250, 125, 63, 32, 32, 32, 32]);
  });
});

describe("importFrom is bounded by what the live index said (defects 5, 6)", () => {
  it("stops once a namespace sends more records than info counted, a tenth more and a page", async () => {
    const dev = await local();
    const live = await hostileLive((request, res, i) => {
      if (request.path === "/info") return json(res, info({ "": 1 }));
      json(res, page(`c${i}`, 10, i * 10));
    });
    const error = await failure(
      dev.vector.importFrom({ url: live.url, token: LIVE_TOKEN, pageSize: 10 }),
    );
    expect(error.message).toContain(
      'the live index sent more than 12 records of namespace "", where its info counted 1',
    );
    expect(live.of("/range")).toHaveLength(2);
    expect((await contents(dev))[""]).toHaveLength(10);
  });

  it("refuses a dimension the dev server cannot take before it builds anything", async () => {
    const dev = await local();
    const live = await hostileLive((_, res) => json(res, info({ "": 1 }, { dimension: 1e300 })));
    const error = await failure(dev.vector.importFrom({ url: live.url, token: LIVE_TOKEN }));
    expect(error.message).toContain(
      "the live index reports a dimension of 1e+300, where the dev server takes 1 to 65536",
    );
    expect(live.of("/range")).toHaveLength(0);
  });
});

describe("importFrom bounds the cursors it is given (defect 8)", () => {
  it("refuses a nextCursor that is not a string before it keeps it, so the next call starts over", async () => {
    const dev = await local();
    let cursor: unknown = { not: "a string" };
    const live = await hostileLive((request, res) => {
      if (request.path === "/info") return json(res, info({ "": 1 }));
      json(res, page(cursor, 1));
    });
    const error = await failure(dev.vector.importFrom({ url: live.url, token: LIVE_TOKEN }));
    expect(error.name).toBe("OffSpecAnswerError");
    expect(error.message).toContain("gave a nextCursor of type object, not a string");
    cursor = "";
    expect(await dev.vector.importFrom({ url: live.url, token: LIVE_TOKEN })).toEqual({
      namespaces: 1,
      records: 1,
    });
    expect(live.of("/range").map(cursorOf)).toEqual(["0", "0"]);
  });

  it("refuses a cursor over 1024 characters", async () => {
    const dev = await local();
    const live = await hostileLive((request, res, i) => {
      if (request.path === "/info") return json(res, info({ "": 1000 }));
      json(res, page(`${"c".repeat(4 * 1024 * 1024)}${i}`, 1, i));
    });
    const error = await failure(dev.vector.importFrom({ url: live.url, token: LIVE_TOKEN }));
    expect(error.message).toContain("gave a nextCursor of 4194305 characters, over 1024");
    expect(live.of("/range")).toHaveLength(1);
  });

  it("stops after 16 empty pages in a row, each with a fresh cursor", async () => {
    const dev = await local();
    const live = await hostileLive((request, res, i) => {
      if (request.path === "/info") return json(res, info({ "": 5 }));
      json(res, page(`fresh-${i}`, 0));
    });
    const error = await failure(dev.vector.importFrom({ url: live.url, token: LIVE_TOKEN }));
    expect(error.message).toContain("answered 17 empty pages in a row, each with a new cursor");
    expect(live.of("/range")).toHaveLength(17);
  });
});

describe("importFrom's messages are printable (defect 4)", () => {
  it("quotes a live value without its escapes or the token", async () => {
    const dev = await local();
    const hostile = `\u001b]0;${LIVE_TOKEN}\u0007\u001b[2J${encodeURIComponent(LIVE_TOKEN)}`;
    const live = await hostileLive((_, res) => json(res, info({ "": 1 }, { indexType: hostile })));
    const error = await failure(dev.vector.importFrom({ url: live.url, token: LIVE_TOKEN }));
    expect(error.message).toContain("the live index reports indexType");
    expect(error.message).not.toContain(LIVE_TOKEN);
    expect(error.message).not.toContain(encodeURIComponent(LIVE_TOKEN));
    expect(error.message).not.toContain("\u001b");
    expect(error.message).not.toContain("\u0007");
  });
});
