import { checkRequest, formatViolations, loadSpec } from "@x/openapi-check";
import { afterEach, expect } from "vitest";
import {
  ConfigurationError,
  type TriggerRequest,
  ValidationError,
  WorkflowClient,
  type WorkflowClientOptions,
} from "../src/index";

/** A JWT-shaped token; tests assert it never leaks into an error. */
export const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ3b3JrZmxvdyJ9.c2VjcmV0LXNpZ25hdHVyZQ";
export const RESULT = { workflowRunId: "wfr_3XbNQk7Zp2aVt9", workflowCreatedAt: 1763776800000 };
export const BASE = "https://workflow.eu-central-1.example.com";
export const WORKFLOW = "https://example.org/api/workflow";

/** A trigger with every option that becomes a `Svc-*` header. */
export const EVERY_OPTION: TriggerRequest = {
  url: WORKFLOW,
  runId: "order-1042",
  retries: 5,
  delay: "1d10h30m",
  notBefore: 1767225600,
  labels: ["billing", "nightly"],
  flowControl: { key: "tenant-42", parallelism: 1, rate: 10, period: "1m" },
  failureCallback: "https://example.org/api/on-failure",
  retryDelay: "max(1000, 1000 * pow(2, retried))",
};

export type Responder = (request: Request, attempt: number) => Response | Promise<Response>;

// Every request any test sends is checked against the spec's triggerWorkflow operation;
// a test fails after the fact if one of its requests broke the contract.
const checks: Promise<string | undefined>[] = [];
afterEach(async () => {
  const problems = (await Promise.all(checks.splice(0))).filter(Boolean);
  expect(problems, "requests that break the workflow spec").toEqual([]);
});

export async function contractProblems(request: Request): Promise<string | undefined> {
  const { operation, violations } = await checkRequest(loadSpec("workflow"), request);
  if (operation?.operationId !== "triggerWorkflow") {
    violations.push({ where: "operation", message: "is not triggerWorkflow" });
  }
  return violations.length ? `${request.url}\n${formatViolations(violations)}` : undefined;
}

/** A fetch that records each Request (a readable clone) and answers with `respond`. */
export function recordingFetch(respond: Responder = () => Response.json(RESULT)): {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  requests: Request[];
} {
  const requests: Request[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const request = new Request(url, init);
    requests.push(request.clone());
    checks.push(contractProblems(request));
    return respond(request, requests.length);
  };
  return { fetch, requests };
}

/** A client over a recording fetch. */
export function setup(
  respond?: Responder,
  options: Partial<WorkflowClientOptions> = {},
): { client: WorkflowClient; requests: Request[]; only: () => Request } {
  const { fetch, requests } = recordingFetch(respond);
  const client = new WorkflowClient({ token: TOKEN, fetch, ...options });
  const only = () => {
    expect(requests).toHaveLength(1);
    return requests[0]!;
  };
  return { client, requests, only };
}

/** The `svc-*` headers of a request, by lower-case name. */
export function svcHeaders(request: Request): Record<string, string> {
  return Object.fromEntries([...request.headers].filter(([name]) => name.startsWith("svc-")));
}

/** The ValidationError `run` throws; returning or any other error fails the test. */
/** The ConfigurationError `run` throws: a client that cannot be made from its settings. */
export function configurationError(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigurationError) return error;
    throw error;
  }
  throw new Error("expected a ConfigurationError");
}

export function validationError(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected a ValidationError");
}

/** A JSON error response as the service sends it. */
export function errorResponse(status: number, error: string, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers });
}
