/** What the runs panel writes about a run: pure, so each rule is tested without a page. */
import { inTime, time } from "./format.js";
import type { Attempt, Run } from "./wire.js";

/** The badge colour of a state: done well, done badly, waiting, or busy (no tone). */
export function stateTone(state: string): "" | "good" | "bad" | "wait" {
  if (state === "succeeded" || state === "callback-succeeded") return "good";
  if (state === "callback-failed" || state === "cancelled") return "bad";
  if (state.endsWith("retrying") || state === "waiting" || state === "scheduled") return "wait";
  return "";
}

/** How an attempt ended: its status, why no answer came, or that it is still in flight. */
export function attemptOutcome(attempt: Attempt): string {
  if (attempt.finishedAt === undefined) return "in flight";
  if (attempt.status !== undefined) return String(attempt.status);
  return `no answer: ${attempt.error || "unknown error"}`;
}

/** How long an attempt took; empty while in flight. */
export function took(attempt: Attempt): string {
  return attempt.finishedAt === undefined ? "" : `${attempt.finishedAt - attempt.startedAt} ms`;
}

/** How the failure call went (`delivered (200, 1 call)`); empty before there is one. */
export function failureCallOutcome(run: Run): string {
  const calls = run.attempts.filter((attempt) => attempt.kind === "failure-call");
  const last = calls.at(-1);
  if (last === undefined) return "";
  let verdict = "calling";
  if (run.state === "callback-succeeded") verdict = "delivered";
  else if (run.state === "callback-failed") verdict = "gave up";
  else if (run.state === "callback-retrying") verdict = "retrying";
  const count = `${calls.length} call${calls.length > 1 ? "s" : ""}`;
  return `${verdict} (${attemptOutcome(last)}, ${count})`;
}

/** When the run's next attempt is due, seen from the server's `now`; empty when none waits. */
export function due(run: Run, now: number): string {
  return run.nextAttemptAt === undefined ? "" : inTime(run.nextAttemptAt, now);
}

/** The facts of the run's detail view, as name and value. */
export function runFacts(run: Run, now: number): [name: string, value: string][] {
  const facts: [string, string][] = [
    ["Run", run.workflowRunId],
    ["State", run.state],
    ["URL", run.url],
    ["Created", time(run.workflowCreatedAt)],
    ["Retries", `${run.retries}${run.retryDelay ? ` (delay ${run.retryDelay})` : ""}`],
    ["Labels", run.labels.join(", ")],
    ["Trace", run.traceparent || ""],
    ["Failure call to", run.failureCallback],
    ["Body", `${run.bodyBytes} bytes${run.contentType ? `, ${run.contentType}` : ""}`],
  ];
  if (run.nextAttemptAt !== undefined) facts.push(["Next attempt", inTime(run.nextAttemptAt, now)]);
  if (run.flowControl) facts.push(["Flow control", JSON.stringify(run.flowControl)]);
  return facts;
}
