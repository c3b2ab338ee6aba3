// Generated from src/dashboard/browser/ by scripts/gen-dashboard.ts. Do not edit: run
// `pnpm --filter @x/dev-server gen:dashboard` (`pnpm build` runs it too).
export const PAGE_SCRIPT = `"use strict";
(() => {
  // <define:DASHBOARD_FACTS>
  var define_DASHBOARD_FACTS_default = { pollHeader: "x-dev-poll", finalStates: ["succeeded", "callback-succeeded", "callback-failed", "cancelled"], faultOperations: { vector: ["range", "query", "fetch", "info", "upsert", "delete", "reset", "scan"], workflow: ["trigger"] } };

  // src/dashboard/browser/dom.ts
  function $(id, type = HTMLElement) {
    const node = document.getElementById(id);
    if (!(node instanceof type)) throw new Error(\`the page has no \${type.name} #\${id}\`);
    return node;
  }
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "class") node.className = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) {
      if (child === null) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }
  function showError(message) {
    const box = $("error");
    box.textContent = message;
    box.hidden = !message;
  }
  function messageOf(error) {
    return error instanceof Error ? error.message : String(error);
  }

  // src/dashboard/browser/format.ts
  function time(ms) {
    return ms === void 0 ? "" : new Date(ms).toLocaleString();
  }
  function span(ms) {
    const seconds = Math.max(0, Math.round(ms / 1e3));
    if (seconds < 120) return \`\${seconds} s\`;
    if (seconds < 7200) return \`\${Math.round(seconds / 60)} min\`;
    if (seconds < 172800) return \`\${Math.round(seconds / 3600)} h\`;
    return \`\${Math.round(seconds / 86400)} d\`;
  }
  function inTime(ms, now) {
    return \`in \${span(ms - now)} (\${time(ms)})\`;
  }

  // src/dashboard/browser/facts.ts
  var FACTS = define_DASHBOARD_FACTS_default;

  // src/dashboard/browser/session.ts
  var STORAGE_KEY = "x-dev-token";
  var token = null;
  function readToken() {
    const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
    if (fromHash) {
      sessionStorage.setItem(STORAGE_KEY, fromHash);
      history.replaceState(null, "", location.pathname + location.search);
      token = fromHash;
      return;
    }
    token = sessionStorage.getItem(STORAGE_KEY);
  }
  function hasToken() {
    return Boolean(token);
  }
  function takeToken(value) {
    token = value;
    if (!value) return false;
    sessionStorage.setItem(STORAGE_KEY, value);
    return true;
  }
  function askForToken(message) {
    token = null;
    sessionStorage.removeItem(STORAGE_KEY);
    $("token-form").hidden = false;
    $("live").textContent = message;
  }
  async function call(path, init = {}) {
    const headers = {
      authorization: \`Bearer \${token}\`,
      "content-type": "application/json",
      ...init.headers
    };
    const response = await fetch(path, { ...init, headers });
    const text = await response.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(\`\${path} answered \${response.status} with a body that is not JSON\`);
    }
    if (response.status === 401) {
      askForToken("The token was refused: paste the one x-dev printed.");
      throw new Error("unauthorized");
    }
    if (!response.ok) {
      throw new Error(
        body?.error || \`\${path} answered \${response.status}\`
      );
    }
    return body;
  }
  function poll(path) {
    return call(path, { headers: { [FACTS.pollHeader]: "1" } });
  }

  // src/dashboard/browser/clock.ts
  var clock = { mode: "real", now: Date.now() };
  function serverNow() {
    return clock.now;
  }
  async function refreshClock() {
    clock = await poll("/v2/dev/clock");
    renderClock();
  }
  function renderClock() {
    const manual = clock.mode === "manual";
    $("clock").hidden = !manual;
    if (!manual) return;
    $("clock-now").textContent = time(clock.now);
    const next = $("advance-next", HTMLButtonElement);
    next.disabled = clock.nextDueAt === void 0;
    next.title = clock.nextDueAt === void 0 ? "nothing is due" : \`to \${time(clock.nextDueAt)}\`;
  }
  async function advanceToNextDue(afterwards) {
    if (clock.nextDueAt === void 0) return;
    try {
      clock = await call("/v2/dev/clock", {
        method: "POST",
        body: JSON.stringify({ advanceMs: Math.max(0, clock.nextDueAt - clock.now) })
      });
      await afterwards();
    } catch (error) {
      showError(\`Clock: \${messageOf(error)}\`);
    }
  }

  // src/dashboard/browser/faults-text.ts
  function faultRule(form) {
    const rule = {
      service: form.service,
      status: Number(form.status),
      times: Number(form.times)
    };
    if (form.operation) rule.operation = form.operation;
    return rule;
  }
  function describeFault(fault) {
    const what = fault.drop || (fault.status === void 0 ? \`delay \${fault.delayMs} ms\` : String(fault.status));
    const route = fault.path || (fault.operation ? \`\${fault.operation} (operation)\` : "every route");
    const where = \`\${fault.service} \${fault.method || "any"} \${route}\`;
    return \`\${where}: \${what}, \${fault.hits} hit, \${fault.times} left\`;
  }
  function requestLine(request) {
    return \`\${request.service} \${request.method} \${request.path}\`;
  }

  // src/dashboard/browser/faults.ts
  function showFaultOperations() {
    const operations = FACTS.faultOperations[$("fault-service", HTMLSelectElement).value] || [];
    $("fault-operation").replaceChildren(
      el("option", { value: "" }, "every route"),
      ...operations.map((operation) => el("option", { value: operation }, operation))
    );
  }
  async function addFault(event) {
    event.preventDefault();
    const rule = faultRule({
      service: $("fault-service", HTMLSelectElement).value,
      operation: $("fault-operation", HTMLSelectElement).value,
      status: $("fault-status", HTMLInputElement).value,
      times: $("fault-times", HTMLInputElement).value
    });
    try {
      await call("/v2/dev/faults", { method: "POST", body: JSON.stringify(rule) });
      showError("");
      await refreshFaults();
    } catch (error) {
      showError(\`Faults: \${messageOf(error)}\`);
    }
  }
  function setUpFaultForm() {
    showFaultOperations();
    $("fault-service").addEventListener("change", showFaultOperations);
    $("fault-form").addEventListener("submit", addFault);
  }
  async function refreshFaults() {
    if (!hasToken()) return;
    try {
      const { faults, recent } = await poll("/v2/dev/faults");
      renderFaults(faults, recent);
    } catch (error) {
      if (hasToken()) showError(\`Faults: \${messageOf(error)}\`);
    }
  }
  function renderFaults(faults, recent) {
    $("fault-rules").hidden = faults.length === 0;
    $("faulted-table").hidden = recent.length === 0;
    $("fault-rules").replaceChildren(
      ...faults.map((fault) => el("li", {}, el("code", {}, fault.id), \` \${describeFault(fault)}\`))
    );
    $("faulted-requests").replaceChildren(
      ...recent.slice().reverse().map(
        (request) => el(
          "tr",
          { class: "faulted" },
          el("td", {}, time(request.at)),
          el("td", { class: "mono" }, requestLine(request)),
          el("td", {}, el("span", { class: "badge bad" }, \`FAULT \${request.fault}\`)),
          el("td", {}, request.outcome)
        )
      )
    );
  }

  // src/dashboard/browser/runs-text.ts
  function stateTone(state) {
    if (state === "succeeded" || state === "callback-succeeded") return "good";
    if (state === "callback-failed" || state === "cancelled") return "bad";
    if (state.endsWith("retrying") || state === "waiting" || state === "scheduled") return "wait";
    return "";
  }
  function attemptOutcome(attempt) {
    if (attempt.finishedAt === void 0) return "in flight";
    if (attempt.status !== void 0) return String(attempt.status);
    return \`no answer: \${attempt.error || "unknown error"}\`;
  }
  function took(attempt) {
    return attempt.finishedAt === void 0 ? "" : \`\${attempt.finishedAt - attempt.startedAt} ms\`;
  }
  function failureCallOutcome(run) {
    const calls = run.attempts.filter((attempt) => attempt.kind === "failure-call");
    const last = calls.at(-1);
    if (last === void 0) return "";
    let verdict = "calling";
    if (run.state === "callback-succeeded") verdict = "delivered";
    else if (run.state === "callback-failed") verdict = "gave up";
    else if (run.state === "callback-retrying") verdict = "retrying";
    const count = \`\${calls.length} call\${calls.length > 1 ? "s" : ""}\`;
    return \`\${verdict} (\${attemptOutcome(last)}, \${count})\`;
  }
  function due(run, now) {
    return run.nextAttemptAt === void 0 ? "" : inTime(run.nextAttemptAt, now);
  }
  function runFacts(run, now) {
    const facts = [
      ["Run", run.workflowRunId],
      ["State", run.state],
      ["URL", run.url],
      ["Created", time(run.workflowCreatedAt)],
      ["Retries", \`\${run.retries}\${run.retryDelay ? \` (delay \${run.retryDelay})\` : ""}\`],
      ["Labels", run.labels.join(", ")],
      ["Trace", run.traceparent || ""],
      ["Failure call to", run.failureCallback],
      ["Body", \`\${run.bodyBytes} bytes\${run.contentType ? \`, \${run.contentType}\` : ""}\`]
    ];
    if (run.nextAttemptAt !== void 0) facts.push(["Next attempt", inTime(run.nextAttemptAt, now)]);
    if (run.flowControl) facts.push(["Flow control", JSON.stringify(run.flowControl)]);
    return facts;
  }

  // src/dashboard/browser/runs.ts
  var selectedRun = null;
  var latestRuns = [];
  var runsRequest = 0;
  function stateBadge(state) {
    return el("span", { class: \`badge \${stateTone(state)}\`, "data-state": state }, state);
  }
  function cancelButton(run) {
    if (FACTS.finalStates.includes(run.state)) return null;
    const button = el(
      "button",
      { type: "button", class: "cancel", "data-cancel": run.workflowRunId },
      "Cancel"
    );
    button.addEventListener("click", async (event) => {
      event.stopPropagation();
      try {
        await call(\`/v2/dev/runs/\${encodeURIComponent(run.workflowRunId)}\`, { method: "DELETE" });
        await refreshRuns();
      } catch (error) {
        showError(\`Cancel: \${messageOf(error)}\`);
      }
    });
    return button;
  }
  function renderRuns(runs) {
    const body = $("runs");
    body.replaceChildren();
    const now = serverNow();
    for (const run of [...runs].reverse()) {
      const row = el(
        "tr",
        {
          class: \`run\${run.workflowRunId === selectedRun ? " selected" : ""}\`,
          "data-run-id": run.workflowRunId
        },
        el("td", { class: "mono" }, run.workflowRunId),
        el("td", {}, stateBadge(run.state)),
        el("td", {}, run.labels.join(", ")),
        el("td", { class: "mono" }, run.url),
        el("td", {}, String(run.attempts.length)),
        el("td", { class: "due" }, due(run, now)),
        el("td", { class: "failure-call" }, failureCallOutcome(run)),
        el("td", {}, cancelButton(run))
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
    const rows = Object.entries(headers).map(
      ([name, value]) => el("tr", {}, el("td", { class: "mono" }, name), el("td", { class: "mono" }, value))
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
    const open = new Set(
      [...box.querySelectorAll("details[open]")].map((d) => d.dataset.key)
    );
    const info = el("dl", { class: "info" });
    for (const [name, value] of runFacts(run, serverNow())) {
      info.append(el("dt", {}, name), el("dd", {}, value));
    }
    const heads = ["Kind", "#", "Outcome", "Started", "Took", "Headers"];
    const attempts = el(
      "table",
      { id: "attempts" },
      el("thead", {}, el("tr", {}, ...heads.map((head) => el("th", {}, head))))
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
          el("td", {}, headers)
        )
      );
    });
    box.replaceChildren(
      el("h3", {}, \`Run \${run.workflowRunId}\`),
      info,
      el("h3", {}, "Attempts"),
      attempts
    );
    box.hidden = false;
  }
  async function refreshRuns() {
    if (!hasToken()) return;
    const request = ++runsRequest;
    const query = new URLSearchParams({ limit: "100" });
    const state = $("state-filter", HTMLSelectElement).value;
    const label = $("label-filter", HTMLInputElement).value.trim();
    if (state) query.set("state", state);
    if (label) query.set("label", label);
    try {
      await refreshClock();
      const { runs } = await poll(\`/v2/dev/runs?\${query}\`);
      if (request !== runsRequest) return;
      latestRuns = runs;
      renderRuns(runs);
      showError("");
      $("live").textContent = \`live, updated \${(/* @__PURE__ */ new Date()).toLocaleTimeString()}\`;
    } catch (error) {
      if (hasToken()) showError(\`Runs: \${messageOf(error)}\`);
    }
  }

  // src/dashboard/browser/vector-text.ts
  function namespaceLabel(name) {
    return name === "" ? "(default)" : name;
  }
  function infoFacts(info) {
    return [
      ["Type", info.indexType],
      ["Dimension", String(info.dimension)],
      ["Similarity", info.similarityFunction],
      ["Vectors", \`\${info.vectorCount} ready, \${info.pendingVectorCount} pending\`],
      ["Size", \`\${info.indexSize} bytes\`]
    ];
  }
  function namespaceOptions(info) {
    return Object.keys(info.namespaces).sort().map((name) => {
      const counts = info.namespaces[name];
      const count = counts.vectorCount + counts.pendingVectorCount;
      return { value: name, label: \`\${namespaceLabel(name)} (\${count})\` };
    });
  }
  function namespaceChange(names, shown, chosen) {
    if (names.join("\\n") === shown.join("\\n")) return void 0;
    return { value: names.includes(chosen) ? chosen : "", first: shown.length === 0 };
  }
  function scanPath(namespace) {
    return \`/v2/dev/vector/scan\${namespace === "" ? "" : \`/\${encodeURIComponent(namespace)}\`}\`;
  }

  // src/dashboard/browser/vector.ts
  var INFO_EVERY_MS = 5e3;
  var PAGE_SIZE = 20;
  var recordsCursor = "0";
  async function pollInfo() {
    if (hasToken()) {
      try {
        const { result } = await poll("/v2/dev/vector/info");
        renderInfo(result);
      } catch (error) {
        if (hasToken()) showError(\`Vector info: \${messageOf(error)}\`);
      }
    }
    setTimeout(pollInfo, INFO_EVERY_MS);
  }
  function renderInfo(info) {
    const list = $("index-info");
    list.replaceChildren();
    for (const [name, value] of infoFacts(info)) list.append(el("dt", {}, name), el("dd", {}, value));
    const select = $("namespace", HTMLSelectElement);
    const options = namespaceOptions(info);
    const change = namespaceChange(
      options.map((option) => option.value),
      [...select.options].map((option) => option.value),
      select.value
    );
    if (change === void 0) return;
    select.replaceChildren(
      ...options.map((option) => el("option", { value: option.value }, option.label))
    );
    select.value = change.value;
    if (change.first) loadRecords(true);
  }
  async function loadRecords(fromStart) {
    if (!hasToken()) return;
    if (fromStart) recordsCursor = "0";
    const status = $("records-status");
    try {
      const { result } = await call(
        scanPath($("namespace", HTMLSelectElement).value),
        {
          method: "POST",
          body: JSON.stringify({
            cursor: recordsCursor,
            limit: PAGE_SIZE,
            filter: $("record-filter", HTMLInputElement).value
          })
        }
      );
      $("records").replaceChildren(
        ...result.vectors.map(
          (record) => el(
            "tr",
            { "data-record-id": record.id },
            el("td", { class: "mono" }, record.id),
            el(
              "td",
              {},
              el(
                "pre",
                {},
                record.metadata === void 0 ? "" : JSON.stringify(record.metadata, null, 1)
              )
            ),
            el("td", {}, record.data === void 0 ? "" : record.data)
          )
        )
      );
      recordsCursor = result.nextCursor;
      status.textContent = result.vectors.length === 0 ? "No record matches." : "";
      $("records-next").hidden = result.nextCursor === "";
    } catch (error) {
      status.textContent = messageOf(error);
    }
  }

  // src/dashboard/browser/main.ts
  var RUNS_EVERY_MS = 1e3;
  async function pollRuns() {
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
})();
`;
