/**
 * The dashboard's script, served as `/dashboard.js`: plain browser code, no library. It polls
 * the dev routes of this origin with the token (session.ts) and draws three panels: the runs
 * with the clock, the faults and the vector index. scripts/dashboard-bundle.ts bundles this
 * entry into the one script the page loads.
 */
import { advanceToNextDue } from "./clock.js";
import { $ } from "./dom.js";
import { refreshFaults, setUpFaultForm } from "./faults.js";
import { refreshRuns } from "./runs.js";
import { askForToken, hasToken, readToken, takeToken } from "./session.js";
import { loadRecords, pollInfo } from "./vector.js";

const RUNS_EVERY_MS = 1000;

/** Reads the runs (with the clock) and the faults, then again each second. */
async function pollRuns(): Promise<void> {
  await refreshRuns();
  await refreshFaults();
  setTimeout(pollRuns, RUNS_EVERY_MS);
}

readToken();
$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!takeToken($("token-input", HTMLInputElement).value.trim())) return;
  $("token-form").hidden = true;
  $("live").textContent = "connecting...";
  loadRecords(true);
});
$("runs-filter").addEventListener("change", refreshRuns);
$("label-filter").addEventListener("input", refreshRuns);
$("runs-filter").addEventListener("submit", (event) => event.preventDefault());
$("records-filter").addEventListener("submit", (event) => {
  event.preventDefault();
  loadRecords(true);
});
$("namespace").addEventListener("change", () => loadRecords(true));
$("records-next").addEventListener("click", () => loadRecords(false));
$("advance-next").addEventListener("click", () => advanceToNextDue(refreshRuns));

setUpFaultForm();
if (!hasToken()) askForToken("Paste the token x-dev printed to connect.");
pollRuns();
pollInfo();
