import type { components } from "@x/workflow";
import type { Outcome } from "./delivery.js";

/** Marks a failure call (both paths), so a workflow server can tell it from a delivery. */
export const FAILURE_CALL_HEADER = "svc-failure-call";

/**
 * JSON body of the failure call: the spec's `FailureReport` schema, plus `error`, why no
 * answer arrived (connection error, timeout), only when `status` is 0, and `bodyTruncated`,
 * only when the endpoint's body was cut at the size limit.
 */
export type FailureReport = components["schemas"]["FailureReport"] & {
  error?: string;
  bodyTruncated?: true;
};

export interface ReportInput {
  last: Outcome;
  url: string;
  workflowRunId: string;
  workflowCreatedAt: number;
  retried: number;
  maxRetries: number;
}

export function failureReport(input: ReportInput): FailureReport {
  const { last } = input;
  return {
    status: last.status ?? 0,
    headers: { ...last.headers },
    body: Buffer.from(last.body).toString("base64"),
    url: input.url,
    workflowRunId: input.workflowRunId,
    workflowCreatedAt: input.workflowCreatedAt,
    retried: input.retried,
    maxRetries: input.maxRetries,
    ...(last.error === undefined ? {} : { error: last.error }),
    ...(last.truncated === true ? { bodyTruncated: true as const } : {}),
  };
}
