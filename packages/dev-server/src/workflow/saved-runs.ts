// Unfinished runs in a JSON form for the state file, and back. A saved run keeps its
// trigger request (rebuilt through the same header rules as a new trigger), its view with
// every attempt so far, and its next step: which attempt, when, and for a failure call the
// delivery it reports.
import type { Bytes, Outcome } from "./delivery.js";
import { deliveryUrl } from "./delivery-url.js";
import { readOptions } from "./headers.js";
import type { RunView } from "./runs.js";
import type { LiveRun, Step } from "./scheduler.js";
import { buildRun } from "./trigger.js";

interface SavedOutcome {
  ok: boolean;
  status?: number;
  headers: Record<string, string>;
  /** Base64. */
  body: string;
  truncated?: boolean;
  error?: string;
}

/** An unfinished run: its request, its view and its next step. */
export interface SavedRun {
  /** The run's id. */
  id: string;
  /** Unix ms on the service's clock when it was triggered. */
  createdAt: number;
  /** Unix ms of the first delivery, before time scaling. */
  notBefore: number;
  /** The workflow URL. */
  url: string;
  /** Base64 of the body bytes. */
  body: string;
  /** The trigger's `Svc-*` and content-type headers, from which the run is rebuilt. */
  headers: Record<string, string>;
  /** A hash of the trigger request, so a repeat of it is answered with this run. */
  fingerprint: string;
  /** The run as `dev.runs.get` shows it, attempts so far included. */
  view: RunView;
  /** The attempt it makes next and when (Unix ms; null for never), with the delivery a failure call reports. */
  step: {
    /** What the attempt is: a delivery to the workflow URL or a failure call. */
    kind: Step["kind"];
    /** How many retries came before it. */
    retried: number;
    /** When it is due, Unix ms on the service's clock; null for never. */
    dueAt: number | null;
    /** For a failure call, the failed delivery it reports. */
    lastDelivery?: SavedOutcome;
  };
}

/** A finished run: only its view, and its request's fingerprint to answer a repeat of it. */
export interface FinishedRun {
  /** The run's id. */
  id: string;
  /** A hash of the trigger request, so a repeat of it is answered with this run. */
  fingerprint: string;
  /** The run as `dev.runs.get` shows it. */
  view: RunView;
}

/** A run of a snapshot: unfinished ones carry their next `step`. */
export type SnapshotRun = SavedRun | FinishedRun;

export function isUnfinished(run: SnapshotRun): run is SavedRun {
  return "step" in run;
}

function saveOutcome(outcome: Outcome): SavedOutcome {
  return { ...outcome, body: Buffer.from(outcome.body).toString("base64") };
}

function loadOutcome(saved: SavedOutcome): Outcome {
  return { ...saved, body: new Uint8Array(Buffer.from(saved.body, "base64")) };
}

export function saveRun(run: LiveRun, step: Step, fingerprint: string): SavedRun {
  const { plan } = run;
  return {
    id: plan.id,
    createdAt: plan.createdAt,
    notBefore: plan.notBefore,
    url: plan.url,
    body: Buffer.from(plan.body).toString("base64"),
    headers: run.headers,
    fingerprint,
    // A copy: close() marks the live view cancelled before the state file is written.
    view: structuredClone(run.view),
    step: {
      kind: step.kind,
      retried: step.retried,
      dueAt: step.dueAt,
      ...(step.lastDelivery === undefined ? {} : { lastDelivery: saveOutcome(step.lastDelivery) }),
    },
  };
}

/**
 * Decoded bodies by their base64 form, for the runs of one snapshot: runs that send the same
 * body share its bytes (a body is only ever read), rather than each keeping a copy.
 */
export type BodyCache = Map<string, Bytes>;

function bodyOf(base64: string, bodies: BodyCache): Bytes {
  let body = bodies.get(base64);
  if (body === undefined) {
    body = new Uint8Array(Buffer.from(base64, "base64"));
    bodies.set(base64, body);
  }
  return body;
}

/**
 * The run and its step; throws (a ValidationError, HeaderError or TypeError) when the saved
 * form is not one or its URL could not be delivered to.
 */
export function loadRun(saved: SavedRun, bodies: BodyCache): { run: LiveRun; step: Step } {
  // The trigger's own check: a run brought back is delivered as a new one would be.
  deliveryUrl(saved.url, `run ${String(saved.id)}: url`);
  const options = readOptions(saved.headers);
  const run = buildRun(
    {
      id: saved.id,
      createdAt: saved.createdAt,
      notBefore: saved.notBefore,
      url: saved.url,
      body: bodyOf(saved.body, bodies),
      headers: saved.headers,
    },
    options,
  );
  // The saved view carries the attempts made before the stop; copied, as the run adds to
  // them and the same snapshot may be restored again (most saved runs have none yet, and
  // a restore of many runs need not clone an empty list for each). An attempt without an
  // end was in flight when the state was saved: the restore cancels it and the run's step
  // sends it again, so it is left out rather than shown twice, the first never ending.
  const said = saved.view.attempts;
  const attempts =
    said.length === 0 ? said : said.filter((attempt) => attempt.finishedAt !== undefined);
  run.view.state = saved.view.state;
  run.view.attempts = attempts.length === 0 ? [] : structuredClone(attempts);
  const { kind, retried, dueAt, lastDelivery } = saved.step;
  const step: Step = {
    kind,
    retried,
    // A wait of +Infinity (a retry delay that never comes) is saved by JSON as null.
    dueAt: typeof dueAt === "number" ? dueAt : Number.POSITIVE_INFINITY,
  };
  if (lastDelivery !== undefined) step.lastDelivery = loadOutcome(lastDelivery);
  return { run, step };
}
