/**
 * The names the Upstash SDKs give options that ours name otherwise, each with our name:
 * a user coming from them writes theirs, which is too far from ours by spelling for the
 * did-you-mean to find (`failureUrl` is nine edits from `failureCallback`). Read from the
 * declarations of @upstash/qstash, @upstash/workflow and @upstash/vector; only names with
 * an equivalent of ours are here, and one of ours is offered only where it is accepted.
 */
export const UPSTASH_NAMES: Readonly<Record<string, string>> = {
  // @upstash/workflow `trigger`: the URL called when the run fails.
  failureUrl: "failureCallback",
  // @upstash/workflow `trigger`: the id the run gets.
  workflowRunId: "runId",
  // @upstash/workflow `trigger` and @upstash/qstash `publish`: one or more labels.
  label: "labels",
  // @upstash/qstash `flowControl`: calls per period.
  ratePerSecond: "rate",
  // @upstash/qstash and @upstash/vector client configs: how a failed call is retried.
  retry: "maxRetries",
  // @upstash/qstash client config: headers sent with every call.
  headers: "defaultHeaders",
};
