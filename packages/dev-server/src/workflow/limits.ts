// The workflow service's limits. The service documents neither ("not shown"), so both are
// our choice; each is an option and a CLI flag.

import { ValidationError } from "@x/core";
import { definedFields, type Optional } from "@x/core/internal";
import type { AnswerLimit } from "../http/serve.js";

/** The workflow service's limits. Set through the server's `limits` option or CLI flags. */
export interface WorkflowLimits {
  /**
   * Largest `Svc-Retries`. Without a bound, `Svc-Retries: 9000000000000` with no delay makes
   * hundreds of attempts a second forever, each kept in the run's record.
   */
  maxRetries: number;
  /**
   * Bytes of an endpoint's answer kept for the failure call's report; the rest is not read,
   * and the report says `bodyTruncated: true`.
   */
  maxReportBodyBytes: number;
  /**
   * Bytes of JSON one answer may carry (`/v2/dev/runs` with thousands of runs and their
   * bodies); past it the answer is refused with a 400 before it is built whole. The dev
   * server gives both services the same limit (`--max-answer-bytes`).
   */
  maxAnswerBytes: number;
}

/** The workflow limits used when no override is given; our choice, as the service states none. */
export const DEFAULT_WORKFLOW_LIMITS: WorkflowLimits = {
  maxRetries: 100,
  maxReportBodyBytes: 1024 * 1024,
  maxAnswerBytes: 64 * 1024 * 1024,
};

/** The workflow answers' limit, as the request path applies it to every answer (http/serve.ts). */
export function workflowAnswerLimit(limits: WorkflowLimits): AnswerLimit {
  return {
    bytes: limits.maxAnswerBytes,
    refusal: `the answer is over this server's limit of ${limits.maxAnswerBytes} bytes (maxAnswerBytes); ask for fewer runs (?limit=, ?state=, ?label=), or start the dev server with --max-answer-bytes to raise it`,
  };
}

/** The defaults with the given overrides; a ValidationError names an override out of range. */
export function workflowLimits(overrides: Optional<WorkflowLimits> = {}): WorkflowLimits {
  const limits = { ...DEFAULT_WORKFLOW_LIMITS, ...definedFields(overrides) };
  if (!(Number.isSafeInteger(limits.maxRetries) && limits.maxRetries >= 0)) {
    throw new ValidationError("maxRetries", `must be an integer >= 0 (got ${limits.maxRetries})`);
  }
  if (!(Number.isSafeInteger(limits.maxReportBodyBytes) && limits.maxReportBodyBytes >= 0)) {
    throw new ValidationError(
      "maxReportBodyBytes",
      `must be an integer >= 0 (got ${limits.maxReportBodyBytes})`,
    );
  }
  if (!(Number.isSafeInteger(limits.maxAnswerBytes) && limits.maxAnswerBytes >= 1)) {
    throw new ValidationError(
      "maxAnswerBytes",
      `must be a positive integer (got ${limits.maxAnswerBytes})`,
    );
  }
  return limits;
}
