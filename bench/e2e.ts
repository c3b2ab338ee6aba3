// Loopback end to end: our clients against a plain `fetch` of the same request, both to
// @x/dev-server (its own process) on 127.0.0.1 over keep-alive connections (undici's global pool). Calls
// alternate (ours, plain, plain, ours, ...) so drift hits both alike.
// Run: node --conditions=source --import tsx e2e.ts
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { isMain } from "../scripts/lib/main.mjs";
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
  /** The same request by hand, sent with `send` (plain fetch, with or without a timeout). */
  plain: (send: Post) => Promise<unknown>;
  /** Both answers, reduced to what must be equal. */
  same: (a: never, b: never) => boolean;
}

/** The vector service's answers: the data under `result`. */
type Enveloped = { result: unknown };

type Post = (url: string, headers: Record<string, string>, body: unknown) => Promise<unknown>;

/** Plain fetch: the request, its status checked, its JSON read. */
const post: Post = async (url, headers, body) => {
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
};

/**
 * Plain fetch with what a per-attempt timeout costs any client that has one: an
 * AbortController, a timer, and the signal undici follows for the request's life.
 */
const postTimed: Post = async (url, headers, body) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    const init = { method: "POST", headers, body: JSON.stringify(body), signal: controller.signal };
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return await response.json();
  } finally {
    clearTimeout(timer);
  }
};

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
    const payload = { orderId: 1042, note: "bench" };
    const pairs: Pair[] = [
      {
        name: `vector query (1,000 x ${DIMENSION}, topK 10)`,
        ours: () => index.query(q),
        plain: async (send) =>
          ((await send(`${dev.vectorUrl}/query`, json, q)) as Enveloped).result,
        same: (a: { id: string }[], b: { id: string }[]) =>
          a.length === 10 && a.map((r) => r.id).join() === b.map((r) => r.id).join(),
      },
      {
        name: "vector fetch (3 ids)",
        ours: () => index.fetch({ ids, includeMetadata: true }),
        plain: async (send) =>
          (
            (await send(`${dev.vectorUrl}/fetch`, json, {
              ids,
              includeMetadata: true,
            })) as Enveloped
          ).result,
        same: (a: unknown[], b: unknown[]) => JSON.stringify(a) === JSON.stringify(b),
      },
      {
        name: "workflow trigger (delivered to a local endpoint)",
        ours: () =>
          wf.trigger({ url: target, body: payload, retries: 3, headers: { "x-tenant": "42" } }),
        plain: (send) =>
          send(
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
      const plain = () => pair.plain(post);
      const plainTimed = () => pair.plain(postTimed);
      if (!pair.same((await pair.ours()) as never, (await plain()) as never)) {
        throw new Error(`${pair.name}: our client and plain fetch answered differently`);
      }
      for (let i = 0; i < WARMUP; i++) await Promise.all([pair.ours(), plain(), plainTimed()]);
      // The three in a rotating order, so drift and warm-up hit each alike.
      const series = [
        { who: "our client", run: pair.ours, samples: [] as number[] },
        { who: "plain fetch", run: plain, samples: [] as number[] },
        { who: "plain fetch + 30 s timeout signal", run: plainTimed, samples: [] as number[] },
      ];
      for (let i = 0; i < PAIRS; i++) {
        for (let k = 0; k < series.length; k++) {
          const one = series[(i + k) % series.length];
          if (one) one.samples.push(await timed(one.run));
        }
      }
      const [ours, bare, bareTimed] = series.map((one) => quantile(one.samples, 0.5)) as [
        number,
        number,
        number,
      ];
      const p50 = ours / bare;
      const likeForLike = ours / bareTimed;
      for (const one of series) {
        const median = quantile(one.samples, 0.5);
        rows.push([
          pair.name,
          one.who,
          fmt.ms(median, 3),
          fmt.ms(quantile(one.samples, 0.99), 3),
          fmt.ratio(median / bare),
        ]);
      }
      verdicts.push(
        `- ${pair.name}: p50 ${fmt.ratio(p50)} plain fetch (budget <= 1.05x): ${p50 <= 1.05 ? "ok" : "**missed**"}; ` +
          `${fmt.ratio(likeForLike)} plain fetch with the same timeout signal`,
      );
    }
    const markdown = [
      "## Loopback end to end against @x/dev-server",
      "",
      `${PAIRS} calls each after ${WARMUP} warm-up pairs, sequential, keep-alive (Node's global`,
      "fetch pool), ours and plain fetch in rotation. Plain fetch sends the same request by hand,",
      "once as it is and once with a 30 s timeout signal (an AbortController and a timer), which",
      "each of our attempts carries: the second ratio is like for like.",
      `${deliveries} workflow deliveries reached the local endpoint during the run.`,
      "",
      ...verdicts,
      "",
      table(["operation", "client", "p50", "p99", "p50 vs plain fetch"], rows),
    ].join("\n");
    return { markdown, ok: !verdicts.some((v) => v.includes("missed")) };
  } finally {
    endpoint.closeAllConnections();
    endpoint.close();
    await dev.close();
  }
}

if (isMain(import.meta.url)) {
  const { markdown } = await runE2e();
  writeSection("e2e", markdown);
  console.log(markdown);
}
