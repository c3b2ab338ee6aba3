// The test kit's limit. The services state nothing about the kit, so it is our choice:
// room for a snapshot of 10k records of 384 dimensions (about 40 MB of JSON) many times
// over, and far from the longest string V8 can build (~512 MiB), past which building the
// answer threw and took the process down.
import { ValidationError } from "@x/core";
import type { AnswerLimit } from "../http/serve.js";

/** The test kit's limits. Set through the server's `limits` option or CLI flags. */
export interface KitLimits {
  /**
   * Bytes of JSON one test-kit request may answer or send: `GET` and `PUT /v2/dev/snapshot`,
   * `GET /v2/dev/faults`. A larger answer is refused with a 400 naming this limit before it
   * is built whole; a larger upload with a 413 as it streams. `dev.snapshot()`, `close()`
   * and the state file are not bound by it.
   */
  maxKitBytes: number;
}

/** The kit's answers' limit, as the request path applies it (http/serve.ts). */
export function kitAnswerLimit(limits: KitLimits): AnswerLimit {
  return {
    bytes: limits.maxKitBytes,
    refusal: `the answer is over this server's limit of ${limits.maxKitBytes} bytes (maxKitBytes); start the dev server with --max-kit-bytes (limits.maxKitBytes) to raise it, or clear what it holds (faults with large bodies, records with large data)`,
  };
}

/** The kit's limits used when no override is given. */
export const DEFAULT_KIT_LIMITS: KitLimits = {
  maxKitBytes: 256 * 1024 * 1024,
};

/** The defaults with the given override; a ValidationError names one that is not a positive integer. */
export function kitLimits(overrides: Partial<KitLimits> = {}): KitLimits {
  const limits = { ...DEFAULT_KIT_LIMITS, ...overrides };
  if (!(Number.isSafeInteger(limits.maxKitBytes) && limits.maxKitBytes >= 1)) {
    throw new ValidationError(
      "maxKitBytes",
      `must be a positive integer (got ${limits.maxKitBytes})`,
    );
  }
  return limits;
}
