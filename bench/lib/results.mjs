// RESULTS.md is shared by every bench section: each one replaces only its own block
// (between markers), so sections can be rerun alone without losing the others.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";

export const RESULTS = new URL("../RESULTS.md", import.meta.url);

export const SECTIONS = [
  "machine",
  "size",
  "calls",
  "calls-node24",
  "calls-node22",
  "e2e",
  "e2e-node24",
  "devserver",
  "build",
];

// run.mjs runs the client sections again on newer Nodes with BENCH_NODE=node24 (or node22):
// their blocks are then kept apart from the machine's Node's, and their heading names the Node.
const NODE_VARIANT = process.env.BENCH_NODE;

const TITLE =
  "# Benchmarks and budgets\n\nWritten by `pnpm bench` (all sections) and `pnpm size`; do not edit by hand.\n";

const start = (name) => `<!-- section:${name} -->`;
const end = (name) => `<!-- /section:${name} -->`;

/** Returns `doc` with the block of section `name` set to `body`, in the order of SECTIONS. */
export function replaceSection(doc, name, body) {
  if (!SECTIONS.includes(name)) throw new Error(`unknown section ${name}`);
  const blocks = new Map();
  for (const s of SECTIONS) {
    const i = doc.indexOf(start(s));
    const j = doc.indexOf(end(s));
    if (i >= 0 && j > i) blocks.set(s, doc.slice(i + start(s).length, j).trim());
  }
  blocks.set(name, body.trim());
  const parts = SECTIONS.filter((s) => blocks.has(s)).map(
    (s) => `${start(s)}\n${blocks.get(s)}\n${end(s)}`,
  );
  return `${TITLE}\n${parts.join("\n\n")}\n`;
}

export function writeSection(name, body) {
  let key = name;
  let text = body;
  if (NODE_VARIANT) {
    key = `${name}-${NODE_VARIANT}`;
    text = body.replace(/^## (.*)$/m, `## $1, on Node ${process.version}`);
  }
  const doc = existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "";
  writeFileSync(RESULTS, replaceSection(doc, key, text));
}

/** A Markdown table from a header row and data rows (cells are stringified). */
export function table(header, rows) {
  const line = (cells) => `| ${cells.map((c) => String(c)).join(" | ")} |`;
  const align = header.map((_, i) => (i === 0 ? "---" : "---:"));
  return [line(header), line(align), ...rows.map(line)].join("\n");
}

export function machine() {
  const cpu = cpus()[0]?.model?.trim() ?? "unknown cpu";
  return [
    "## Machine",
    "",
    `- node ${process.version} (${process.platform} ${process.arch})`,
    `- ${availableParallelism()} cores: ${cpu}`,
    `- memory ${(totalmem() / 2 ** 30).toFixed(1)} GiB; load average at start ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} (other work on the machine skews absolute figures; ratios are same-run)`,
    `- written ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
  ].join("\n");
}

export const fmt = {
  int: (n) => Math.round(n).toLocaleString("en-US"),
  ms: (n, digits = 2) => `${n.toFixed(digits)} ms`,
  ratio: (n) => `${n.toFixed(2)}x`,
  mib: (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`,
};

/** Quantile `q` (0..1) of unsorted samples, nearest-rank. */
export function quantile(samples, q) {
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
