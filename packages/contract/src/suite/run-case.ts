import { isDeepStrictEqual } from "node:util";
import { type ContractSpec, checkRequest, checkResponse, formatViolations } from "@x/openapi-check";
import { decodeBytes, exchangesOf, type LoadedCaseFile } from "./case-data.js";
import type { ProtocolCase, RequestExpect, ResponseData } from "./case-types.js";
import { decodeArg, type FetchFn, invoke, makeClient } from "./clients.js";

/** The canned answer of an exchange, as a fresh Response (one per reader). */
function toResponse(data: ResponseData): Response {
  const headers = new Headers(data.headers);
  let body: string | null = data.text ?? null;
  if (data.json !== undefined) {
    body = JSON.stringify(data.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new Response(body, { status: data.status, headers });
}

/**
 * Runs one protocol case against its client through a scripted fetch and reports what
 * went wrong. Every request is also checked against the spec, and
 * every canned response the spec declares too.
 */
export async function runCase(
  file: LoadedCaseFile,
  c: ProtocolCase,
  spec: ContractSpec,
): Promise<CaseOutcome> {
  const failures: string[] = [];
  const operations: string[] = [];
  const exchanges = exchangesOf(c);
  const sent: Request[] = [];
  const fetch: FetchFn = async (url, init) => {
    const request = new Request(url, init);
    sent.push(request);
    const exchange = exchanges[sent.length - 1];
    // 418 is not retried, so an unexpected request ends the call at once.
    if (exchange === undefined) return new Response("unexpected request", { status: 418 });
    return toResponse(exchange.response);
  };

  let value: unknown;
  let thrown: unknown;
  let threw = false;
  const options = { ...file.client, ...c.client };
  try {
    const client = makeClient(file.service, options, fetch, c.namespace);
    value = await invoke(client, c.call, (c.args ?? []).map(decodeArg));
  } catch (error) {
    threw = true;
    thrown = error;
  }

  if (sent.length !== exchanges.length) {
    failures.push(`sent ${sent.length} request(s), the case expects ${exchanges.length}`);
  }
  for (const [i, request] of sent.entries()) {
    const exchange = exchanges[i];
    if (exchange === undefined) break;
    const at = exchanges.length > 1 ? `request ${i + 1}: ` : "";
    const problems = await requestProblems(request, exchange.request, file.exactHeaderPrefix);
    failures.push(...problems.map((p) => at + p));
    const check = await checkRequest(spec, request);
    if (check.violations.length > 0) {
      failures.push(`${at}the spec rejects the request:\n${formatViolations(check.violations)}`);
    }
    const operationId = check.operation?.operationId;
    if (operationId !== undefined) {
      operations.push(operationId);
      failures.push(
        ...(await responseProblems(spec, operationId, exchange.response)).map((p) => at + p),
      );
    }
  }

  const token = String(options.token ?? "");
  if (threw) {
    failures.push(...errorProblems(c, thrown, token));
  } else if (c.error !== undefined) {
    failures.push(`resolved to ${show(value)} instead of throwing ${c.error.name}`);
  } else if (!isDeepStrictEqual(value, c.result)) {
    failures.push(`result differs\n  expected: ${show(c.result)}\n  actual:   ${show(value)}`);
  }
  return { failures, operations };
}

export interface CaseOutcome {
  /** What went wrong; empty when the case holds. */
  failures: string[];
  /** The spec operation of each request sent. */
  operations: string[];
}

/** Whether the operation lists `status` itself or its range (`4XX`), not only `default`. */
function listsStatus(spec: ContractSpec, operationId: string, status: number): boolean {
  const keys = Object.keys(
    spec.operations.find((op) => op.operationId === operationId)?.responses ?? {},
  );
  const range = `${String(status).charAt(0)}XX`;
  return keys.some((key) => key === String(status) || key.toUpperCase() === range);
}

async function responseProblems(
  spec: ContractSpec,
  operationId: string,
  data: ResponseData,
): Promise<string[]> {
  const violations = await checkResponse(spec, operationId, toResponse(data));
  const listed = listsStatus(spec, operationId, data.status);
  if (data.byDefault === true && listed) {
    return [`response ${data.status} is marked byDefault, but ${operationId} lists it`];
  }
  if (data.byDefault !== true && !listed && !data.offSpec) {
    return [
      `response ${data.status} is allowed only by ${operationId}'s default answer; mark it byDefault if the case means that`,
    ];
  }
  if (data.offSpec) {
    // Kept honest: once the spec allows this response, the case must stop saying otherwise.
    return violations.length > 0
      ? []
      : [`response ${data.status} is marked offSpec, but ${operationId} allows it`];
  }
  return violations.length === 0
    ? []
    : [`the spec rejects the canned ${data.status} response:\n${formatViolations(violations)}`];
}

function errorProblems(c: ProtocolCase, thrown: unknown, token: string): string[] {
  const error = thrown as Error & { status?: unknown; field?: unknown };
  if (c.error === undefined) return [`threw ${error?.name}: ${error?.message}`];
  const problems: string[] = [];
  const { name, message, status, field, cause } = c.error;
  if (error?.name !== name) problems.push(`threw ${error?.name} (${error?.message}), not ${name}`);
  if (message !== undefined && !String(error?.message).includes(message)) {
    problems.push(`error message "${error?.message}" lacks "${message}"`);
  }
  if (status !== undefined && error.status !== status) {
    problems.push(`error status ${String(error.status)}, expected ${status}`);
  }
  if (field !== undefined && error.field !== field) {
    problems.push(`error field ${String(error.field)}, expected ${field}`);
  }
  const causeMessage = String((error?.cause as Error | undefined)?.message);
  if (cause !== undefined && !causeMessage.includes(cause)) {
    problems.push(`error cause "${causeMessage}" lacks "${cause}"`);
  }
  const exposed = `${error?.message} ${JSON.stringify(error)}`;
  if (token !== "" && exposed.includes(token)) problems.push("the error shows the token");
  return problems;
}

/** How the request differs from what the case states. */
async function requestProblems(
  request: Request,
  expect: RequestExpect,
  exactHeaderPrefix?: string,
): Promise<string[]> {
  const problems: string[] = [];
  const url = new URL(request.url);
  if (request.method !== expect.method) {
    problems.push(`method ${request.method}, expected ${expect.method}`);
  }
  if (expect.url !== undefined && request.url !== expect.url) {
    problems.push(`url\n  expected: ${expect.url}\n  actual:   ${request.url}`);
  }
  if (expect.path !== undefined && url.pathname !== expect.path) {
    problems.push(`path\n  expected: ${expect.path}\n  actual:   ${url.pathname}`);
  }
  if (expect.query !== undefined) {
    const query = Object.fromEntries(url.searchParams);
    if (!isDeepStrictEqual(query, expect.query)) {
      problems.push(`query ${show(query)}, expected ${show(expect.query)}`);
    }
  }
  const listed = new Set(Object.keys(expect.headers ?? {}).map((n) => n.toLowerCase()));
  for (const [name, want] of Object.entries(expect.headers ?? {})) {
    const got = request.headers.get(name);
    if (got !== want) problems.push(`header ${name}: ${show(got)}, expected ${show(want)}`);
  }
  for (const name of expect.absent ?? []) {
    if (request.headers.has(name)) {
      problems.push(`header ${name} must be absent (got ${show(request.headers.get(name))})`);
    }
  }
  if (exactHeaderPrefix !== undefined) {
    for (const [name, got] of request.headers) {
      if (name.startsWith(exactHeaderPrefix) && !listed.has(name)) {
        problems.push(`unexpected header ${name}: ${show(got)}`);
      }
    }
  }
  problems.push(...(await bodyProblems(request.clone(), expect.body)));
  return problems;
}

async function bodyProblems(request: Request, expect: RequestExpect["body"]): Promise<string[]> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (expect === undefined || expect === null) {
    return bytes.byteLength === 0 ? [] : [`body must be empty (got ${bytes.byteLength} bytes)`];
  }
  const text = new TextDecoder().decode(bytes);
  if ("json" in expect) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return [`body is not JSON: ${show(text)}`];
    }
    return isDeepStrictEqual(parsed, expect.json)
      ? []
      : [`body\n  expected: ${show(expect.json)}\n  actual:   ${text}`];
  }
  if ("text" in expect) {
    return text === expect.text ? [] : [`body ${show(text)}, expected ${show(expect.text)}`];
  }
  const want = decodeBytes(expect.bytes);
  if (want === undefined) return ['body.bytes must be { $bytes: "<base64>" }'];
  return Buffer.from(bytes).equals(Buffer.from(want))
    ? []
    : [
        `body bytes ${Buffer.from(bytes).toString("base64")}, expected ${Buffer.from(want).toString("base64")}`,
      ];
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
