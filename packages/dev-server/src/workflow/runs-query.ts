import { HttpError } from "../http/errors.js";
import type { Answer } from "../http/serve.js";
import type { RunState, RunStore, RunView } from "./runs.js";

/** What `GET /v2/dev/runs` may be asked to narrow the listing to. */
export interface RunsFilter {
  state?: RunState;
  label?: string;
  /** Keep only the most recent runs, still oldest first. */
  limit?: number;
}

/** Every run state, in the order a run moves through them. */
export const RUN_STATES: readonly RunState[] = [
  "scheduled",
  "waiting",
  "delivering",
  "retrying",
  "succeeded",
  "callback-delivering",
  "callback-retrying",
  "callback-succeeded",
  "callback-failed",
  "cancelled",
];

/**
 * The most runs one listing holds: `?limit=` goes up to it, and a listing without `limit`
 * that would hold more is refused (a 400 naming it), so an answer stays a bounded size.
 */
export const MAX_RUNS_LIMIT = 1000;

/** A query parameter the listing cannot honour; answered as a 400. */
class RunsQueryError extends Error {}

function readState(value: string): RunState {
  const state = RUN_STATES.find((known) => known === value);
  if (state === undefined) {
    throw new RunsQueryError(`state: must be one of ${RUN_STATES.join(", ")} (got "${value}")`);
  }
  return state;
}

function readLabel(value: string): string {
  if (value === "") throw new RunsQueryError("label: must not be empty");
  return value;
}

function readLimit(value: string): number {
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_RUNS_LIMIT) {
    throw new RunsQueryError(
      `limit: must be an integer from 1 to ${MAX_RUNS_LIMIT} (got "${value}")`,
    );
  }
  return limit;
}

// svc_token is the service's own way to carry the token; every other name is a mistake.
const KNOWN = new Set(["state", "label", "limit", "svc_token"]);

/** Reads `?state=`, `?label=` and `?limit=`; throws a RunsQueryError naming a bad one. */
export function readRunsFilter(query: URLSearchParams): RunsFilter {
  const filter: RunsFilter = {};
  for (const name of new Set(query.keys())) {
    if (!KNOWN.has(name)) {
      throw new RunsQueryError(`unknown query parameter "${name}"; use state, label or limit`);
    }
    if (query.getAll(name).length > 1) {
      throw new RunsQueryError(`${name}: give it once`);
    }
  }
  const state = query.get("state");
  if (state !== null) filter.state = readState(state);
  const label = query.get("label");
  if (label !== null) filter.label = readLabel(label);
  const limit = query.get("limit");
  if (limit !== null) filter.limit = readLimit(limit);
  return filter;
}

/** The runs the filter keeps, oldest first. */
export function selectRuns(runs: RunView[], filter: RunsFilter): RunView[] {
  const kept = runs.filter(
    (run) =>
      (filter.state === undefined || run.state === filter.state) &&
      (filter.label === undefined || run.labels.includes(filter.label)),
  );
  return filter.limit === undefined ? kept : kept.slice(-filter.limit);
}

/**
 * Answers `GET /v2/dev/runs`: `{ runs }`, or a 400 naming the query parameter at fault, or
 * saying how to narrow a listing of more than `MAX_RUNS_LIMIT` runs.
 */
export function listRuns(query: URLSearchParams, store: RunStore): Answer {
  let filter: RunsFilter;
  try {
    filter = readRunsFilter(query);
  } catch (error) {
    if (!(error instanceof RunsQueryError)) throw error;
    throw new HttpError(400, error.message);
  }
  const runs = selectRuns(store.list(), filter);
  if (runs.length > MAX_RUNS_LIMIT) {
    throw new HttpError(
      400,
      `${runs.length} runs match, over the ${MAX_RUNS_LIMIT} one listing holds; pass limit (1 to ${MAX_RUNS_LIMIT}) for the most recent, or narrow by state or label`,
    );
  }
  return { status: 200, body: { runs } };
}
