/**
 * The faults panel of the dashboard's script: the fault rules with their hits, and the
 * recent requests a fault was applied to, each marked with the rule's id and what was done.
 * page-script.ts inserts it into the script's closure, so it uses that closure's helpers
 * ($, el, poll, showError, time) and the token. Polled with the runs.
 */
export const FAULTS_SCRIPT = `  async function refreshFaults() {
    if (!token) return;
    try {
      const { faults, recent } = await poll("/v2/dev/faults");
      renderFaults(faults, recent);
    } catch (error) {
      if (token) showError("Faults: " + error.message);
    }
  }

  function renderFaults(faults, recent) {
    $("faults-panel").hidden = faults.length === 0 && recent.length === 0;
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
