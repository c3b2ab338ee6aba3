// Checks run before a request is sent, so a mistake names its field instead of
// coming back as a 400 (or worse, a silently wrong answer).
import { invalid } from "@x/core";
import { BUILT, isFilter } from "./filter";
import type { Query } from "./types";

export function positive(value: unknown, field: string, optional?: boolean): void {
  if (!(optional && value === undefined) && !(Number.isInteger(value) && (value as number) > 0)) {
    invalid(field, "must be a positive integer");
  }
}

function each(list: unknown, field: string, ok: (x: unknown) => boolean, rule: string): void {
  if (!Array.isArray(list)) invalid(field, "must be an array");
  list.forEach((x: unknown, i) => {
    if (!ok(x)) invalid(`${field}[${i}]`, rule);
  });
}

function oneOf(value: unknown, field: string, allowed: string[]): void {
  if (value !== undefined && !allowed.includes(value as string)) {
    invalid(field, `must be ${allowed.join(" or ")}`);
  }
}

const FINITE = "must be a finite number";

/** `at` prefixes field names, e.g. `queries[1].` inside a batch. */
export function checkQuery(q: Query, at = ""): void {
  if (!q?.vector && !q?.sparseVector) invalid(`${at}vector`, "give vector, sparseVector or both");
  if (q.vector) each(q.vector, `${at}vector`, Number.isFinite, FINITE);
  const sparse = q.sparseVector;
  if (sparse) {
    const field = `${at}sparseVector`;
    const { indices, values } = sparse;
    each(
      indices,
      `${field}.indices`,
      (i) => Number.isInteger(i) && (i as number) >= 0,
      "must be a non-negative integer",
    );
    each(values, `${field}.values`, Number.isFinite, FINITE);
    if (indices.length !== values.length)
      invalid(field, "indices and values must have the same length");
    if (new Set(indices).size < indices.length)
      invalid(`${field}.indices`, "must not repeat an index");
  }
  positive(q.topK, `${at}topK`, true);
  oneOf(q.weightingStrategy, `${at}weightingStrategy`, ["IDF"]);
  oneOf(q.fusionAlgorithm, `${at}fusionAlgorithm`, ["RRF", "DBSF"]);
  if (q.filter != null && typeof q.filter !== "string" && !isFilter(q.filter)) {
    invalid(`${at}filter`, `must be a string or ${BUILT}`);
  }
}
