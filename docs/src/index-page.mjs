// The landing page of the reference: one card per service, described in the
// words of its own spec (`info`), so the page never drifts from what it links to.

/** @param {string} text */
export function escapeHtml(text) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * The first paragraph of a Markdown description, as plain text: links keep their
 * words, emphasis marks go, so it reads well as a one-line summary.
 * @param {string | undefined} markdown
 */
export function summary(markdown) {
  const first = (markdown ?? "").trim().split(/\n\s*\n/)[0] ?? "";
  return first
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, "$2")
    .replace(/^#+\s*/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Escapes text and shows `code spans` as code. @param {string} text */
function inline(text) {
  return escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}

/**
 * @typedef {{ name: string, href: string, title: string, version: string, description: string }} ServicePage
 * @typedef {{ name: string, description: string, reference: string, readme: string }} PackagePages
 */

/** @param {ServicePage} s */
function serviceCard(s) {
  return `    <li>
      <h3><a href="${escapeHtml(s.href)}">${escapeHtml(s.title)}</a> <span class="version">v${escapeHtml(s.version)}</span></h3>
      <p>${inline(s.description)}</p>
      <p class="more"><a href="${escapeHtml(s.href)}">Read the ${escapeHtml(s.name)} API reference &rarr;</a></p>
    </li>`;
}

/** @param {PackagePages} p */
function packageCard(p) {
  return `    <li>
      <h3><a href="${escapeHtml(p.reference)}"><code>${escapeHtml(p.name)}</code></a></h3>
      <p>${inline(p.description)}</p>
      <p class="more"><a href="${escapeHtml(p.reference)}">SDK reference</a> &middot; <a href="${escapeHtml(p.readme)}">README</a></p>
    </li>`;
}

/**
 * @param {ServicePage[]} services
 * @param {PackagePages[]} packages
 */
export function renderIndex(services, packages) {
  const cards = services.map(serviceCard).join("\n");
  const packageCards = packages.map(packageCard).join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>API reference</title>
  <style>
    body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #f6f8fa; }
    main { max-width: 760px; margin: 0 auto; padding: 48px 24px; }
    h1 { margin: 0 0 8px; font-size: 2rem; }
    .lead { margin: 0 0 32px; color: #57606a; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 16px; }
    li { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 20px 24px; }
    h2 { margin: 40px 0 16px; font-size: 1.5rem; }
    h3 { margin: 0 0 8px; font-size: 1.25rem; }
    a { color: #0969da; text-decoration: none; }
    a:hover { text-decoration: underline; }
    .version { font-size: 0.8rem; font-weight: normal; color: #57606a; }
    code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #eff1f3; padding: 0 4px; border-radius: 4px; }
    .more { margin: 12px 0 0; }
  </style>
</head>
<body>
  <main>
    <h1>API reference</h1>
    <p class="lead">Generated from the OpenAPI specs the clients are built from, and from the clients' own sources. Every page works offline.</p>
    <h2>HTTP APIs</h2>
    <ul>
${cards}
    </ul>
    <h2>TypeScript SDK</h2>
    <p class="lead">Every class, option and error of the packages: <a href="sdk/index.html">the SDK reference</a>.</p>
    <ul>
${packageCards}
    </ul>
  </main>
</body>
</html>
`;
}
