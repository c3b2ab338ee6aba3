// What makes a page need the network to render. The reference must work from a
// laptop on a plane, so the build refuses a page with any of these and the test
// checks the same thing. Plain hyperlinks (<a href>, a license URL in text) are
// fine: following them is the reader's choice, not something rendering needs.

// Hosts that only ever serve renderer code, styles, fonts or images.
const bannedHosts = [
  "fonts.googleapis.com",
  "fonts.gstatic.com",
  "cdn.redoc.ly",
  "cdn.redocly.com/redoc/",
  "cdn.jsdelivr.net",
  "unpkg.com",
];

const remote = "(?:https?:)?//";

// Elements whose URL attribute is fetched while the page loads.
const fetchedAttributes = [
  new RegExp(String.raw`<script\b[^>]*\bsrc\s*=\s*["']?${remote}[^"'\s>]*`, "gi"),
  new RegExp(String.raw`<link\b[^>]*\bhref\s*=\s*["']?${remote}[^"'\s>]*`, "gi"),
  new RegExp(
    String.raw`<(?:img|iframe|source|embed|video|audio|object)\b[^>]*\b(?:src|data)\s*=\s*["']?${remote}[^"'\s>]*`,
    "gi",
  ),
];

// CSS that pulls something in: url(...) and @import, wherever it appears.
const cssFetches = [
  new RegExp(String.raw`url\(\s*["']?${remote}[^"')\s]*`, "gi"),
  new RegExp(String.raw`@import\s+["']${remote}[^"']*`, "gi"),
];

/**
 * Lists every reference in `html` that a browser would fetch from another host
 * while rendering it. An empty list means the page renders offline.
 * @param {string} html
 * @returns {string[]}
 */
export function externalResources(html) {
  const found = [];
  for (const pattern of [...fetchedAttributes, ...cssFetches]) {
    for (const match of html.matchAll(pattern)) found.push(match[0]);
  }
  for (const host of bannedHosts) {
    if (html.includes(host)) found.push(host);
  }
  return found;
}

/**
 * True when the Redoc page was built with its browser telemetry switched off
 * (otherwise the renderer posts usage events to its vendor).
 * @param {string} html
 */
export function telemetryDisabled(html) {
  const options = /const __redoc_options = (\{.*?\});\n/.exec(html);
  return options !== null && JSON.parse(options[1]).disableTelemetry === true;
}

/**
 * The OpenAPI document a Redoc page embeds and renders in the browser.
 * @param {string} html
 * @returns {unknown}
 */
export function embeddedDefinition(html) {
  const definition = /const __redoc_definition = (\{.*?\});\n/.exec(html);
  if (definition === null) throw new Error("no embedded API definition in the page");
  return JSON.parse(definition[1]);
}
