import { loadClients } from "./lib/load-clients";
import { stubFetch, answerWith, BODIES } from "./lib/stub";
const { WorkflowClient, VectorIndex } = await loadClients() as any;
const wf = new WorkflowClient({ token: "t0ken-secret", baseUrl: "https://wf.example", fetch: stubFetch });
const index = new VectorIndex({ url: "https://v.example", token: "t0ken-secret", fetch: stubFetch });
const trigger = { url: "https://example.org/api/workflow", body: { orderId: 1042 }, runId: "order-1042", retries: 3, delay: "1d10h30m", notBefore: 1767225600, labels: ["billing"], flowControl: { key: "t", parallelism: 2, rate: 10, period: "1m" }, failureCallback: { url: "https://example.org/f", headers: { "x-alert": "ops" } }, retryDelay: "1000 * pow(2, retried)", headers: {"x-tenant":"42"} };
const q = { vector: [0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8], topK: 5 };
async function bare(body: string) { const c = new AbortController(); const t = setTimeout(() => c.abort(), 30000); try { const r = await stubFetch("https://v.example/query", { method: "POST", headers: { authorization: "Bearer x", "content-type": "application/json" }, body, signal: c.signal }); return await r.json(); } finally { clearTimeout(t); } }
const tasks: Record<string, () => Promise<unknown>> = {
  trigger: () => { answerWith(BODIES.trigger); return wf.trigger(trigger); },
  bareT: () => { answerWith(BODIES.trigger); return bare(JSON.stringify(trigger.body)); },
  query: () => { answerWith(BODIES.query); return index.query(q); },
  bareQ: () => { answerWith(BODIES.query); return bare(JSON.stringify(q)); },
};
const which = process.argv.slice(2);
for (let round = 0; round < 3; round++) for (const name of which) {
  const f = tasks[name]!; for (let i = 0; i < 3000; i++) await f();
  const N = 20000; const t = performance.now(); for (let i = 0; i < N; i++) await f();
  console.log(name, ((performance.now() - t) * 1000 / N).toFixed(1), "µs");
}
