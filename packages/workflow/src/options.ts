import type { ClientOptions } from "@x/core";
import type { FlowControl } from "./flow-control";
import type { operations } from "./generated/schema";

type Trigger = operations["triggerWorkflow"];

/** What `trigger` resolves to: the 200 body of the spec's `triggerWorkflow` operation. */
export type TriggerResult = Trigger["responses"][200]["content"]["application/json"];

/** Header names the client may send: the spec's `Svc-*` parameters and its two wildcard families. */
export type SvcHeader =
  | keyof NonNullable<Trigger["parameters"]["header"]>
  | `Svc-${"" | "Failure-Callback-"}Forward-${string}`;

/** Regions of the service; each has its own base address. */
export type Region = "us-east-1" | "eu-central-1";

/** Headers given as a record or a `Headers` object. */
export type HeaderMap = Record<string, string> | Headers;

export interface WorkflowClientOptions extends ClientOptions {
  /** Base address; overrides `region` (a dev server, a proxy). */
  baseUrl?: string;
  /** Region whose address to use when `baseUrl` is not given; default `eu-central-1`. */
  region?: Region;
  /** Send the token as `Authorization: Bearer` (default) or as the `svc_token` query parameter. */
  tokenIn?: "header" | "query";
}

/** What `trigger` sends: the workflow's `url`, its payload, and the run's `Svc-*` options. */
export interface TriggerOptions {
  /** Absolute http(s) URL of the workflow to run. */
  url: string;
  /**
   * Payload passed to the workflow unchanged: a string is sent as `text/plain`, bytes
   * (`Uint8Array`, `ArrayBuffer`, `Blob`) as `application/octet-stream`, anything else as JSON.
   */
  body?: unknown;
  /** Content type of `body`, instead of the one chosen from its kind. */
  contentType?: string;
  /** Id of the run instead of a random one; also makes the trigger safe to retry. */
  runId?: string;
  /** Headers the workflow receives with the payload (`Svc-Forward-<Name>`). */
  headers?: HeaderMap;
  /** Retries of failed workflow steps on the service (default 3); not HTTP retries. */
  retries?: number;
  /** Delay before delivery: `"10s"`, `"1d10h30m"`, or a number of seconds. */
  delay?: string | number;
  /** Earliest delivery: a Date (rounded up to the second) or Unix seconds. Wins over `delay`. */
  notBefore?: Date | number;
  /** Label(s) for logs and the dead letter queue; no commas. */
  labels?: string | string[];
  /** Limits shared by all runs with the same key. */
  flowControl?: FlowControl;
  /** Where to report a run whose retries are exhausted, with optional headers. */
  failureCallback?:
    | string
    | {
        /** The absolute http(s) URL to report to (`Svc-Failure-Callback`). */
        url: string;
        /** Headers sent with the report (`Svc-Failure-Callback-Forward-<Name>`). */
        headers?: HeaderMap;
      };
  /** Milliseconds between step retries, e.g. `"1000 * pow(2, retried)"`. */
  retryDelay?: string;
  /** Aborts the request. */
  signal?: AbortSignal;
}
