/**
 * The dashboard's HTML and CSS. Plain markup, no external resource: the page works offline
 * and under the content security policy the route sets (everything from this origin).
 */
export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>x-dev dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard.css">
<script src="/dashboard.js" defer></script>
</head>
<body>
<header>
  <h1>x-dev</h1>
  <span id="live" class="muted">connecting...</span>
  <span id="clock" hidden>Virtual time <strong id="clock-now"></strong>
    <button id="advance-next" type="button">Advance to the next due run</button></span>
  <form id="token-form" hidden>
    <label>Token <input id="token-input" type="password" autocomplete="off" placeholder="the token x-dev printed"></label>
    <button type="submit">Connect</button>
  </form>
</header>
<p id="error" class="error" hidden></p>
<main>
  <section id="runs-panel">
    <h2>Workflow runs</h2>
    <form id="runs-filter" class="filters">
      <label>State <select id="state-filter">
        <option value="">any</option>
        <option>scheduled</option><option>waiting</option><option>delivering</option>
        <option>retrying</option><option>succeeded</option><option>callback-delivering</option>
        <option>callback-retrying</option><option>callback-succeeded</option>
        <option>callback-failed</option><option>cancelled</option>
      </select></label>
      <label>Label <input id="label-filter" placeholder="any"></label>
    </form>
    <table>
      <thead><tr><th>Run</th><th>State</th><th>Labels</th><th>URL</th><th>Attempts</th><th>Due</th><th>Failure call</th><th></th></tr></thead>
      <tbody id="runs"></tbody>
    </table>
    <p id="runs-empty" class="muted">No runs yet: trigger one (the x-dev banner shows a curl).</p>
    <div id="run-detail" hidden></div>
  </section>
  <section id="faults-panel">
    <h2>Faults</h2>
    <form id="fault-form" class="filters">
      <label>Service <select id="fault-service"><option>vector</option><option>workflow</option></select></label>
      <label>Operation <select id="fault-operation"></select></label>
      <label>Status <input id="fault-status" type="number" min="200" max="599" value="503"></label>
      <label>Times <input id="fault-times" type="number" min="1" value="1"></label>
      <button type="submit">Add fault</button>
    </form>
    <ul id="fault-rules"></ul>
    <table id="faulted-table">
      <thead><tr><th>Time</th><th>Request</th><th>Fault</th><th>Outcome</th></tr></thead>
      <tbody id="faulted-requests"></tbody>
    </table>
  </section>
  <section id="vector-panel">
    <h2>Vector index</h2>
    <dl id="index-info" class="info"></dl>
    <form id="records-filter" class="filters">
      <label>Namespace <select id="namespace"></select></label>
      <label class="grow">Filter <input id="record-filter" placeholder="genre = 'sci-fi' AND year > 2000"></label>
      <button type="submit">Apply</button>
    </form>
    <table>
      <thead><tr><th>Id</th><th>Metadata</th><th>Data</th></tr></thead>
      <tbody id="records"></tbody>
    </table>
    <p id="records-status" class="muted"></p>
    <button id="records-next" type="button" hidden>Next page</button>
  </section>
</main>
</body>
</html>
`;

export const PAGE_CSS = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; }
header { display: flex; gap: 1rem; align-items: center; padding: .6rem 1rem; background: #1d2330; color: #fff; }
header h1 { font-size: 1.1rem; margin: 0; }
main { display: grid; grid-template-columns: 3fr 2fr; gap: 1rem; padding: 1rem; }
section { background: #fff; border: 1px solid #dde1e7; border-radius: 6px; padding: .8rem; min-width: 0; }
h2 { font-size: 1rem; margin: 0 0 .6rem; }
h3 { font-size: .95rem; margin: .8rem 0 .4rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .4rem; border-bottom: 1px solid #eef0f3; vertical-align: top; }
th { font-weight: 600; color: #5a6373; font-size: .8rem; }
td { overflow-wrap: anywhere; }
tr.run { cursor: pointer; }
tr.run:hover, tr.run.selected { background: #eef4ff; }
code, pre, .mono { font-family: ui-monospace, monospace; font-size: .8rem; }
pre { margin: 0; white-space: pre-wrap; }
.muted { color: #7a8393; }
.error { color: #a4161a; background: #fde8e8; padding: .4rem 1rem; margin: 0; }
.filters { display: flex; gap: .8rem; align-items: end; margin-bottom: .6rem; flex-wrap: wrap; }
.filters .grow { flex: 1; }
.filters .grow input { width: 100%; box-sizing: border-box; }
.badge { display: inline-block; padding: 0 .4rem; border-radius: 9px; font-size: .75rem; background: #e4e7ec; }
.badge.good { background: #d3f2dc; color: #135c2b; }
.badge.bad { background: #fde0e0; color: #8a1c1c; }
.badge.wait { background: #fff1c7; color: #6b4e00; }
.info { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: 0 0 .8rem; }
.info dt { color: #5a6373; }
.info dd { margin: 0; }
#clock { display: flex; gap: .5rem; align-items: center; }
button.cancel { font-size: .75rem; }
#run-detail { margin-top: 1rem; border-top: 2px solid #dde1e7; padding-top: .6rem; }
details summary { cursor: pointer; color: #2456c7; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } }
`;

/** The vector port's `GET /`: where the dashboard is (it lives on the workflow port). */
export function vectorLinkPage(dashboard: string): string {
  const href = dashboard.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>x-dev vector service</title></head>
<body>
<h1>x-dev vector service</h1>
<p>This port answers the vector index API (<code>GET /info</code>, <code>POST /query</code>, ...).</p>
<p>The dashboard, with this index's records and the workflow runs, is at <a href="${href}">${href}</a>.</p>
</body>
</html>
`;
}
