import type { ClientOptions } from "@x/core";
import type { SuccessResponseJSON } from "openapi-typescript-helpers";
import type { FlowControl } from "./flow-control";
import type { serverVariables } from "./generated/requests";
import type { components, operations } from "./generated/schema";

/** The spec's `triggerWorkflow` operation, which every type below is read from. */
export type Trigger = operations["triggerWorkflow"];

/** The spec's `Svc-*` header parameters of a trigger, by name. */
export type TriggerHeaderParams = NonNullable<Trigger["parameters"]["header"]>;

/** The type of one `Svc-*` header parameter. */
type Param<Name extends keyof TriggerHeaderParams> = NonNullable<TriggerHeaderParams[Name]>;

type Payload = components["requestBodies"]["WorkflowPayload"]["content"];

/** The media types the spec lists for a trigger's body. */
type PayloadMediaType = keyof Payload & string;

/**
 * Bytes, sent as they are; the generated type of the `application/octet-stream` body is
 * `string`, which is what the service sees, not what a caller holds.
 */
export type Bytes = Uint8Array | ArrayBuffer | Blob;

/** What `trigger` resolves to: the 200 body of the spec's `triggerWorkflow` operation. */
export type TriggerResult = SuccessResponseJSON<Trigger>;

/** Header names the client may send: the spec's `Svc-*` parameters and its two wildcard families. */
export type SvcHeader =
  | keyof TriggerHeaderParams
  | `Svc-${"" | "Failure-Callback-"}Forward-${string}`;

/** Regions of the service (the spec's `region` server variable); each has its own base address. */
export type Region = (typeof serverVariables.region)[number];

/** Headers given as a record or a `Headers` object. */
export type HeaderMap = Record<string, string> | Headers;

export interface WorkflowClientOptions extends ClientOptions {
  /** Base address; overrides `region` (a dev server, a proxy). Without `/v2/trigger`. */
  baseUrl?: string | undefined;
  /** Region whose address to use when `baseUrl` is not given; default `eu-central-1`. */
  region?: Region | undefined;
  /** Send the token as `Authorization: Bearer` (default) or as the `svc_token` query parameter. */
  tokenIn?: "header" | "query" | undefined;
}

/** The failure callback: a URL, or a URL with headers it receives. */
export interface FailureCallback {
  /** http(s) URL the service calls once a run's retries run out (`Svc-Failure-Callback`). */
  url: Param<"Svc-Failure-Callback">;
  /** Headers the failure callback receives (sent as `Svc-Failure-Callback-Forward-<Name>`). */
  headers?: HeaderMap | undefined;
}

/** The request of `trigger`: the spec's path parameter, body and `Svc-*` headers, by option name. */
export interface TriggerRequest {
  /** Absolute http(s) URL of the workflow to run (the spec's `workflowUrl`). */
  url: Trigger["parameters"]["path"]["workflowUrl"];
  /**
   * Payload passed to the workflow unchanged: a string is sent as `text/plain`, bytes
   * (`Uint8Array`, `ArrayBuffer`, `Blob`) as `application/octet-stream`, a JSON object as
   * `application/json`. Typed `object` rather than the spec's `{ [key: string]: unknown }`,
   * which an `interface` does not satisfy; an array is refused at run time.
   */
  body?: Payload["text/plain"] | Bytes | object | undefined;
  /** Content type of `body`, instead of the one chosen from its kind: one of the spec's three. */
  contentType?: PayloadMediaType | `${PayloadMediaType};${string}` | undefined;
  /** Id of the run instead of a random one; also makes the trigger safe to retry. */
  runId?: Param<"Svc-Workflow-RunId"> | undefined;
  /** Headers the workflow receives with the payload (`Svc-Forward-<Name>`). */
  headers?: HeaderMap | undefined;
  /** Retries of failed workflow steps on the service (default 3); not HTTP retries. */
  retries?: Param<"Svc-Retries"> | undefined;
  /** Delay before delivery: `"10s"`, `"1d10h30m"`, or a number of seconds. */
  delay?: Param<"Svc-Delay"> | number | undefined;
  /** Earliest delivery: a Date (rounded up to the second) or Unix seconds. Wins over `delay`. */
  notBefore?: Date | Param<"Svc-Not-Before"> | undefined;
  /** Label(s) for logs and the dead letter queue; no commas. */
  labels?: Param<"Svc-Label"> | Param<"Svc-Label">[] | undefined;
  /** Limits shared by all runs with the same key. */
  flowControl?: FlowControl | undefined;
  /** Where to report a run whose retries are exhausted, with optional headers. */
  failureCallback?: Param<"Svc-Failure-Callback"> | FailureCallback | undefined;
  /** Milliseconds between step retries, e.g. `"1000 * pow(2, retried)"`. */
  retryDelay?: Param<"Svc-Retry-Delay"> | undefined;
}
