/** What the faults panel sends and writes: pure, so each rule is tested without a page. */
import type { Fault, FaultedRequest } from "./wire.js";

/** The fault form's fields, as the inputs hold them. */
export interface FaultForm {
  service: string;
  /** Empty for every route of the service. */
  operation: string;
  status: string;
  times: string;
}

/** The rule `POST /v2/dev/faults` is sent; the server checks it and answers what is wrong. */
export interface NewFault {
  service: string;
  status: number;
  times: number;
  operation?: string;
}

/** The rule the form describes: numbers as numbers, and no operation for every route. */
export function faultRule(form: FaultForm): NewFault {
  const rule: NewFault = {
    service: form.service,
    status: Number(form.status),
    times: Number(form.times),
  };
  if (form.operation) rule.operation = form.operation;
  return rule;
}

/** A rule after its id: where it applies, what it does, its hits and uses left. */
export function describeFault(fault: Fault): string {
  const what =
    fault.drop || (fault.status === undefined ? `delay ${fault.delayMs} ms` : String(fault.status));
  const route = fault.path || (fault.operation ? `${fault.operation} (operation)` : "every route");
  const where = `${fault.service} ${fault.method || "any"} ${route}`;
  return `${where}: ${what}, ${fault.hits} hit, ${fault.times} left`;
}

/** A faulted request as the panel's table names it: service, method and path. */
export function requestLine(request: FaultedRequest): string {
  return `${request.service} ${request.method} ${request.path}`;
}
