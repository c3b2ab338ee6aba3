/**
 * The faults panel of the dashboard's script: a form that adds a rule by service, operation
 * (the operations of fault-routes.ts, so the form offers what a rule accepts), status and
 * times; the fault rules with their hits; and the recent requests a fault was applied to,
 * each marked with the rule's id and what was done. page-script.ts inserts it into the
 * script's closure, so it uses that closure's helpers ($, el, call, poll, showError, time)
 * and the token. Polled with the runs.
 */
import { faultOperations } from "../faults/routes.js";

const OPERATIONS = { vector: faultOperations("vector"), workflow: faultOperations("workflow") };

export const FAULTS_SCRIPT = `  const FAULT_OPERATIONS = ${JSON.stringify(OPERATIONS)};

  function showFaultOperations() {
    const operations = FAULT_OPERATIONS[$("fault-service").value] || [];
    $("fault-operation").replaceChildren(
      el("option", { value: "" }, "every route"),
      ...operations.map((operation) => el("option", { value: operation }, operation)),
    );
  }

  async function addFault(event) {
    event.preventDefault();
    const rule = {
      service: $("fault-service").value,
      status: Number($("fault-status").value),
      times: Number($("fault-times").value),
    };
    if ($("fault-operation").value) rule.operation = $("fault-operation").value;
    try {
      await call("/v2/dev/faults", { method: "POST", body: JSON.stringify(rule) });
      showError("");
      await refreshFaults();
    } catch (error) {
      showError("Faults: " + error.message);
    }
  }

  function setUpFaultForm() {
    showFaultOperations();
    $("fault-service").addEventListener("change", showFaultOperations);
    $("fault-form").addEventListener("submit", addFault);
  }

  async function refreshFaults() {
    if (!token) return;
    try {
      const { faults, recent } = await poll("/v2/dev/faults");
      renderFaults(faults, recent);
    } catch (error) {
      if (token) showError("Faults: " + error.message);
    }
  }

  function renderFaults(faults, recent) {
    $("fault-rules").hidden = faults.length === 0;
    $("faulted-table").hidden = recent.length === 0;
    $("fault-rules").replaceChildren(
      ...faults.map((fault) => {
        const what = fault.drop || (fault.status === undefined ? "delay " + fault.delayMs + " ms" : String(fault.status));
        const where = fault.service + " " + (fault.method || "any") + " " + (fault.path || (fault.operation ? fault.operation + " (operation)" : "every route"));
        return el("li", {}, el("code", {}, fault.id), " " + where + ": " + what + ", " + fault.hits + " hit, " + fault.times + " left");
      }),
    );
    $("faulted-requests").replaceChildren(
      ...recent.slice().reverse().map((request) =>
        el(
          "tr",
          { class: "faulted" },
          el("td", {}, time(request.at)),
          el("td", { class: "mono" }, request.service + " " + request.method + " " + request.path),
          el("td", {}, el("span", { class: "badge bad" }, "FAULT " + request.fault)),
          el("td", {}, request.outcome),
        ),
      ),
    );
  }
`;
