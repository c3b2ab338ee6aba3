import type { AttemptEvent, CallTrace } from "../call/tracing";

/**
 * What the chain's own policies know of the call they serve: its settings (the client's,
 * with the call's options over them) and which attempt is running. Made once per call.
 */
export interface CallState {
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxResponseBytes: number;
  /** Asked as a 2xx arrives: leave its body unread for the caller (`asResponse()`). */
  readonly unread: () => boolean;
  /** The call's trace, when the client traces. */
  readonly trace: CallTrace | undefined;
  /** Hears of each attempt (the log and the trace); undefined when nothing listens. */
  readonly observe: ((event: AttemptEvent) => void) | undefined;
  /** The attempt running, from 1: set by the retry policy. */
  attempt: number;
  /** The most attempts the call may make: set by the retry policy. */
  attempts: number;
}
