/**
 * The faults panel: a form that adds a rule by service, operation (those a rule accepts, so
 * the form offers nothing the server would refuse for its name), status and times; the rules
 * with their hits; and the recent requests a fault was applied to, each marked with the
 * rule's id and what was done. Polled with the runs.
 */
import { $, el, messageOf, showError } from "./dom.js";
import { FACTS } from "./facts.js";
import { describeFault, faultRule, requestLine } from "./faults-text.js";
import { time } from "./format.js";
import { call, hasToken, poll } from "./session.js";
import type { Fault, FaultedRequest, FaultList } from "./wire.js";

function showFaultOperations(): void {
  const operations = FACTS.faultOperations[$("fault-service", HTMLSelectElement).value] || [];
  $("fault-operation").replaceChildren(
    el("option", { value: "" }, "every route"),
    ...operations.map((operation) => el("option", { value: operation }, operation)),
  );
}

async function addFault(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const rule = faultRule({
    service: $("fault-service", HTMLSelectElement).value,
    operation: $("fault-operation", HTMLSelectElement).value,
    status: $("fault-status", HTMLInputElement).value,
    times: $("fault-times", HTMLInputElement).value,
  });
  try {
    await call("/v2/dev/faults", { method: "POST", body: JSON.stringify(rule) });
    showError("");
    await refreshFaults();
  } catch (error) {
    showError(`Faults: ${messageOf(error)}`);
  }
}

/** Fills the operations of the chosen service and listens to the form. */
export function setUpFaultForm(): void {
  showFaultOperations();
  $("fault-service").addEventListener("change", showFaultOperations);
  $("fault-form").addEventListener("submit", addFault);
}

/** Reads the rules and the faulted requests, and shows them. */
export async function refreshFaults(): Promise<void> {
  if (!hasToken()) return;
  try {
    const { faults, recent } = await poll<FaultList>("/v2/dev/faults");
    renderFaults(faults, recent);
  } catch (error) {
    if (hasToken()) showError(`Faults: ${messageOf(error)}`);
  }
}

function renderFaults(faults: Fault[], recent: FaultedRequest[]): void {
  $("fault-rules").hidden = faults.length === 0;
  $("faulted-table").hidden = recent.length === 0;
  $("fault-rules").replaceChildren(
    ...faults.map((fault) => el("li", {}, el("code", {}, fault.id), ` ${describeFault(fault)}`)),
  );
  $("faulted-requests").replaceChildren(
    ...recent
      .slice()
      .reverse()
      .map((request) =>
        el(
          "tr",
          { class: "faulted" },
          el("td", {}, time(request.at)),
          el("td", { class: "mono" }, requestLine(request)),
          el("td", {}, el("span", { class: "badge bad" }, `FAULT ${request.fault}`)),
          el("td", {}, request.outcome),
        ),
      ),
  );
}
