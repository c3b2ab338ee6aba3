// The options of `startDevServer`, and the names it takes (an unknown one is refused).

import { ValidationError } from "@x/core";
import type { Optional } from "@x/core/internal";
import { type ClockMode, MAX_DATE_MS } from "../clock/clock.js";
import type { KitLimits } from "../kit/limits.js";
import type { SeedRecord } from "../persistence/seed.js";
import type { VectorLimits } from "../vector/limits.js";
import type { IndexOptions } from "../vector/types.js";
import type { WorkflowLimits } from "../workflow/limits.js";
import type { OptionNames } from "./options.js";

/** Options of `startDevServer`; every one is optional. */
export interface DevServerOptions {
  /** Interface to bind; loopback (127.0.0.1) unless told otherwise. */
  host?: string | undefined;
  /** 0 (the default) picks a free port. */
  workflowPort?: number | undefined;
  /** 0 (the default) picks a free port. */
  vectorPort?: number | undefined;
  /** The token both services accept; a random one when absent. */
  token?: string | undefined;
  /**
   * `"real"` (the default): waits take real time. `"manual"`: time stands still until
   * `dev.clock.advance` (or `POST /v2/dev/clock`) moves it; for tests of delays and retries.
   */
  clock?: ClockMode | undefined;
  /**
   * Where the manual clock starts: Unix ms, or a date such as `"2030-01-01T00:00:00Z"`.
   * The wall clock's time by default (or the state file's, when later).
   */
  startAt?: number | string | undefined;
  /**
   * Makes run ids a function of this seed (an integer >= 0) and the order of requests: with
   * `startAt` and a `token`, two servers sent the same requests give the same answers byte
   * for byte. The token stays random unless `token` is given.
   */
  randomSeed?: number | undefined;
  /** Multiplies workflow waits (delays, backoff, rate periods): 0.01 makes 1 s last 10 ms. Real clock only. */
  timeScale?: number | undefined;
  /**
   * The vector index: 384 dimensions, COSINE, DENSE by default (fields left out are taken
   * from the state file when there is one); `pendingMs` how long upserts stay pending (50).
   */
  vector?: IndexOptions | undefined;
  /** Records upserted at start, ready at once (each may name its `namespace`), or the path of a JSON / JSONL file of them. */
  seed?: SeedRecord[] | string | undefined;
  /** Receives one line per request and per workflow event. */
  log?: ((line: string) => void) | undefined;
  /** Whether the dashboard's polls are logged too (`--log-polls`); false by default. Needs `log`. */
  logPolls?: boolean | undefined;
  /** How long one delivery attempt may take before it is cut and counted as failed; 30,000 ms by default, real time under either clock. */
  deliveryTimeoutMs?: number | undefined;
  /** Browser origins allowed to call either service: `*` (the default) or comma-separated origins. */
  corsOrigin?: string | undefined;
  /**
   * Browser origins, besides the dashboard's own, allowed to call the test kit's routes
   * (`/v2/dev/...` on either port: faults, snapshot, clock, runs): comma-separated origins,
   * or `*` for any page. None by default: a page that could call them could read every
   * record, wipe the index and fault every request.
   */
  kitOrigins?: string | undefined;
  /** Overrides of the limits (`DEFAULT_VECTOR_LIMITS`, `DEFAULT_WORKFLOW_LIMITS`, `DEFAULT_KIT_LIMITS`). */
  limits?: Optional<VectorLimits & WorkflowLimits & KitLimits> | undefined;
  /**
   * A state file holding a snapshot (`dev.snapshot()`'s value): restored at start when it
   * exists (unfinished runs resume at their next step), written atomically by `close()`.
   * Without it, `close()` logs how many unfinished runs it dropped.
   */
  stateFile?: string | undefined;
}

// Typed as a record of the interface's keys, so an option added to the interface without
// being named here fails the typecheck instead of being refused.
const DEV_SERVER_KEYS: Record<keyof DevServerOptions, true> = {
  host: true,
  workflowPort: true,
  vectorPort: true,
  token: true,
  timeScale: true,
  vector: true,
  seed: true,
  log: true,
  limits: true,
  corsOrigin: true,
  kitOrigins: true,
  deliveryTimeoutMs: true,
  stateFile: true,
  clock: true,
  startAt: true,
  randomSeed: true,
  logPolls: true,
};

export const DEV_SERVER_OPTIONS: OptionNames = {
  owner: "startDevServer",
  known: Object.keys(DEV_SERVER_KEYS),
};

/**
 * The manual clock's start, `startAt` as Unix ms: ms as a number or a string of digits, or
 * a date string such as `"2030-01-01T00:00:00Z"`. Throws a ValidationError for anything else.
 */
export function startTime(at: number | string): number {
  const ms = typeof at === "string" && /^\d+$/.test(at) ? Number(at) : at;
  const time = typeof ms === "string" ? Date.parse(ms) : ms;
  if (typeof time !== "number" || !Number.isInteger(time) || time < 0 || time > MAX_DATE_MS) {
    throw new ValidationError(
      "startAt",
      `must be Unix ms (an integer from 0 to ${MAX_DATE_MS}) or a date such as "2030-01-01T00:00:00Z" (got ${JSON.stringify(at)})`,
    );
  }
  return time;
}
