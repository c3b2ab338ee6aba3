/**
 * The dashboard's script, served as `/dashboard.js`: plain browser JavaScript, no library.
 * It polls the dev routes of this origin with the token from the URL fragment (`#token=`,
 * kept in sessionStorage and taken off the address bar) and builds every node with
 * textContent, so no run URL, header or metadata value is ever read as HTML.
 */
export const PAGE_SCRIPT = `"use strict";
(() => {
  const RUNS_EVERY_MS = 1000;
  // Each info call is one line of the vector log, so the index is polled less often than runs.
  const INFO_EVERY_MS = 5000;
  const PAGE_SIZE = 20;
  const $ = (id) => document.getElementById(id);
  let token = readToken();
  let selectedRun = null;
  let latestRuns = [];
  let recordsCursor = "0";

  function readToken() {
    const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
    if (fromHash) {
      sessionStorage.setItem("x-dev-token", fromHash);
      history.replaceState(null, "", location.pathname + location.search);
      return fromHash;
    }
    return sessionStorage.getItem("x-dev-token");
  }

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(props || {})) {
      if (name === "class") node.className = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  function showError(message) {
    const box = $("error");
    box.textContent = message || "";
    box.hidden = !message;
  }

  async function call(path, init) {
    const response = await fetch(path, {
      ...init,
      headers: { authorization: "Bearer " + token, "content-type": "application/json" },
    });
    const text = await response.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(path + " answered " + response.status + " with a body that is not JSON");
    }
    if (response.status === 401) {
      askForToken("The token was refused: paste the one x-dev printed.");
      throw new Error("unauthorized");
    }
    if (!response.ok) throw new Error(body.error || path + " answered " + response.status);
    return body;
  }

  function askForToken(message) {
    token = null;
    sessionStorage.removeItem("x-dev-token");
    $("token-form").hidden = false;
    $("live").textContent = message;
  }

  function time(ms) {
    return ms === undefined ? "" : new Date(ms).toLocaleTimeString();
  }

  function inTime(ms) {
    const seconds = Math.max(0, Math.round((ms - Date.now()) / 1000));
    return "in " + seconds + " s (" + time(ms) + ")";
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

  function nextRetry(run) {
    return run.nextAttemptAt === undefined ? "" : inTime(run.nextAttemptAt);
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
        el("td", {}, nextRetry(run)),
        el("td", { class: "failure-call" }, failureCallOutcome(run)),
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
      ["Failure call to", run.failureCallback],
      ["Body", run.bodyBytes + " bytes" + (run.contentType ? ", " + run.contentType : "")],
    ];
    if (run.nextAttemptAt !== undefined) facts.push(["Next retry", inTime(run.nextAttemptAt)]);
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
      const { runs } = await call("/v2/dev/runs?" + query);
      if (request !== runsRequest) return;
      latestRuns = runs;
      renderRuns(runs);
      showError("");
      $("live").textContent = "live, updated " + new Date().toLocaleTimeString();
    } catch (error) {
      if (token) showError("Runs: " + error.message);
    }
  }

  async function pollRuns() {
    await refreshRuns();
    setTimeout(pollRuns, RUNS_EVERY_MS);
  }

  function namespaceLabel(name) {
    return name === "" ? "(default)" : name;
  }

  async function pollInfo() {
    if (token) {
      try {
        const { result } = await call("/v2/dev/vector/info");
        renderInfo(result);
      } catch (error) {
        if (token) showError("Vector info: " + error.message);
      }
    }
    setTimeout(pollInfo, INFO_EVERY_MS);
  }

  function renderInfo(info) {
    const list = $("index-info");
    list.replaceChildren();
    const facts = [
      ["Type", info.indexType],
      ["Dimension", String(info.dimension)],
      ["Similarity", info.similarityFunction],
      ["Vectors", info.vectorCount + " ready, " + info.pendingVectorCount + " pending"],
      ["Size", info.indexSize + " bytes"],
    ];
    for (const [name, value] of facts) list.append(el("dt", {}, name), el("dd", {}, value));
    const select = $("namespace");
    const chosen = select.value;
    const names = Object.keys(info.namespaces).sort();
    const shown = [...select.options].map((option) => option.value);
    if (names.join("\\n") !== shown.join("\\n")) {
      select.replaceChildren(
        ...names.map((name) => {
          const count = info.namespaces[name].vectorCount + info.namespaces[name].pendingVectorCount;
          return el("option", { value: name }, namespaceLabel(name) + " (" + count + ")");
        }),
      );
      select.value = names.includes(chosen) ? chosen : "";
      if (shown.length === 0) loadRecords(true);
    }
  }

  async function loadRecords(fromStart) {
    if (!token) return;
    if (fromStart) recordsCursor = "0";
    const namespace = $("namespace").value;
    const path = "/v2/dev/vector/scan" + (namespace === "" ? "" : "/" + encodeURIComponent(namespace));
    const status = $("records-status");
    try {
      const { result } = await call(path, {
        method: "POST",
        body: JSON.stringify({ cursor: recordsCursor, limit: PAGE_SIZE, filter: $("record-filter").value }),
      });
      const body = $("records");
      body.replaceChildren(
        ...result.vectors.map((record) =>
          el(
            "tr",
            { "data-record-id": record.id },
            el("td", { class: "mono" }, record.id),
            el("td", {}, el("pre", {}, record.metadata === undefined ? "" : JSON.stringify(record.metadata, null, 1))),
            el("td", {}, record.data === undefined ? "" : record.data),
          ),
        ),
      );
      recordsCursor = result.nextCursor;
      status.textContent = result.vectors.length === 0 ? "No record matches." : "";
      $("records-next").hidden = result.nextCursor === "";
    } catch (error) {
      status.textContent = error.message;
    }
  }

  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    token = $("token-input").value.trim();
    if (!token) return;
    sessionStorage.setItem("x-dev-token", token);
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

  if (!token) askForToken("Paste the token x-dev printed to connect.");
  pollRuns();
  pollInfo();
})();
`;
