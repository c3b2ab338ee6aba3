import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import type { CaseFile, ProtocolCase } from "./case-types.js";

/** Where the protocol tables live. */
export const CASES_DIR = new URL("../../cases/", import.meta.url);

const CASE_KEYS = new Set([
  "name",
  "client",
  "namespace",
  "call",
  "args",
  "request",
  "response",
  "exchanges",
  "result",
  "error",
]);
const FILE_KEYS = new Set(["service", "client", "exactHeaderPrefix", "cases"]);
const REQUEST_KEYS = new Set(["method", "url", "path", "query", "headers", "absent", "body"]);
const RESPONSE_KEYS = new Set(["status", "headers", "json", "text", "offSpec", "byDefault"]);
const ERROR_KEYS = new Set(["name", "message", "status", "field", "cause"]);

export interface LoadedCaseFile extends CaseFile {
  /** Path relative to `cases/`, for test names. */
  file: string;
}

/** Every `*.yaml`/`*.json` table under `cases/`, checked for typos in its keys. */
export function loadCaseFiles(dir: URL = CASES_DIR): LoadedCaseFile[] {
  const root = dir.pathname;
  const files: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ya?ml|json)$/.test(entry.name) && !entry.name.startsWith("mutations")) {
        files.push(full);
      }
    }
  };
  walk(root);
  return files.sort().map((full) => {
    const file = relative(root, full);
    const data = parse(readFileSync(full, "utf8")) as CaseFile;
    const problems = shapeProblems(data);
    if (problems.length > 0) throw new Error(`cases/${file}:\n${problems.join("\n")}`);
    return { ...data, file };
  });
}

// A misspelt key would silently turn an assertion off; refuse it instead.
function shapeProblems(data: CaseFile): string[] {
  const problems: string[] = [];
  const keys = (where: string, value: unknown, allowed: Set<string>) => {
    if (value === null || typeof value !== "object") {
      problems.push(`${where}: must be an object`);
      return;
    }
    for (const key of Object.keys(value)) {
      if (!allowed.has(key)) problems.push(`${where}: unknown key "${key}"`);
    }
  };
  keys("file", data, FILE_KEYS);
  if (data.service !== "workflow" && data.service !== "vector") {
    problems.push(`file: service must be "workflow" or "vector"`);
  }
  if (!Array.isArray(data.cases) || data.cases.length === 0) problems.push("file: no cases");
  const names = new Set<string>();
  for (const [i, c] of (data.cases ?? []).entries()) {
    const where = `case ${i} (${c?.name ?? "unnamed"})`;
    keys(where, c, CASE_KEYS);
    if (typeof c.name !== "string" || names.has(c.name)) {
      problems.push(`${where}: needs a unique name`);
    }
    names.add(c.name);
    if (typeof c.call !== "string") problems.push(`${where}: needs a call`);
    if ("result" in c === "error" in c) {
      problems.push(`${where}: give exactly one of result and error`);
    }
    if (c.exchanges !== undefined && (c.request !== undefined || c.response !== undefined)) {
      problems.push(`${where}: give exchanges or request/response, not both`);
    }
    if ((c.request === undefined) !== (c.response === undefined)) {
      problems.push(`${where}: request and response go together`);
    }
    if (c.error !== undefined) keys(`${where} error`, c.error, ERROR_KEYS);
    for (const [j, ex] of exchangesOf(c).entries()) {
      keys(`${where} request ${j}`, ex.request, REQUEST_KEYS);
      keys(`${where} response ${j}`, ex.response, RESPONSE_KEYS);
      if (typeof ex.request?.method !== "string") {
        problems.push(`${where} request ${j}: needs a method`);
      }
    }
  }
  return problems;
}

/** The exchanges of a case, the shorthand expanded. */
export function exchangesOf(c: ProtocolCase) {
  if (c.exchanges !== undefined) return c.exchanges;
  return c.request !== undefined && c.response !== undefined
    ? [{ request: c.request, response: c.response }]
    : [];
}

/** `{ $bytes: base64 }` to bytes. */
export function decodeBytes(value: unknown): Uint8Array | undefined {
  if (value !== null && typeof value === "object" && "$bytes" in value) {
    return new Uint8Array(Buffer.from(String((value as { $bytes: unknown }).$bytes), "base64"));
  }
  return undefined;
}
