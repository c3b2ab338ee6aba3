import { FINAL_STATES } from "../workflow/runs.js";

/**
 * The runs panel and the clock of the dashboard's script. page-script.ts inserts it into
 * the script's closure, so it uses that closure's helpers ($, el, call, poll, showError) and
 * the token. Times are shown on the server's clock, which a manual clock keeps apart from
 * the browser's.
 */
export const RUNS_SCRIPT = `  // The server's clock, which a manual clock keeps apart from the browser's.
  let clock = { mode: "real", now: Date.now() };
  const FINAL = ${JSON.stringify(FINAL_STATES)};

  function time(ms) {
    return ms === undefined ? "" : new Date(ms).toLocaleString();
  }

  function span(ms) {
    const seconds = Math.max(0, Math.round(ms / 1000));
    if (seconds < 120) return seconds + " s";
    if (seconds < 7200) return Math.round(seconds / 60) + " min";
    if (seconds < 172800) return Math.round(seconds / 3600) + " h";
    return Math.round(seconds / 86400) + " d";
  }

  function inTime(ms) {
    return "in " + span(ms - clock.now) + " (" + time(ms) + ")";
  }

  function stateBadge(state) {
    let tone = "";
    if (state === "succeeded" || state === "callback-succeeded") tone = "good";
    else if (state === "callback-failed" || state === "cancelled") tone = "bad";
    else if (state.endsWith("retrying") || state === "waiting" || state === "scheduled") tone = "wait";
    return el("span", { class: "badge " + tone, "data-state": state }, state);
  }

  function attemptOutcome(attempt) {
    if (attempt.finishedAt === undefined) return "in flight";
    if (attempt.status !== undefined) return String(attempt.status);
    return "no answer: " + (attempt.error || "unknown error");
  }

  function failureCallOutcome(run) {
    const calls = run.attempts.filter((a) => a.kind === "failure-call");
    if (calls.length === 0) return "";
    const last = calls[calls.length - 1];
    let verdict = "calling";
    if (run.state === "callback-succeeded") verdict = "delivered";
    else if (run.state === "callback-failed") verdict = "gave up";
    else if (run.state === "callback-retrying") verdict = "retrying";
    return verdict + " (" + attemptOutcome(last) + ", " + calls.length + " call" + (calls.length > 1 ? "s" : "") + ")";
  }

  function due(run) {
    return run.nextAttemptAt === undefined ? "" : inTime(run.nextAttemptAt);
  }

  function cancelButton(run) {
    if (FINAL.includes(run.state)) return null;
    const button = el("button", { type: "button", class: "cancel", "data-cancel": run.workflowRunId }, "Cancel");
    button.addEventListener("click", async (event) => {
      event.stopPropagation();
      try {
        await call("/v2/dev/runs/" + encodeURIComponent(run.workflowRunId), { method: "DELETE" });
        await refreshRuns();
      } catch (error) {
        showError("Cancel: " + error.message);
      }
    });
    return button;
  }

  function renderRuns(runs) {
    const body = $("runs");
    body.replaceChildren();
    for (const run of [...runs].reverse()) {
      const row = el(
        "tr",
        { class: "run" + (run.workflowRunId === selectedRun ? " selected" : ""), "data-run-id": run.workflowRunId },
        el("td", { class: "mono" }, run.workflowRunId),
        el("td", {}, stateBadge(run.state)),
        el("td", {}, run.labels.join(", ")),
        el("td", { class: "mono" }, run.url),
        el("td", {}, String(run.attempts.length)),
        el("td", { class: "due" }, due(run)),
        el("td", { class: "failure-call" }, failureCallOutcome(run)),
        el("td", {}, cancelButton(run)),
      );
      row.addEventListener("click", () => {
        selectedRun = run.workflowRunId;
        renderRuns(latestRuns);
      });
      body.append(row);
    }
    $("runs-empty").hidden = runs.length > 0;
    renderDetail(runs.find((run) => run.workflowRunId === selectedRun));
  }

  function renderHeaders(headers) {
    const rows = Object.entries(headers || {}).map(([name, value]) =>
      el("tr", {}, el("td", { class: "mono" }, name), el("td", { class: "mono" }, value)),
    );
    return el("details", {}, el("summary", {}, "headers sent"), el("table", {}, ...rows));
  }

  function renderDetail(run) {
    const box = $("run-detail");
    if (!run) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.key));
    const facts = [
      ["Run", run.workflowRunId],
      ["State", run.state],
      ["URL", run.url],
      ["Created", time(run.workflowCreatedAt)],
      ["Retries", String(run.retries) + (run.retryDelay ? " (delay " + run.retryDelay + ")" : "")],
      ["Labels", run.labels.join(", ")],
      ["Trace", run.traceparent || ""],
      ["Failure call to", run.failureCallback],
      ["Body", run.bodyBytes + " bytes" + (run.contentType ? ", " + run.contentType : "")],
    ];
    if (run.nextAttemptAt !== undefined) facts.push(["Next attempt", inTime(run.nextAttemptAt)]);
    if (run.flowControl) facts.push(["Flow control", JSON.stringify(run.flowControl)]);
    const info = el("dl", { class: "info" });
    for (const [name, value] of facts) info.append(el("dt", {}, name), el("dd", {}, value));
    const attempts = el(
      "table",
      { id: "attempts" },
      el("thead", {}, el("tr", {}, ...["Kind", "#", "Outcome", "Started", "Took", "Headers"].map((h) => el("th", {}, h)))),
    );
    run.attempts.forEach((attempt, index) => {
      const took = attempt.finishedAt === undefined ? "" : attempt.finishedAt - attempt.startedAt + " ms";
      const headers = renderHeaders(attempt.headers);
      headers.dataset.key = String(index);
      headers.open = open.has(String(index));
      attempts.append(
        el(
          "tr",
          { class: "attempt", "data-kind": attempt.kind },
          el("td", {}, attempt.kind),
          el("td", {}, String(attempt.attempt)),
          el("td", {}, attemptOutcome(attempt)),
          el("td", {}, time(attempt.startedAt)),
          el("td", {}, took),
          el("td", {}, headers),
        ),
      );
    });
    box.replaceChildren(el("h3", {}, "Run " + run.workflowRunId), info, el("h3", {}, "Attempts"), attempts);
    box.hidden = false;
  }

  // A filter change fetches at once while a poll may be in flight: only the latest answer counts.
  let runsRequest = 0;

  async function refreshRuns() {
    if (!token) return;
    const request = ++runsRequest;
    const query = new URLSearchParams({ limit: "100" });
    const state = $("state-filter").value;
    const label = $("label-filter").value.trim();
    if (state) query.set("state", state);
    if (label) query.set("label", label);
    try {
      clock = await poll("/v2/dev/clock");
      renderClock();
      const { runs } = await poll("/v2/dev/runs?" + query);
      if (request !== runsRequest) return;
      latestRuns = runs;
      renderRuns(runs);
      showError("");
      $("live").textContent = "live, updated " + new Date().toLocaleTimeString();
    } catch (error) {
      if (token) showError("Runs: " + error.message);
    }
  }

  function renderClock() {
    const manual = clock.mode === "manual";
    $("clock").hidden = !manual;
    if (!manual) return;
    $("clock-now").textContent = time(clock.now);
    const next = $("advance-next");
    next.disabled = clock.nextDueAt === undefined;
    next.title = clock.nextDueAt === undefined ? "nothing is due" : "to " + time(clock.nextDueAt);
  }

  async function advanceToNextDue() {
    if (clock.nextDueAt === undefined) return;
    try {
      clock = await call("/v2/dev/clock", {
        method: "POST",
        body: JSON.stringify({ advanceMs: Math.max(0, clock.nextDueAt - clock.now) }),
      });
      await refreshRuns();
    } catch (error) {
      showError("Clock: " + error.message);
    }
  }

  async function pollRuns() {
    await refreshRuns();
    await refreshFaults();
    setTimeout(pollRuns, RUNS_EVERY_MS);
  }
`;
