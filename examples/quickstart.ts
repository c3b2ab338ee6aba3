// The quick start: both clients against the embedded dev server, offline.
// Run it with `pnpm start` or `pnpm --filter @x/examples quickstart`: both run the packages'
// TypeScript sources (the `source` export condition), so no build is needed.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startDevServer } from "@x/dev-server";
import { filter, VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";

interface Movie {
  title: string;
  genre: string;
  year: number;
}

const step = (title: string) => console.log(`\n== ${title}`);
const show = (label: string, value: unknown) =>
  console.log(`   ${label}: ${typeof value === "string" ? value : JSON.stringify(value)}`);

// Delays and backoff run 100x faster than on the real service, so the demo takes seconds.
// The service's own log lines (attempts, retries, failure calls) are shown as they happen.
const dev = await startDevServer({
  timeScale: 0.01,
  log: (line) => {
    if (line.startsWith("[workflow]")) console.log(`   ${line}`);
  },
  vector: { dimension: 3, metric: "COSINE", type: "DENSE" },
});
console.log(`Dev server up: workflow ${dev.workflowUrl}, vector ${dev.vectorUrl}`);

try {
  await vectorDemo();
  await workflowDemo();
} finally {
  await dev.close();
}
console.log("\nDone. Everything above ran against the local dev server.");

async function vectorDemo() {
  step("Vector index: seed a few movies (dev-only /upsert endpoint)");
  const movies: Array<{ id: string; vector: number[]; metadata: Movie }> = [
    {
      id: "movie:1",
      vector: [0.9, 0.1, 0.0],
      metadata: { title: "Alien", genre: "sf", year: 1979 },
    },
    {
      id: "movie:2",
      vector: [0.8, 0.2, 0.1],
      metadata: { title: "Arrival", genre: "sf", year: 2016 },
    },
    {
      id: "movie:3",
      vector: [0.1, 0.9, 0.2],
      metadata: { title: "Amélie", genre: "comedy", year: 2001 },
    },
    {
      id: "movie:4",
      vector: [0.7, 0.0, 0.6],
      metadata: { title: "Dune", genre: "sf", year: 2021 },
    },
    {
      id: "show:1",
      vector: [0.2, 0.3, 0.9],
      metadata: { title: "Dark", genre: "drama", year: 2017 },
    },
  ];
  const upsert = await fetch(`${dev.vectorUrl}/upsert`, {
    method: "POST",
    headers: { authorization: `Bearer ${dev.token}`, "content-type": "application/json" },
    body: JSON.stringify(movies),
  });
  show("upserted", `${movies.length} records (HTTP ${upsert.status})`);

  const index = new VectorIndex<Movie>({ url: dev.vectorUrl, token: dev.token });

  step("rangeAll: every record, two per page");
  for await (const record of index.rangeAll({ pageSize: 2, includeMetadata: true })) {
    show(record.id, record.metadata?.title ?? "");
  }

  step("query: nearest to [1, 0, 0] among sf movies from 2000 on");
  const sf = await index.query({
    vector: [1, 0, 0],
    topK: 3,
    includeMetadata: true,
    filter: filter.and(filter.eq("genre", "sf"), filter.gte("year", 2000)),
  });
  for (const hit of sf) show(hit.id, `${hit.metadata?.title} score ${hit.score.toFixed(4)}`);

  step("queryMany: two queries in one request, one list each");
  const lists = await index.queryMany([
    { vector: [0, 1, 0], topK: 1, includeMetadata: true },
    { vector: [0, 0, 1], topK: 1, includeMetadata: true },
  ]);
  for (const [i, list] of lists.entries()) {
    show(
      `query ${i}`,
      list.map((hit) => hit.metadata?.title),
    );
  }

  step("fetch: by ids (a miss is null), then by prefix");
  const byId = await index.fetch({ ids: ["movie:3", "movie:404"], includeMetadata: true });
  show(
    "ids",
    byId.map((r) => r?.metadata?.title ?? null),
  );
  const byPrefix = await index.fetch({ prefix: "show:" });
  show(
    "prefix show:",
    byPrefix.map((r) => r?.id),
  );

  step("info (updated eventually, as on the real service)");
  await new Promise((resolve) => setTimeout(resolve, 200));
  const info = await index.info();
  show("vectors", `${info.vectorCount} ready, ${info.pendingVectorCount} pending`);
  show("index", `${info.indexType}, ${info.dimension} dims, ${info.similarityFunction}`);
  show("namespaces", info.namespaces);
}

async function workflowDemo() {
  const wf = new WorkflowClient({ token: dev.token, baseUrl: dev.workflowUrl });

  step("Workflow: an endpoint that fails twice, then succeeds");
  let calls = 0;
  const flaky = await listen((req, body) => {
    calls += 1;
    const status = calls <= 2 ? 503 : 200;
    const attempt = `delivery ${calls}`;
    show(attempt, `answered ${status}; tenant=${req.headers["x-tenant"]}, body=${body}`);
    return status;
  });
  const first = await wf.trigger({
    url: `${flaky.url}/orders/process`,
    body: { orderId: 42 },
    headers: { "X-Tenant": "acme" }, // forwarded as X-Tenant
    labels: ["quickstart", "orders"],
    retries: 3,
    retryDelay: "1000 * (retried + 1)", // 1 s, then 2 s (x0.01 here)
  });
  show("triggered", first);
  const run = await dev.runs.waitFor(first.workflowRunId, "succeeded", { timeoutMs: 10_000 });
  show("run", `${run.state}, labels ${run.labels.join(" + ")}, ${run.attempts.length} attempts`);

  step("Workflow: an endpoint that always fails, with a failure callback");
  const broken = await listen(() => 500);
  const callback = await listen((req, body) => {
    const report = JSON.parse(body) as { status: number; retried: number; maxRetries: number };
    show(
      "failure callback",
      `${req.headers["x-alert"]}: last status ${report.status}, retried ${report.retried} of ${report.maxRetries}`,
    );
    return 200;
  });
  const second = await wf.trigger({
    url: broken.url,
    body: "hello",
    retries: 1,
    failureCallback: { url: callback.url, headers: { "X-Alert": "on-call" } },
  });
  show("triggered", second);
  await dev.runs.waitFor(second.workflowRunId, "callback-succeeded", { timeoutMs: 10_000 });
  for (const server of [flaky, broken, callback]) server.server.close();
}

/** A local HTTP endpoint whose handler returns the status to answer with. */
async function listen(
  handler: (req: IncomingMessage, body: string) => number,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      res.statusCode = handler(req, Buffer.concat(chunks).toString("utf8"));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}
