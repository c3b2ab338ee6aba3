// The README's tables of spans, attributes and retry events, and its list of options, checked
// both ways against what a client records: every operation on the default and a named
// namespace, a trigger, an `api` call, a retried, a timed-out and a failed call. A span,
// attribute or option that changes without its README line fails here.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SpanKind } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { tracing } from "@x/otel";
import { VectorIndex } from "@x/vector";
import { createVectorApi } from "@x/vector/api";
import { WorkflowClient } from "@x/workflow";
import { beforeAll, describe, expect, test } from "vitest";
import { TOKEN } from "./harness";
import { BASE, INFO } from "./stub-fetch";

const readme = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
const apiReport = readFileSync(fileURLToPath(new URL("../otel.api.md", import.meta.url)), "utf8");

/** The rows of the README table whose header starts with `first`, as trimmed cells. */
function table(first: string): string[][] {
  const lines = readme.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`| ${first} |`));
  if (start === -1) throw new Error(`the README has no table headed "${first}"`);
  const rows: string[][] = [];
  // Past the header and the separator, up to the first line that is not a row.
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** What a cell writes in backticks. */
function coded(cell: string | undefined): string[] {
  return [...(cell ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
}

/** Answers each operation of both services by its path, after the replies given for the first requests. */
function serviceFetch(first: Array<"503" | "422" | "hang">) {
  return (url: string): Promise<Response> => {
    const next = first.shift();
    if (next === "hang") return new Promise(() => {});
    if (next === "503") {
      return Promise.resolve(
        Response.json(
          { error: "busy", status: 503 },
          { status: 503, headers: { "retry-after": "0" } },
        ),
      );
    }
    if (next === "422") {
      return Promise.resolve(Response.json({ error: "dimension", status: 422 }, { status: 422 }));
    }
    const path = new URL(url).pathname;
    if (path.startsWith("/v2/trigger/")) {
      return Promise.resolve(Response.json({ workflowRunId: "wfr_1", workflowCreatedAt: 1 }));
    }
    const results: Record<string, unknown> = {
      range: { nextCursor: "", vectors: [] },
      query: [],
      fetch: [],
      info: INFO,
    };
    return Promise.resolve(Response.json({ result: results[path.split("/")[1] ?? ""] }));
  };
}

function recorder(attemptSpans: boolean) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { tracing: tracing({ tracerProvider: provider, attemptSpans }), exporter };
}

/** Every span of the scenarios: calls have no parent, attempts have their call as parent. */
async function recordAll(attemptSpans: boolean): Promise<ReadableSpan[]> {
  const { tracing: traced, exporter } = recorder(attemptSpans);
  const first: Array<"503" | "422" | "hang"> = [];
  const options = { url: BASE, token: TOKEN, fetch: serviceFetch(first), tracing: traced };
  const index = new VectorIndex(options);
  for (const scoped of [index, index.namespace("movies")]) {
    await scoped.range({ cursor: "0", limit: 1 });
    await scoped.query({ vector: [1, 0], topK: 1 });
    await scoped.queryMany([{ vector: [1, 0] }, { vector: [0, 1] }]);
    await scoped.fetch(["a"]);
    await scoped.info();
  }
  await createVectorApi(index).POST("/query/{namespace}", {
    params: { path: { namespace: "movies" } },
    body: { vector: [1, 0], topK: 1 },
  });
  const wf = new WorkflowClient({
    baseUrl: "https://workflow.example.com",
    token: TOKEN,
    fetch: serviceFetch([]),
    tracing: traced,
  });
  await wf.trigger({ url: "https://example.org/api/workflow" });
  // Retried, then answered; cut by its timeout, retried, then answered; refused.
  first.push("503");
  await index.query({ vector: [1, 0], topK: 1 }, { maxRetries: 1 });
  first.push("hang");
  await index.info({ timeoutMs: 5, maxRetries: 1 });
  first.push("422");
  await index.query({ vector: [1, 0], topK: 1 }).catch(() => {});
  return exporter.getFinishedSpans();
}

let spans: ReadableSpan[];
let unsplit: ReadableSpan[];
beforeAll(async () => {
  spans = await recordAll(true);
  unsplit = await recordAll(false);
});

const calls = () => spans.filter((span) => span.parentSpanContext === undefined);
const attempts = () => spans.filter((span) => span.parentSpanContext !== undefined);
const keysOf = (list: ReadableSpan[]) =>
  [...new Set(list.flatMap((span) => Object.keys(span.attributes)))].sort();

describe("the README's span table", () => {
  const rows = new Map(table("Span").map(([span, name, kind]) => [span, { name, kind }]));

  test("names every call span, and only those", () => {
    const documented = coded(rows.get("call")?.name).filter((name) => /^\w+\.\w+$/.test(name));
    const recorded = calls()
      .map((span) => span.name)
      .filter((name) => !name.includes(" ")); // `api` calls are named as their attempts
    expect([...new Set(recorded)].sort()).toEqual([...documented].sort());
    expect(calls().some((span) => span.name === "POST /query/{namespace}")).toBe(true);
  });

  test("names every attempt span, and only those", () => {
    const documented = coded(rows.get("attempt")?.name).filter((name) => /^[A-Z]+ \//.test(name));
    expect([...new Set(attempts().map((span) => span.name))].sort()).toEqual(
      [...documented].sort(),
    );
  });

  test("gives each span's kind, and the call's with attemptSpans: false", () => {
    const [callKind, unsplitKind] = coded(rows.get("call")?.kind);
    expect(new Set(calls().map((span) => SpanKind[span.kind]))).toEqual(new Set([callKind]));
    expect(new Set(unsplit.map((span) => SpanKind[span.kind]))).toEqual(new Set([unsplitKind]));
    expect(coded(rows.get("attempt")?.kind)).toEqual(["CLIENT"]);
    expect(new Set(attempts().map((span) => SpanKind[span.kind]))).toEqual(new Set(["CLIENT"]));
  });
});

describe("the README's attribute table", () => {
  const rows = table("Attribute").map(([name, on]) => ({
    name: coded(name)[0],
    on: (on ?? "").split(/,\s*/),
  }));
  const on = (span: string) =>
    rows
      .filter((row) => row.on.includes(span))
      .map((row) => row.name)
      .sort();

  test("lists every attribute of a call span, and only those", () => {
    expect(keysOf(calls())).toEqual(on("call"));
  });

  test("lists every attribute of an attempt span, and only those", () => {
    expect(keysOf(attempts())).toEqual(on("attempt"));
  });

  test("with attemptSpans: false, the call span carries the resend count", () => {
    expect(keysOf(unsplit)).toEqual([...on("call"), "http.request.resend_count"].sort());
  });
});

describe("the README's retry event table", () => {
  const events = () =>
    calls()
      .flatMap((span) => span.events)
      .filter((event) => event.name !== "exception");

  test("lists every attribute of a retry event, and only those", () => {
    const documented = table("Event attribute").map(([name]) => coded(name)[0] as string);
    const recorded = new Set(events().flatMap((event) => Object.keys(event.attributes ?? {})));
    expect([...recorded].sort()).toEqual(documented.sort());
  });

  test("names the events as they are recorded", () => {
    const recorded = [...new Set(events().map((event) => event.name))].sort();
    expect(recorded).toEqual(["http.retry", "http.timeout"]);
    for (const name of recorded) expect(readme).toContain(`\`${name}\``);
  });
});

test("the README's options are TracingOptions' fields, each in the signature and a bullet", () => {
  const report = /export interface TracingOptions \{([^}]*)\}/.exec(apiReport)?.[1] ?? "";
  const fields = [...report.matchAll(/^\s+(\w+)\?:/gm)].map((match) => match[1] as string).sort();
  expect(fields.length).toBeGreaterThan(0);
  const options = readme.slice(
    readme.indexOf("## Options"),
    readme.indexOf("\n## ", readme.indexOf("## Options") + 1),
  );
  const bullets = [...options.matchAll(/^- `(\w+)`/gm)].map((match) => match[1] as string).sort();
  expect(bullets).toEqual(fields);
  const signature = /tracing\(\{([^}]*)\}\)/.exec(options)?.[1] ?? "";
  expect(
    signature
      .split(",")
      .map((field) => field.trim().replace("?", ""))
      .sort(),
  ).toEqual(fields);
});
