/**
 * The dashboard's script, served as `/dashboard.js`: plain browser JavaScript, no library.
 * It polls the dev routes of this origin with the token from the URL fragment (`#token=`,
 * kept in sessionStorage and taken off the address bar) and builds every node with
 * textContent, so no run URL, header or metadata value is ever read as HTML.
 */
import { POLL_HEADER } from "../http/request.js";
import { FAULTS_SCRIPT } from "./page-faults-script.js";
import { RUNS_SCRIPT } from "./page-runs-script.js";

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

  async function call(path, init = {}) {
    const headers = { authorization: "Bearer " + token, "content-type": "application/json", ...init.headers };
    const response = await fetch(path, { ...init, headers });
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

  // A poll is marked, so the CLI's request log leaves it out unless run with --log-polls.
  function poll(path) {
    return call(path, { headers: { "${POLL_HEADER}": "1" } });
  }

  function askForToken(message) {
    token = null;
    sessionStorage.removeItem("x-dev-token");
    $("token-form").hidden = false;
    $("live").textContent = message;
  }

${RUNS_SCRIPT}
${FAULTS_SCRIPT}
  function namespaceLabel(name) {
    return name === "" ? "(default)" : name;
  }

  async function pollInfo() {
    if (token) {
      try {
        const { result } = await poll("/v2/dev/vector/info");
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
  $("advance-next").addEventListener("click", advanceToNextDue);

  setUpFaultForm();
  if (!token) askForToken("Paste the token x-dev printed to connect.");
  pollRuns();
  pollInfo();
})();
`;
