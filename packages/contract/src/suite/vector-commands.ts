// fast-check commands over the vector emulator and its model (vector-model.ts). Each write
// goes to the emulator's routes as a client of the real service sends it, each read is
// compared with what the model says, and every answer of a spec route is checked against the
// spec (vector-http.ts).
import type fc from "fast-check";
import { expect } from "vitest";
import { opPath, type VectorHost, vectorCall } from "./vector-http.js";
import {
  filterText,
  float32,
  type ModelFilter,
  type ModelRecord,
  type VectorModel,
} from "./vector-model.js";

type Command = fc.AsyncCommand<VectorModel, VectorHost>;
type Input = Omit<ModelRecord, "readyAt">;
type Include = { includeMetadata: boolean; includeVectors: boolean; includeData: boolean };
type Out = { id: string; vector?: number[]; metadata?: unknown; data?: string; score?: number };

/** Float32 scores of 3-dimensional vectors are within a few ulps of float64's; 1e-5 is far above that. */
const SCORE_TOLERANCE = 1e-5;

const show = (value: unknown) => JSON.stringify(value);

/** A record as the emulator should return it with these include flags. */
function expectRecord(out: Out, record: ModelRecord, include: Include): void {
  expect(out.id).toBe(record.id);
  if (include.includeVectors) {
    expect(out.vector?.map(float32), `vector of ${record.id}`).toEqual(record.vector);
  } else expect(out.vector).toBeUndefined();
  const metadata = include.includeMetadata ? record.metadata : undefined;
  expect(out.metadata, `metadata of ${record.id}`).toEqual(metadata);
  expect(out.data, `data of ${record.id}`).toBe(include.includeData ? record.data : undefined);
}

export class Upsert implements Command {
  constructor(
    readonly namespace: string,
    readonly records: Input[],
  ) {}
  check = () => true;
  async run(model: VectorModel, host: VectorHost) {
    const answer = await vectorCall(host, opPath("upsert", this.namespace), this.records);
    expect(answer).toEqual({ status: 200, body: { result: "Success" } });
    model.upsert(this.namespace, this.records);
  }
  toString = () => `upsert(${show(this.namespace)}, ${show(this.records.map((r) => r.id))})`;
}

export type DeleteBy = { ids: string[] } | { prefix: string } | { filter: ModelFilter };

export class Delete implements Command {
  constructor(
    readonly namespace: string,
    readonly by: DeleteBy,
  ) {}
  check = () => true;
  async run(model: VectorModel, host: VectorHost) {
    const body = "filter" in this.by ? { filter: filterText(this.by.filter) } : this.by;
    const answer = await vectorCall(host, opPath("delete", this.namespace), body);
    const deleted = model.delete(this.namespace, this.by);
    if (deleted === undefined) expect(answer.status).toBe(404);
    else expect(answer).toEqual({ status: 200, body: { result: { deleted } } });
  }
  toString = () => `delete(${show(this.namespace)}, ${show(this.by)})`;
}

export class Reset implements Command {
  constructor(readonly namespace: string | "all") {}
  check = () => true;
  async run(model: VectorModel, host: VectorHost) {
    const path = this.namespace === "all" ? "/reset?all" : opPath("reset", this.namespace);
    const answer = await vectorCall(host, path, {});
    if (model.reset(this.namespace)) {
      expect(answer).toEqual({ status: 200, body: { result: "Success" } });
    } else expect(answer.status).toBe(404);
  }
  toString = () => `reset(${show(this.namespace)})`;
}

export class Advance implements Command {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: VectorModel, host: VectorHost) {
    host.time += this.ms;
    model.now += this.ms;
  }
  toString = () => `advance(${this.ms})`;
}

export class Info implements Command {
  check = () => true;
  async run(model: VectorModel, host: VectorHost) {
    const answer = await vectorCall(host, "/info");
    expect(answer.status).toBe(200);
    const info = (answer.body as { result: Record<string, unknown> }).result;
    const counts = model.counts();
    const totals = Object.values(counts);
    expect(info.namespaces).toEqual(counts);
    expect(info.vectorCount).toBe(totals.reduce((sum, c) => sum + c.vectorCount, 0));
    expect(info.pendingVectorCount).toBe(totals.reduce((sum, c) => sum + c.pendingVectorCount, 0));
    expect(info.similarityFunction).toBe(model.metric);
  }
  toString = () => "info()";
}

export class Query implements Command {
  constructor(
    readonly namespace: string,
    readonly vector: number[],
    readonly topK: number,
    readonly filter: ModelFilter | undefined,
    readonly include: Include,
  ) {}
  check = () => true;
  async run(model: VectorModel, host: VectorHost) {
    const body = {
      vector: this.vector,
      topK: this.topK,
      ...(this.filter === undefined ? {} : { filter: filterText(this.filter) }),
      ...this.include,
    };
    const answer = await vectorCall(host, opPath("query", this.namespace), body);
    if (!model.namespaces.has(this.namespace)) {
      expect(answer.status).toBe(404);
      return;
    }
    expect(answer.status).toBe(200);
    const results = (answer.body as { result: Out[] }).result;
    const ranked = model.ranked(this.namespace, this.vector, this.filter);
    expectRanking(results, ranked, this.topK);
    const byId = new Map(ranked.map((r) => [r.record.id, r.record]));
    for (const out of results)
      expectRecord({ ...out, score: undefined }, byId.get(out.id)!, this.include);
  }
  toString = () =>
    `query(${show(this.namespace)}, ${show(this.vector)}, topK ${this.topK}, ${show(this.filter)}, ${show(this.include)})`;
}

