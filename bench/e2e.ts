// Loopback end to end: our clients against a plain `fetch` of the same request, both to
// @x/dev-server (its own process) on 127.0.0.1 over keep-alive connections (undici's global pool). Calls
// alternate (ours, plain, plain, ours, ...) so drift hits both alike.
// Run: node --conditions=source --import tsx e2e.ts
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { random, timed, vectorOf } from "./lib/data";
import { startDevProcess } from "./lib/dev-process";
import { loadClients } from "./lib/load-clients";
import { fmt, quantile, table, writeSection } from "./lib/results.mjs";

const PAIRS = Number(process.env.BENCH_E2E_PAIRS ?? 1500);
const WARMUP = 200;
const DIMENSION = 384;

interface Pair {
  name: string;
  ours: () => Promise<unknown>;
  plain: () => Promise<unknown>;
  /** Both answers, reduced to what must be equal. */
  same: (a: never, b: never) => boolean;
}

async function runE2e() {
  const { VectorIndex, WorkflowClient } = await loadClients();
  const next = random(8);
  // The dev server runs in its own process, as `x-dev start` does.
  const dev = await startDevProcess({ dimension: DIMENSION, seedCount: 1000 });
  // Deliveries of the triggered runs land here and are answered at once.
  let deliveries = 0;
  const endpoint = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      deliveries++;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  const target = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/workflow`;

  try {
    const auth = { authorization: `Bearer ${dev.token}` };
    const json = { ...auth, "content-type": "application/json" };
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
    const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token });
    const q = { vector: vectorOf(next, DIMENSION), topK: 10, includeMetadata: true };
    const ids = ["doc-1", "doc-2", "doc-999"];
    const post = async (url: string, headers: Record<string, string>, body: unknown) => {
      const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const payload = { orderId: 1042, note: "bench" };
    const pairs: Pair[] = [
      {
        name: `vector query (1,000 x ${DIMENSION}, topK 10)`,
        ours: () => index.query(q),
        plain: async () => (await post(`${dev.vectorUrl}/query`, json, q)).result,
        same: (a: { id: string }[], b: { id: string }[]) =>
          a.length === 10 && a.map((r) => r.id).join() === b.map((r) => r.id).join(),
      },
      {
        name: "vector fetch (3 ids)",
        ours: () => index.fetch({ ids, includeMetadata: true }),
        plain: async () =>
          (await post(`${dev.vectorUrl}/fetch`, json, { ids, includeMetadata: true })).result,
        same: (a: unknown[], b: unknown[]) => JSON.stringify(a) === JSON.stringify(b),
      },
      {
        name: "workflow trigger (delivered to a local endpoint)",
        ours: () =>
          wf.trigger({ url: target, body: payload, retries: 3, headers: { "x-tenant": "42" } }),
        plain: () =>
          post(
            `${dev.workflowUrl}/v2/trigger/${target}`,
            { ...json, "Svc-Retries": "3", "Svc-Forward-x-tenant": "42" },
            payload,
          ),
        same: (a: { workflowRunId?: string }, b: { workflowRunId?: string }) =>
          typeof a.workflowRunId === "string" && typeof b.workflowRunId === "string",
      },
    ];

    const rows: string[][] = [];
    const verdicts: string[] = [];
    for (const pair of pairs) {
      if (!pair.same((await pair.ours()) as never, (await pair.plain()) as never)) {
        throw new Error(`${pair.name}: our client and plain fetch answered differently`);
      }
      for (let i = 0; i < WARMUP; i++) await Promise.all([pair.ours(), pair.plain()]);
      const ours: number[] = [];
      const plain: number[] = [];
      for (let i = 0; i < PAIRS; i++) {
        if (i % 2) {
          ours.push(await timed(pair.ours));
          plain.push(await timed(pair.plain));
        } else {
          plain.push(await timed(pair.plain));
          ours.push(await timed(pair.ours));
        }
      }
      const p50 = quantile(ours, 0.5) / quantile(plain, 0.5);
      for (const [who, samples] of [
        ["our client", ours],
        ["plain fetch", plain],
      ] as const) {
        rows.push([
          pair.name,
          who,
          fmt.ms(quantile(samples, 0.5), 3),
          fmt.ms(quantile(samples, 0.99), 3),
          who === "our client" ? fmt.ratio(p50) : "",
        ]);
      }
      verdicts.push(
        `- ${pair.name}: p50 ${fmt.ratio(p50)} plain fetch (budget <= 1.05x): ${p50 <= 1.05 ? "ok" : "**missed**"}`,
      );
    }
    const markdown = [
      "## Loopback end to end against @x/dev-server",
      "",
      `${PAIRS} calls each after ${WARMUP} warm-up pairs, sequential, keep-alive (Node's global`,
      "fetch pool), ours and plain fetch alternating. Plain fetch sends the same request by hand.",
      `${deliveries} workflow deliveries reached the local endpoint during the run.`,
      "",
      ...verdicts,
      "",
      table(["operation", "client", "p50", "p99", "p50 vs plain"], rows),
    ].join("\n");
    return { markdown, ok: !verdicts.some((v) => v.includes("missed")) };
  } finally {
    endpoint.closeAllConnections();
    endpoint.close();
    await dev.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { markdown } = await runE2e();
  writeSection("e2e", markdown);
  console.log(markdown);
}
