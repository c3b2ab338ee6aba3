// Plays fault rules on the wire. Every request to either service passes the gate first: a
// request with the token that a rule matches gets the fault instead of its answer, so the
// service never sees it and what it would have done is not done (a faulted trigger creates
// no run, a faulted upsert writes nothing). Dev routes and the dashboard are never faulted,
// so a test can always list and clear its faults.
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorBodyOf } from "../http/error-body.js";
import { short, splitTarget } from "../http/request.js";
import { sendFailure, sendSafely } from "../http/send-safely.js";
import { authorizedFor } from "../kit/routes.js";
import type { FaultRule, FaultService, FaultSet } from "./faults.js";

export interface FaultGateOptions {
  faults: FaultSet;
  token: string;
  /** The dev server's clock, for the time of each faulted request. */
  now: () => number;
  log: (line: string) => void;
}

/** Lets `handle` answer the request, unless a fault rule takes it. */
export type FaultGate = (
  service: FaultService,
  req: IncomingMessage,
  res: ServerResponse,
  handle: () => void,
) => void;

type Played = FaultRule & { id: string };

function outcomeOf(fault: Played): string {
  const delay = fault.delayMs === undefined ? "" : `delay ${fault.delayMs} ms, then `;
  if (fault.drop !== undefined) return `${delay}${fault.drop}`;
  if (fault.status !== undefined) return `${delay}${fault.status}`;
  return `${delay}the usual answer`;
}

function answerBytes(
  fault: Played,
  service: FaultService,
  status: number,
): { type: string; bytes: Buffer } {
  if (typeof fault.body === "string") return { type: "text/plain", bytes: Buffer.from(fault.body) };
  const body =
    fault.body !== undefined
      ? fault.body
      : errorBodyOf(service)(status, `fault ${fault.id} of this dev server (dev.faults)`);
  return { type: "application/json", bytes: Buffer.from(JSON.stringify(body)) };
}

/** Once the request body has arrived (or at once when it already has), calls `then`. */
function afterBody(req: IncomingMessage, then: () => void): void {
  if (req.readableEnded) {
    then();
    return;
  }
  req.on("end", then);
  req.resume();
}

export function faultGate(options: FaultGateOptions): FaultGate {
  const { faults } = options;
  const play = (
    fault: Played,
    service: FaultService,
    req: IncomingMessage,
    res: ServerResponse,
    handle: () => void,
  ) => {
    const socket = req.socket;
    if (fault.drop === "reset") {
      // A TCP reset where the platform can send one: the client sees ECONNRESET.
      if (typeof socket.resetAndDestroy === "function") socket.resetAndDestroy();
      else socket.destroy();
      return;
    }
    if (fault.drop === "hang") {
      // Read the body and say nothing: the client's timeout (or the server's close) ends it.
      req.resume();
      return;
    }
    if (fault.status === undefined && fault.drop === undefined) return handle();
    const status = fault.status ?? 200;
    const { type, bytes } = answerBytes(fault, service, status);
    const errorBody = errorBodyOf(service);
    const headers = { "content-type": type, ...fault.headers };
    afterBody(req, () => {
      if (fault.drop !== "truncate") {
        sendSafely(res, status, headers, [bytes], errorBody, options.log);
        return;
      }
      // The headers promise the whole body; half of it comes, then the connection closes.
      try {
        res.writeHead(status, { ...headers, "content-length": bytes.byteLength });
        res.write(bytes.subarray(0, Math.floor(bytes.byteLength / 2)), () => socket.destroy());
      } catch (error) {
        sendFailure(res, status, error, errorBody, options.log);
      }
    });
  };

  return (service, req, res, handle) => {
    const { path } = splitTarget(req);
    const method = req.method ?? "GET";
    const exempt = method === "OPTIONS" || path.startsWith("/v2/dev/");
    const fault =
      exempt || !authorizedFor(service, req, options.token)
        ? undefined
        : faults.take(service, method, path);
    if (fault === undefined) return handle();
    const outcome = outcomeOf(fault);
    faults.remember({ fault: fault.id, service, method, path, outcome, at: options.now() });
    options.log(`[${service}] ${method} ${short(path)} FAULT ${fault.id}: ${outcome}`);
    if (fault.delayMs === undefined) return play(fault, service, req, res, handle);
    const timer = setTimeout(() => {
      if (!req.socket.destroyed) play(fault, service, req, res, handle);
    }, fault.delayMs);
    // A client that gives up during the delay, or a closing server, ends the wait.
    res.once("close", () => clearTimeout(timer));
  };
}