/**
 * The answer is a best-first list of the right length, and a top-K of the model's ranking:
 * each score is the model's within the tolerance, and no record left out scores above the
 * lowest one returned by more than the tolerance. Records tied within it may come in any order.
 */
function expectRanking(
  results: Out[],
  ranked: { record: ModelRecord; score: number }[],
  topK: number,
): void {
  expect(results.length).toBe(Math.min(topK, ranked.length));
  const model = new Map(ranked.map((r) => [r.record.id, r.score]));
  const ids = results.map((r) => r.id);
  expect(new Set(ids).size, `ids repeat in ${show(ids)}`).toBe(ids.length);
  for (const [i, out] of results.entries()) {
    const expected = model.get(out.id);
    expect(expected, `${out.id} is not a record the query may return`).toBeDefined();
    expect(Math.abs((out.score ?? Number.NaN) - (expected ?? 0))).toBeLessThanOrEqual(
      SCORE_TOLERANCE,
    );
    if (i > 0)
      expect(out.score).toBeLessThanOrEqual(results[i - 1]?.score ?? Number.POSITIVE_INFINITY);
  }
  if (results.length === 0) return;
  const lowest = Math.min(...ids.map((id) => model.get(id) ?? 0));
  const returned = new Set(ids);
  for (const { record, score } of ranked) {
    if (returned.has(record.id)) continue;
    expect(score, `${record.id} scores above a returned record`).toBeLessThanOrEqual(
      lowest + SCORE_TOLERANCE,
    );
  }
}

export class Fetch implements Command {
  constructor(
    readonly namespace: string,
    readonly by: { ids: string[] } | { prefix: string } | { ids: string[]; prefix: string },
    readonly include: Include,
  ) {}
  check = () => true;
  async run(model: VectorModel, host: VectorHost) {
    const answer = await vectorCall(host, opPath("fetch", this.namespace), {
      ...this.by,
      ...this.include,
    });
    const records = model.records(this.namespace);
    // A fetch takes exactly one of ids and prefix; both is a 400.
    if ("ids" in this.by && "prefix" in this.by) {
      expect(answer.status).toBe(400);
      return;
    }
    if (records === undefined) {
      expect(answer.status).toBe(404);
      return;
    }
    expect(answer.status).toBe(200);
    const result = (answer.body as { result: (Out | null)[] }).result;
    const byId = new Map(records.map((r) => [r.id, r]));
    if ("ids" in this.by) {
      expect(result.length).toBe(this.by.ids.length);
      for (const [i, id] of this.by.ids.entries()) {
        const record = byId.get(id);
        if (record === undefined) expect(result[i], `fetch of missing ${id}`).toBeNull();
        else expectRecord(result[i] as Out, record, this.include);
      }
      return;
    }
    const { prefix } = this.by;
    // The order of a prefix fetch is not stated; the set of records is.
    const expected = records.filter((r) => r.id.startsWith(prefix)).map((r) => r.id);
    expect(result.map((r) => r?.id).sort()).toEqual(expected.sort());
    for (const out of result) expectRecord(out as Out, byId.get((out as Out).id)!, this.include);
  }
  toString = () => `fetch(${show(this.namespace)}, ${show(this.by)}, ${show(this.include)})`;
}

/**
 * Pages through a namespace from cursor "0" to nextCursor "": the pages hold every record
 * (with the prefix) once, in insertion order, each page full but the last.
 */
export class RangeWalk implements Command {
  constructor(
    readonly namespace: string,
    readonly prefix: string | undefined,
    readonly limit: number,
    readonly include: Include,
  ) {}
  check = () => true;
  async run(model: VectorModel, host: VectorHost) {
    const records = model.records(this.namespace);
    const expected = (records ?? []).filter((r) => r.id.startsWith(this.prefix ?? ""));
    const pages: Out[][] = [];
    let cursor = "0";
    // A walk that does not end within one page past the records is a defect, not a wait.
    const maxPages = Math.ceil(expected.length / this.limit) + 1;
    do {
      const answer = await vectorCall(host, opPath("range", this.namespace), {
        cursor,
        limit: this.limit,
        ...(this.prefix === undefined ? {} : { prefix: this.prefix }),
        ...this.include,
      });
      if (records === undefined) {
        expect(answer.status).toBe(404);
        return;
      }
      expect(answer.status).toBe(200);
      const page = (answer.body as { result: { nextCursor: string; vectors: Out[] } }).result;
      pages.push(page.vectors);
      cursor = page.nextCursor;
      expect(pages.length, `range did not end after ${maxPages} pages`).toBeLessThanOrEqual(
        maxPages,
      );
    } while (cursor !== "");
    for (const page of pages.slice(0, -1)) expect(page.length).toBe(this.limit);
    const walked = pages.flat();
    expect(walked.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    for (const [i, out] of walked.entries()) expectRecord(out, expected[i]!, this.include);
  }
  toString = () =>
    `rangeWalk(${show(this.namespace)}, prefix ${show(this.prefix)}, limit ${this.limit}, ${show(this.include)})`;
}
