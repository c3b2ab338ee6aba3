/**
 * The runs panel: the runs, newest first, each with a Cancel button until it is final; a
 * click shows a run's facts and attempts, with the headers each attempt was sent with.
 */
import { refreshClock, serverNow } from "./clock.js";
import { $, el, messageOf, showError } from "./dom.js";
import { FACTS } from "./facts.js";
import { time } from "./format.js";
import { attemptOutcome, due, failureCallOutcome, runFacts, stateTone, took } from "./runs-text.js";
import { call, hasToken, poll } from "./session.js";
import type { Run } from "./wire.js";

let selectedRun: string | null = null;
let latestRuns: Run[] = [];
// A filter change fetches at once while a poll may be in flight: only the latest answer counts.
let runsRequest = 0;

function stateBadge(state: string): HTMLElement {
  return el("span", { class: `badge ${stateTone(state)}`, "data-state": state }, state);
}

function cancelButton(run: Run): HTMLElement | null {
  if (FACTS.finalStates.includes(run.state)) return null;
  const button = el(
    "button",
    { type: "button", class: "cancel", "data-cancel": run.workflowRunId },
    "Cancel",
  );
  button.addEventListener("click", async (event) => {
    event.stopPropagation();
    try {
      await call(`/v2/dev/runs/${encodeURIComponent(run.workflowRunId)}`, { method: "DELETE" });
      await refreshRuns();
    } catch (error) {
      showError(`Cancel: ${messageOf(error)}`);
    }
  });
  return button;
}

function renderRuns(runs: Run[]): void {
  const body = $("runs");
  body.replaceChildren();
  const now = serverNow();
  for (const run of [...runs].reverse()) {
    const row = el(
      "tr",
      {
        class: `run${run.workflowRunId === selectedRun ? " selected" : ""}`,
        "data-run-id": run.workflowRunId,
      },
      el("td", { class: "mono" }, run.workflowRunId),
      el("td", {}, stateBadge(run.state)),
      el("td", {}, run.labels.join(", ")),
      el("td", { class: "mono" }, run.url),
      el("td", {}, String(run.attempts.length)),
      el("td", { class: "due" }, due(run, now)),
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

function renderHeaders(headers: Record<string, string>): HTMLDetailsElement {
  const rows = Object.entries(headers).map(([name, value]) =>
    el("tr", {}, el("td", { class: "mono" }, name), el("td", { class: "mono" }, value)),
  );
  return el("details", {}, el("summary", {}, "headers sent"), el("table", {}, ...rows));
}

function renderDetail(run: Run | undefined): void {
  const box = $("run-detail");
  if (!run) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  // Redrawn each second: the header lists the user opened stay open.
  const open = new Set(
    [...box.querySelectorAll<HTMLDetailsElement>("details[open]")].map((d) => d.dataset.key),
  );
  const info = el("dl", { class: "info" });
  for (const [name, value] of runFacts(run, serverNow())) {
    info.append(el("dt", {}, name), el("dd", {}, value));
  }
  const heads = ["Kind", "#", "Outcome", "Started", "Took", "Headers"];
  const attempts = el(
    "table",
    { id: "attempts" },
    el("thead", {}, el("tr", {}, ...heads.map((head) => el("th", {}, head)))),
  );
  run.attempts.forEach((attempt, index) => {
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
        el("td", {}, took(attempt)),
        el("td", {}, headers),
      ),
    );
  });
  box.replaceChildren(
    el("h3", {}, `Run ${run.workflowRunId}`),
    info,
    el("h3", {}, "Attempts"),
    attempts,
  );
  box.hidden = false;
}

/** Reads the clock and the runs the filters select, and shows them. */
export async function refreshRuns(): Promise<void> {
  if (!hasToken()) return;
  const request = ++runsRequest;
  const query = new URLSearchParams({ limit: "100" });
  const state = $("state-filter", HTMLSelectElement).value;
  const label = $("label-filter", HTMLInputElement).value.trim();
  if (state) query.set("state", state);
  if (label) query.set("label", label);
  try {
    await refreshClock();
    const { runs } = await poll<{ runs: Run[] }>(`/v2/dev/runs?${query}`);
    if (request !== runsRequest) return;
    latestRuns = runs;
    renderRuns(runs);
    showError("");
    $("live").textContent = `live, updated ${new Date().toLocaleTimeString()}`;
  } catch (error) {
    if (hasToken()) showError(`Runs: ${messageOf(error)}`);
  }
}
