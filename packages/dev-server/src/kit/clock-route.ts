import type { IncomingMessage } from "node:http";
import type { Clock } from "../clock/clock.js";
import { allowOnly, HttpError } from "../http/errors.js";
import { readJson } from "../http/request.js";
import type { Answer } from "../http/serve.js";

export const DEV_CLOCK = "/v2/dev/clock";

// A clock request is a few bytes of JSON.
const MAX_CLOCK_BODY_BYTES = 1024;

/** What `GET /v2/dev/clock` answers: the mode, the time, and when the next timer is due. */
export function clockBody(clock: Clock): { mode: string; now: number; nextDueAt?: number } {
  const nextDueAt = clock.nextDueAt();
  return { mode: clock.mode, now: clock.now(), ...(nextDueAt === undefined ? {} : { nextDueAt }) };
}

/** `{ "advance": "1d" }` or `{ "advanceMs": 86400000 }`, as ms or a duration for `advance`. */
function readAdvance(body: unknown): number | string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(
      400,
      'body: must be a JSON object such as {"advance":"1d"} or {"advanceMs":86400000}',
    );
  }
  const keys = Object.keys(body);
  const unknown = keys.filter((key) => key !== "advance" && key !== "advanceMs");
  if (unknown.length > 0) {
    throw new HttpError(400, `body: unknown field "${unknown[0]}"; send advance or advanceMs`);
  }
  if (keys.length !== 1) {
    throw new HttpError(
      400,
      'body: send exactly one of advance (a duration such as "1d2h") or advanceMs',
    );
  }
  const { advance, advanceMs } = body as { advance?: unknown; advanceMs?: unknown };
  if (advance !== undefined) {
    if (typeof advance !== "string") {
      throw new HttpError(400, 'advance: must be a duration string such as "1d2h"');
    }
    return advance;
  }
  if (typeof advanceMs !== "number") {
    throw new HttpError(400, "advanceMs: must be a number of milliseconds");
  }
  return advanceMs;
}

/** `GET /v2/dev/clock` and `POST /v2/dev/clock` (manual clock only), already authorized. */
export async function answerClock(req: IncomingMessage, clock: Clock): Promise<Answer> {
  allowOnly(req.method, ["GET", "POST"]);
  if (req.method === "GET") return { status: 200, body: clockBody(clock) };
  const by = readAdvance(await readJson(req, MAX_CLOCK_BODY_BYTES));
  if (clock.mode !== "manual") {
    throw new HttpError(
      400,
      'the clock is real, so it cannot be advanced; start the dev server with --clock manual (clock: "manual")',
    );
  }
  // A bad duration rejects with a ValidationError, which the service answers as a 400.
  await clock.advance(by);
  return { status: 200, body: clockBody(clock) };
}
