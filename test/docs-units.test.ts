// Unit checks of the docs build's helpers: the offline check, the index page.
import { describe, expect, it } from "vitest";
import { renderIndex, summary } from "../docs/src/index-page.mjs";
import { externalResources, telemetryDisabled } from "../docs/src/offline.mjs";

describe("offline check", () => {
  it.each([
    ['<script src="https://cdn.redocly.com/redoc/v3/redoc.standalone.js"></script>'],
    ["<script type=module src=//unpkg.com/x.js></script>"],
    ['<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">'],
    ['<link rel="modulepreload" href="https://example.com/bundle.js" />'],
    ["<style>@import url(https://example.com/theme.css);</style>"],
    ['<style>@import "https://example.com/theme.css";</style>'],
    ["<style>@font-face{src:url('https://example.com/f.woff2')}</style>"],
    ['<img alt="logo" src="https://cdn.redoc.ly/redoc/logo-mini.svg">'],
    ["e?`https://cdn.redoc.ly/redoc/logo-mini-full.svg`:``"],
  ])("flags %s", (html) => {
    expect(externalResources(html)).not.toEqual([]);
  });

  it("allows plain hyperlinks, inline data and local files", () => {
    const html = `<a href="https://opensource.org/licenses/MIT">MIT</a>
      <link rel="icon" href="../favicon.svg"><script src="./local.js"></script>
      <img src="data:image/svg+xml,%3Csvg%3E"><style>.a{background:url(#grad)}</style>
      <svg xmlns="http://www.w3.org/2000/svg"></svg>`;
    expect(externalResources(html)).toEqual([]);
  });

  it("sees whether renderer telemetry is off", () => {
    const on = 'const __redoc_options = {"skipBundle":true};\n';
    const off = 'const __redoc_options = {"disableTelemetry":true,"skipBundle":true};\n';
    expect(telemetryDisabled(on)).toBe(false);
    expect(telemetryDisabled(off)).toBe(true);
    expect(telemetryDisabled("<html></html>")).toBe(false);
  });
});

describe("index page", () => {
  it("summarises a Markdown description by its first paragraph", () => {
    expect(summary("Reads **an** [index](https://x.example).\n\nMore.")).toBe("Reads an index.");
    expect(summary(undefined)).toBe("");
  });

  it("escapes what the specs say", () => {
    const html = renderIndex(
      [
        {
          name: "a",
          href: "a/index.html",
          title: "<b>A</b>",
          version: "1",
          description: "x & `y`",
        },
      ],
      [{ name: "@x/<p>", description: "p & `q`", reference: "sdk/p.html", readme: "sdk/r.html" }],
    );
    expect(html).toContain("&lt;b&gt;A&lt;/b&gt;");
    expect(html).toContain("x &amp; <code>y</code>");
    expect(html).toContain("<code>@x/&lt;p&gt;</code>");
    expect(html).toContain("p &amp; <code>q</code>");
  });
});
