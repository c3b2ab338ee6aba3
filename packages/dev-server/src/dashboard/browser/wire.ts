/**
 * The answers of the dev routes, as far as the page reads them. The server's own types
 * (RunView, FaultView, FaultedRequest, the clock route's body) carry Node's, which this code
 * is checked without; test/dashboard-wire.test.ts holds each server type to the one here.
 */

/** One call of a run, in `GET /v2/dev/runs`. */
export interface Attempt {
  kind: string;
  attempt: number;
  startedAt: number;
  finishedAt?: number;
  status?: number;
  error?: string;
  headers: Record<string, string>;
}

/** A run, in `GET /v2/dev/runs`. */
export interface Run {
  workflowRunId: string;
  workflowCreatedAt: number;
  url: string;
  state: string;
  labels: string[];
  retries: number;
  retryDelay?: string;
  flowControl?: object;
  failureCallback: string;
  contentType?: string;
  bodyBytes: number;
  attempts: Attempt[];
  nextAttemptAt?: number;
  traceparent?: string;
}

/** `GET /v2/dev/clock` and `POST /v2/dev/clock`. */
export interface Clock {
  mode: string;
  now: number;
  nextDueAt?: number;
}

/** A fault rule, in `GET /v2/dev/faults`. */
export interface Fault {
  id: string;
  service: string;
  path?: string;
  operation?: string;
  method?: string;
  status?: number;
  delayMs?: number;
  drop?: string;
  times: number | "Infinity";
  hits: number;
}

/** A request a fault was applied to, in `GET /v2/dev/faults`. */
export interface FaultedRequest {
  fault: string;
  service: string;
  method: string;
  path: string;
  outcome: string;
  at: number;
}

/** `GET /v2/dev/faults`: the rules, and the recent requests a fault was applied to. */
export interface FaultList {
  faults: Fault[];
  recent: FaultedRequest[];
}

/** The vector index, in `GET /v2/dev/vector/info`. */
export interface IndexInfo {
  indexType: string;
  dimension: number;
  similarityFunction: string;
  vectorCount: number;
  pendingVectorCount: number;
  indexSize: number;
  namespaces: Record<string, { vectorCount: number; pendingVectorCount: number }>;
}

/** A page of records, in `POST /v2/dev/vector/scan[/ns]`. */
export interface ScanPage {
  vectors: { id: string; metadata?: unknown; data?: string }[];
  nextCursor: string;
}
