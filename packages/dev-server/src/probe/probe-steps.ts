// The calls of a probe, each through its own spec guard in "collect" mode: what answered
// (the operation and status) and what drifted. A failed call is told by its error's class,
// never by its message, which may quote the service.
import type { Policy, PolicyLike } from "@x/vector";
import type { SpecDrift, SpecGuard } from "@x/vector/guard";
import { AnswerOverBoundError } from "../import/answer-scan.js";

/**
 * Drifts of one call the probe keeps (the table shows each): a service that drifts in more
 * places drifts in the same few ways, and the count of the rest is kept.
 */
export const MAX_DRIFTS_KEPT = 20;

/** A client the probe calls through: either client has `use` and `eject`. */
export interface Guardable {
  use(...policies: PolicyLike[]): void;
  eject(...policies: PolicyLike[]): void;
}

/** One call of a probe, as the table shows it. */
export interface ProbeStep {
  /** The client method called: `info`, `range`, `query`, `fetch`, `trigger`. */
  call: string;
  /** `GET /info`, as the spec writes it; undefined when no answer came. */
  operation: string | undefined;
  /** The answer's status; undefined when no answer came. */
  status: number | undefined;
  /** What the guard reported of the answer: its first MAX_DRIFTS_KEPT drifts. */
  drifts: SpecDrift[];
  /** Drifts reported past those kept. */
  moreDrifts: number;
  /** The error the call failed with (its class, and a code or status), if it failed. */
  failure: string | undefined;
}

/**
 * How an error is shown: its class, and the status or code it carries (never its message),
 * or for an answer the probe refused, what it passed (the probe's own words).
 */
function failureOf(error: unknown): string {
  if (error instanceof AnswerOverBoundError) return `refused: the answer ${error.broken}`;
  if (!(error instanceof Error)) return "an error";
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status === "number") return `${error.name} ${status}`;
  if (typeof code === "string") return `${error.name} ${code}`;
  return error.name;
}

/**
 * Runs `call` on `client` with `guard` (a fresh one, in "collect" mode) and a recorder of the
 * answer, both removed after. Resolves with the step, and the call's result when it had one.
 */
export async function probeStep<T>(
  name: string,
  client: Guardable,
  guard: SpecGuard,
  call: () => Promise<T>,
): Promise<{ step: ProbeStep; result: T | undefined }> {
  let operation: string | undefined;
  let status: number | undefined;
  const recorder: Policy = async (request, next) => {
    const response = await next(request);
    operation = `${request.method} ${request.template}`;
    status = response.status;
    return response;
  };
  // The recorder first, so it runs last: it sees the answer the guard saw.
  client.use(recorder, guard);
  let result: T | undefined;
  let failure: string | undefined;
  try {
    result = await call();
  } catch (error) {
    failure = failureOf(error);
  } finally {
    client.eject(recorder, guard);
  }
  const reported = guard.report();
  const drifts = reported.slice(0, MAX_DRIFTS_KEPT).map(({ count: _, ...drift }) => drift);
  const moreDrifts = reported.length - drifts.length;
  return { step: { call: name, operation, status, drifts, moreDrifts, failure }, result };
}
