import type { ServiceName } from "@x/openapi-check";

/** Plain data as a case file holds it (YAML or JSON). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One protocol table: a file under `cases/`. */
export interface CaseFile {
  service: ServiceName;
  /** Client constructor options shared by every case (token, baseUrl, ...). */
  client?: Record<string, Json>;
  /**
   * Lower-case header-name prefix (e.g. "svc-") whose headers must all be listed in a
   * request's `headers`: any other header of that family fails the case.
   */
  exactHeaderPrefix?: string;
  cases: ProtocolCase[];
}

export interface ProtocolCase {
  name: string;
  /** Constructor options merged over the file's. */
  client?: Record<string, Json>;
  /** Vector only: call through `index.namespace(namespace)`. */
  namespace?: string;
  /** Method name; `rangeAll` and `rangeAll.pages` collect the iteration into an array. */
  call: string;
  /**
   * Arguments, decoded: `{ $bytes: base64 }` is a Uint8Array, `{ $date: iso }` a Date,
   * `{ $headers: {...} }` a Headers object, `{ $aborted: reason }` an aborted AbortSignal,
   * `{ $filter: [op, ...args] }` a filter built with `filter[op](...args)`.
   */
  args?: Json[];
  /** Shorthand for one exchange. */
  request?: RequestExpect;
  response?: ResponseData;
  /** Each request the call sends, in order, and the canned answer to it. Empty: nothing may be sent. */
  exchanges?: Exchange[];
  /** The call resolves to exactly this (deep equality). */
  result?: Json;
  /** Or it rejects with this. */
  error?: ErrorExpect;
}

export interface Exchange {
  request: RequestExpect;
  response: ResponseData;
}

export interface RequestExpect {
  method: string;
  /** The raw URL exactly as the Request carries it. */
  url?: string;
  /** The raw (still encoded) pathname. */
  path?: string;
  /** Every query parameter, exactly (decoded); `{}` means none. */
  query?: Record<string, string>;
  /** Headers that must be present with exactly these values (names case-insensitive). */
  headers?: Record<string, string>;
  /** Headers that must not be present. */
  absent?: string[];
  /** Absent or null: the request has no body. */
  body?: BodyExpect | null;
}

export type BodyExpect = { json: Json } | { text: string } | { bytes: Json };

export interface ResponseData {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON with content-type application/json. */
  json?: Json;
  /** Sent as is (content-type from `headers`). */
  text?: string;
  /**
   * The spec does not allow this response (an undeclared 503 the transport retries, a 200
   * that is not JSON); the runner then checks that the spec really rejects it.
   */
  offSpec?: boolean;
  /**
   * The spec allows this status only by the operation's `default` answer (a 429, a 503 with
   * the error object); the runner then checks that the operation lists no such status. Any
   * other status must be one the operation lists, so a status the spec renames is caught.
   */
  byDefault?: boolean;
}

export interface ErrorExpect {
  /** Class name, e.g. "BadRequestError". */
  name: string;
  /** A substring of the message. */
  message?: string;
  status?: number;
  /** ValidationError's field. */
  field?: string;
  /** A substring of the message of the error's `cause` (an AbortError's is the signal's reason). */
  cause?: string;
}
