// Per-call CPU overhead: every client answers from the same stub fetch (next tick, no
// network), all in one process and one run, and is reported against a bare `fetch` +
// `json()` of the same request and against the official SDK's call. The budgets are
// ratios and differences taken per round (the tasks of a round run back to back), then
// the median over the rounds.
// Run: node --conditions=source --import tsx calls.ts
import { Client as QStash } from "@upstash/qstash";
import { Index } from "@upstash/vector";
import createClient from "openapi-fetch";
import { Bench } from "tinybench";
import { tracing } from "../packages/otel/src/index";
import type { paths as VectorPaths } from "../packages/vector/src/generated/schema";
import type { paths as WorkflowPaths } from "../packages/workflow/src/generated/schema";
import type { TriggerRequest } from "../packages/workflow/src/index";
import { isMain } from "../scripts/lib/main.mjs";
import { loadClients } from "./lib/load-clients";
import { fmt, table, writeSection } from "./lib/results.mjs";
import { answerWith, BODIES, recording, type Seen, stubFetch } from "./lib/stub";

const { VectorIndex, WorkflowClient, vectorGuard, workflowGuard } = await loadClients();

const TIME = Number(process.env.BENCH_CALLS_MS ?? 600);
const ROUNDS = Number(process.env.BENCH_CALLS_ROUNDS ?? 3);

// Every client, ours included, sends through this fetch; the SDKs that take no `fetch`
// option use the global one, so it is replaced in this process only.
globalThis.fetch = stubFetch as typeof fetch;

const VECTOR_URL = "https://my-index.vector.example.com";
const WORKFLOW_URL = "https://workflow.eu-central-1.example.com";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJiZW5jaCJ9.c2lnbmF0dXJlLWJ5dGVz";
const AUTH = `Bearer ${TOKEN}`;

const vectorOf = (n: number) => Array.from({ length: n }, (_, i) => Math.sin(i + 1) / 2);
const query = (dimension: number) => ({
  vector: vectorOf(dimension),
  topK: 5,
  includeMetadata: true,
  filter: "lang = 'en' AND year >= 2020",
});
const q8 = query(8);
const q768 = query(768);
const ids = ["doc-1", "doc-2", "doc-9"];

const ours = new VectorIndex({ url: VECTOR_URL, token: TOKEN, fetch: stubFetch });
const upstash = new Index({ url: VECTOR_URL, token: TOKEN });
// The same SDK given a per-request timeout as its own option allows: a fresh 30 s signal per
// request, what our clients' default `timeoutMs` does per attempt. Like for like: both cut
// a call at 30 s, and both pay fetch's cost of a signal.
const UPSTASH_TIMED = "30 s timeout signal";
const upstashTimed = new Index({
  url: VECTOR_URL,
  token: TOKEN,
  signal: () => AbortSignal.timeout(30_000),
});
const wf = new WorkflowClient({ baseUrl: WORKFLOW_URL, token: TOKEN, fetch: stubFetch });
// The same clients traced with no SDK registered (the global no-op provider), and with one
// middleware that does nothing.
const TRACED = "tracing() (no-op provider)";
const WITH_MIDDLEWARE = "one no-op middleware";
const noop = { onRequest() {} };
// Middleware that does something: one that sets a header (it reads the request), and one
// that reads the response's status (it reads no request).
const SETS_HEADER = "one middleware that sets a header in onRequest";
const READS_STATUS = "one onResponse that reads the status";
const setsHeader = {
  onRequest({ request }: { request: Request }) {
    request.headers.set("x-request-id", "bench-1");
  },
};
const statusesRead = { ok: 0 };
const readsStatus = {
  onResponse({ response }: { response: Response }) {
    if (response.status === 200) statusesRead.ok++;
  },
};
const oursTraced = new VectorIndex({
  url: VECTOR_URL,
  token: TOKEN,
  fetch: stubFetch,
  tracing: tracing(),
});
const oursWithMiddleware = new VectorIndex({ url: VECTOR_URL, token: TOKEN, fetch: stubFetch });
oursWithMiddleware.use(noop);
const oursSettingHeader = new VectorIndex({ url: VECTOR_URL, token: TOKEN, fetch: stubFetch });
oursSettingHeader.use(setsHeader);
const oursReadingStatus = new VectorIndex({ url: VECTOR_URL, token: TOKEN, fetch: stubFetch });
oursReadingStatus.use(readsStatus);
const wfTraced = new WorkflowClient({
  baseUrl: WORKFLOW_URL,
  token: TOKEN,
  fetch: stubFetch,
  tracing: tracing(),
});
const wfWithMiddleware = new WorkflowClient({
  baseUrl: WORKFLOW_URL,
  token: TOKEN,
  fetch: stubFetch,
});
wfWithMiddleware.use(noop);
const wfSettingHeader = new WorkflowClient({
  baseUrl: WORKFLOW_URL,
  token: TOKEN,
  fetch: stubFetch,
});
wfSettingHeader.use(setsHeader);
const wfReadingStatus = new WorkflowClient({
  baseUrl: WORKFLOW_URL,
  token: TOKEN,
  fetch: stubFetch,
});
wfReadingStatus.use(readsStatus);
// The same clients with the spec guard, in "collect" mode: each answer is read again and
// checked against the spec; the stub's answers fit it, so nothing is collected.
const GUARDED = 'specGuard({ mode: "collect" })';
const oursGuarded = new VectorIndex({ url: VECTOR_URL, token: TOKEN, fetch: stubFetch });
const vectorSpecGuard = vectorGuard({ mode: "collect" });
oursGuarded.use(vectorSpecGuard);
const wfGuarded = new WorkflowClient({ baseUrl: WORKFLOW_URL, token: TOKEN, fetch: stubFetch });
const workflowSpecGuard = workflowGuard({ mode: "collect" });
wfGuarded.use(workflowSpecGuard);
const qstash = new QStash({ baseUrl: WORKFLOW_URL, token: TOKEN, devMode: false });

// openapi-fetch as it comes, and with what its options allow: a function query serializer
// (not rebuilt per call), JSON.stringify as body serializer, and a `Request` option that
// only carries url and init so the `Request` is built once (in fetch), not twice.
const plainVector = createClient<VectorPaths>({
  baseUrl: VECTOR_URL,
  headers: { authorization: AUTH },
});
class InitOnly {
  constructor(
    readonly url: string,
    init: RequestInit,
  ) {
    Object.assign(this, init);
  }
}
const tuned = {
  querySerializer: () => "",
  bodySerializer: JSON.stringify,
  Request: InitOnly as unknown as typeof Request,
  fetch: ((request: InitOnly) => stubFetch(request.url, request as RequestInit)) as never,
};
const tunedVector = createClient<VectorPaths>({
  baseUrl: VECTOR_URL,
  headers: { authorization: AUTH },
  ...tuned,
});
// The workflow URL goes into the path raw (the spec's x-greedy), which needs a path serializer.
const rawPath = (path: string, params: Record<string, unknown>) =>
  path.replace(/\{(\w+)\}/g, (_, name) =>
    String(params[name]).replace(/[%?# ]/g, encodeURIComponent),
  );
const plainWorkflow = createClient<WorkflowPaths>({
  baseUrl: WORKFLOW_URL,
  headers: { authorization: AUTH },
  pathSerializer: rawPath,
});
const tunedWorkflow = createClient<WorkflowPaths>({
  baseUrl: WORKFLOW_URL,
  headers: { authorization: AUTH },
  pathSerializer: rawPath,
  ...tuned,
});

const bare = async (url: string, headers: Record<string, string>, body: unknown) => {
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  return response.json();
};
// The same, with what a per-attempt timeout needs: an AbortController and a timer. On Node 20
// the signal is what a client with a default timeout pays over one without.
const TIMED = "bare fetch + json() + 30 s timeout signal";
const bareTimed = async (url: string, headers: Record<string, string>, body: unknown) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    return await response.json();
  } finally {
    clearTimeout(timer);
  }
};
const jsonHeaders = { authorization: AUTH, "content-type": "application/json" };

// The trigger with every option, and the same headers written out by hand.
const target = "https://example.org/api/workflow";
const payload = { orderId: 1042, items: [{ sku: "A-1", qty: 2 }], note: "gift" };
const failureCallback = {
  url: "https://example.org/api/on-failure",
  headers: { "x-alert": "ops" },
};
const trigger: TriggerRequest = {
  url: target,
  body: payload,
  contentType: "application/json",
  runId: "order-1042",
  headers: { "x-tenant": "42", "x-trace": "abc123" },
  retries: 3,
  delay: "1d10h30m",
  notBefore: 1767225600,
  labels: ["billing", "nightly"],
  flowControl: { key: "tenant-42", parallelism: 2, rate: 10, period: "1m" },
  failureCallback,
  retryDelay: "1000 * pow(2, retried)",
};
const svcHeaders = {
  "Svc-Forward-x-tenant": "42",
  "Svc-Forward-x-trace": "abc123",
  "Svc-Workflow-RunId": "order-1042",
  "Svc-Retries": "3",
  "Svc-Delay": "1d10h30m",
  "Svc-Not-Before": "1767225600",
  "Svc-Label": "billing,nightly",
  "Svc-Flow-Control-Key": "tenant-42",
  "Svc-Flow-Control-Value": "parallelism=2, rate=10, period=1m",
  "Svc-Failure-Callback": "https://example.org/api/on-failure",
  "Svc-Failure-Callback-Forward-x-alert": "ops",
  "Svc-Retry-Delay": "1000 * pow(2, retried)",
};
const triggerPath = `${WORKFLOW_URL}/v2/trigger/${target}`;

interface Contender {
  name: string;
  run: () => Promise<unknown>;
  /** Reads the client's answer down to what a caller uses; false means the task is broken. */
  ok: (result: never) => boolean;
}
interface Group {
  title: string;
  body: string;
  /** The row every other row of the group is divided by. */
  base: string;
  /**
   * Our row, and the official SDK rows it must keep up with (>= 0.95x their throughput):
   * the SDK as it comes, and where given, the SDK cutting its calls as ours do (`why`).
   */
  budgets?: { ours: string; reference: string; why?: string }[];
  /** Rows that may cost at most `micros` more per call than `of`; without `micros`, reported only. */
  extras?: { name: string; of: string; micros?: number }[];
  /** A guarded row and the same call without the guard: its cost per call and its ratio. */
  guarded?: { name: string; of: string };
  contenders: Contender[];
}

/** Our row plus the traced and middleware rows of the same call, when `extra` is given. */
function oursWithExtras(
  name: string,
  ok: Contender["ok"],
  run: () => Promise<unknown>,
  extra?: {
    traced: () => Promise<unknown>;
    withMiddleware: () => Promise<unknown>;
    settingHeader: () => Promise<unknown>;
    readingStatus: () => Promise<unknown>;
  },
): Contender[] {
  if (!extra) return [{ name, run, ok }];
  return [
    { name, run, ok },
    { name: `${name}, ${TRACED}`, run: extra.traced, ok },
    { name: `${name}, ${WITH_MIDDLEWARE}`, run: extra.withMiddleware, ok },
    { name: `${name}, ${SETS_HEADER}`, run: extra.settingHeader, ok },
    { name: `${name}, ${READS_STATUS}`, run: extra.readingStatus, ok },
  ];
}

/** The budgets of the traced and middleware rows of `name`. */
function extrasOf(name: string) {
  return [
    { name: `${name}, ${TRACED}`, of: name, micros: 3 },
    { name: `${name}, ${WITH_MIDDLEWARE}`, of: name, micros: 8 },
    { name: `${name}, ${SETS_HEADER}`, of: name },
    { name: `${name}, ${READS_STATUS}`, of: name },
  ];
}

/** The spec guard's pair of a group: `name` with the guard, against `name` without. */
const guardPair = (name: string) => ({ name: `${name}, ${GUARDED}`, of: name });

const list = (n: number) => (r: unknown[]) => Array.isArray(r) && r.length === n;
const data = (check: (r: never) => boolean) => (r: { data?: { result?: unknown } }) =>
  check(r.data?.result as never);
const QUERY = "@x/vector VectorIndex.query";
const LIKE_FOR_LIKE = "like for like: both cut a call at 30 s";
/** The budgets of a vector operation: against Upstash as it comes, and with a timeout. */
const vectorBudgets = (ours: string, reference: string) => [
  { ours, reference },
  { ours, reference: `${reference}, ${UPSTASH_TIMED}`, why: LIKE_FOR_LIKE },
];
const queryGroup = (title: string, q: typeof q8, extras: boolean): Group => ({
  title,
  body: BODIES.query,
  base: "bare fetch + json()",
  budgets: vectorBudgets(QUERY, "@upstash/vector Index.query"),
  extras: extras ? extrasOf(QUERY) : [],
  guarded: extras ? guardPair(QUERY) : undefined,
  contenders: [
    {
      name: "bare fetch + json()",
      run: () => bare(`${VECTOR_URL}/query`, jsonHeaders, q),
      ok: (r: { result: unknown[] }) => list(5)(r.result),
    },
    {
      name: TIMED,
      run: () => bareTimed(`${VECTOR_URL}/query`, jsonHeaders, q),
      ok: (r: { result: unknown[] }) => list(5)(r.result),
    },
    ...oursWithExtras(
      QUERY,
      list(5),
      () => ours.query(q),
      extras
        ? {
            traced: () => oursTraced.query(q),
            withMiddleware: () => oursWithMiddleware.query(q),
            settingHeader: () => oursSettingHeader.query(q),
            readingStatus: () => oursReadingStatus.query(q),
          }
        : undefined,
    ),
    ...(extras
      ? [{ name: `${QUERY}, ${GUARDED}`, run: () => oursGuarded.query(q), ok: list(5) }]
      : []),
    { name: "@upstash/vector Index.query", run: () => upstash.query(q), ok: list(5) },
    {
      name: `@upstash/vector Index.query, ${UPSTASH_TIMED}`,
      run: () => upstashTimed.query(q),
      ok: list(5),
    },
    {
      name: "openapi-fetch POST /query",
      run: () => plainVector.POST("/query", { body: q }),
      ok: data(list(5)),
    },
    {
      name: "openapi-fetch POST /query, tuned options",
      run: () => tunedVector.POST("/query", { body: q }),
      ok: data(list(5)),
    },
  ],
});

const rangeRequest = { cursor: "0", limit: 3, includeMetadata: true };
const TRIGGER = "@x/workflow WorkflowClient.trigger";
const triggered = (r: { workflowRunId?: string }) => r.workflowRunId === "order-1042";

const GROUPS: Group[] = [
  queryGroup("vector query, 8 dimensions", q8, true),
  queryGroup("vector query, 768 dimensions", q768, false),
  {
    title: "vector range, 3 records",
    body: BODIES.range,
    base: "bare fetch + json()",
    budgets: vectorBudgets("@x/vector VectorIndex.range", "@upstash/vector Index.range"),
    guarded: guardPair("@x/vector VectorIndex.range"),
    contenders: [
      {
        name: "bare fetch + json()",
        run: () => bare(`${VECTOR_URL}/range`, jsonHeaders, rangeRequest),
        ok: (r: { result: { vectors: unknown[] } }) => list(3)(r.result.vectors),
      },
      {
        name: "@x/vector VectorIndex.range",
        run: () => ours.range(rangeRequest),
        ok: (r: { vectors: unknown[] }) => list(3)(r.vectors),
      },
      {
        name: `@x/vector VectorIndex.range, ${GUARDED}`,
        run: () => oursGuarded.range(rangeRequest),
        ok: (r: { vectors: unknown[] }) => list(3)(r.vectors),
      },
      {
        name: "@upstash/vector Index.range",
        run: () => upstash.range(rangeRequest),
        ok: (r: { vectors: unknown[] }) => list(3)(r.vectors),
      },
      {
        name: `@upstash/vector Index.range, ${UPSTASH_TIMED}`,
        run: () => upstashTimed.range(rangeRequest),
        ok: (r: { vectors: unknown[] }) => list(3)(r.vectors),
      },
    ],
  },
  {
    title: "vector fetch, 3 ids",
    body: BODIES.fetch,
    base: "bare fetch + json()",
    budgets: vectorBudgets("@x/vector VectorIndex.fetch", "@upstash/vector Index.fetch"),
    guarded: guardPair("@x/vector VectorIndex.fetch"),
    contenders: [
      {
        name: "bare fetch + json()",
        run: () => bare(`${VECTOR_URL}/fetch`, jsonHeaders, { ids, includeMetadata: true }),
        ok: (r: { result: unknown[] }) => list(3)(r.result),
      },
      {
        name: TIMED,
        run: () => bareTimed(`${VECTOR_URL}/fetch`, jsonHeaders, { ids, includeMetadata: true }),
        ok: (r: { result: unknown[] }) => list(3)(r.result),
      },
      {
        name: "@x/vector VectorIndex.fetch",
        run: () => ours.fetch({ ids, includeMetadata: true }),
        ok: list(3),
      },
      {
        name: `@x/vector VectorIndex.fetch, ${GUARDED}`,
        run: () => oursGuarded.fetch({ ids, includeMetadata: true }),
        ok: list(3),
      },
      {
        name: "@upstash/vector Index.fetch",
        run: () => upstash.fetch(ids, { includeMetadata: true }),
        ok: list(3),
      },
      {
        name: `@upstash/vector Index.fetch, ${UPSTASH_TIMED}`,
        run: () => upstashTimed.fetch(ids, { includeMetadata: true }),
        ok: list(3),
      },
      {
        name: "openapi-fetch POST /fetch",
        run: () => plainVector.POST("/fetch", { body: { ids, includeMetadata: true } }),
        ok: data(list(3)),
      },
      {
        name: "openapi-fetch POST /fetch, tuned options",
        run: () => tunedVector.POST("/fetch", { body: { ids, includeMetadata: true } }),
        ok: data(list(3)),
      },
    ],
  },
  {
    title: "workflow trigger, every option",
    body: BODIES.trigger,
    base: "bare fetch + json()",
    budgets: [{ ours: TRIGGER, reference: "@upstash/qstash Client.publishJSON" }],
    extras: extrasOf(TRIGGER),
    guarded: guardPair(TRIGGER),
    contenders: [
      {
        name: "bare fetch + json()",
        run: () => bare(triggerPath, { ...jsonHeaders, ...svcHeaders }, payload),
        ok: (r: { workflowRunId?: string }) => r.workflowRunId === "order-1042",
      },
      ...oursWithExtras(TRIGGER, triggered, () => wf.trigger(trigger), {
        traced: () => wfTraced.trigger(trigger),
        withMiddleware: () => wfWithMiddleware.trigger(trigger),
        settingHeader: () => wfSettingHeader.trigger(trigger),
        readingStatus: () => wfReadingStatus.trigger(trigger),
      }),
      { name: `${TRIGGER}, ${GUARDED}`, run: () => wfGuarded.trigger(trigger), ok: triggered },
      ...(["openapi-fetch", "openapi-fetch, tuned options"] as const).map((name) => ({
        name: `${name} POST /v2/trigger`,
        run: () =>
          (name === "openapi-fetch" ? plainWorkflow : tunedWorkflow).POST(
            "/v2/trigger/{workflowUrl}",
            {
              params: { path: { workflowUrl: target }, header: svcHeaders as never },
              body: payload as never,
            },
          ),
        ok: (r: { data?: { workflowRunId?: string } }) => r.data?.workflowRunId === "order-1042",
      })),
      {
        name: "@upstash/qstash Client.publishJSON",
        run: () => {
          answerWith(BODIES.publish);
          return qstash.publishJSON({
            url: target,
            body: payload,
            headers: trigger.headers,
            retries: 3,
            delay: "1d10h30m" as never,
            notBefore: 1767225600,
            label: ["billing", "nightly"],
            flowControl: trigger.flowControl as never,
            failureCallback: failureCallback.url,
            retryDelay: trigger.retryDelay,
          });
        },
        ok: (r: { messageId?: string }) => typeof r.messageId === "string",
      },
    ],
  },
];

/** What each task sends, so the table can show the requests are alike. */
async function check(group: Group, c: Contender): Promise<Seen> {
  answerWith(c.name.includes("qstash") ? BODIES.publish : group.body);
  let result: unknown;
  const seen = await recording(async () => {
    result = await c.run();
  });
  if (!c.ok(result as never) || seen.length !== 1) {
    throw new Error(`${group.title} / ${c.name}: unexpected result ${JSON.stringify(result)}`);
  }
  return seen[0] as Seen;
}

async function runCalls() {
  const seen = new Map<string, Seen>();
  for (const group of GROUPS) {
    for (const c of group.contenders) seen.set(`${group.title}/${c.name}`, await check(group, c));
  }
  // Rounds in rotated order, so no task always runs first or last; the median counts.
  const samples = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const group of GROUPS) {
      const bench = new Bench({ time: TIME, warmupTime: 100, throws: true });
      const n = group.contenders.length;
      for (let i = 0; i < n; i++) {
        const c = group.contenders[(i + round) % n] as Contender;
        const body = c.name.includes("qstash") ? BODIES.publish : group.body;
        bench.add(c.name, c.run, { beforeAll: () => answerWith(body) });
      }
      await bench.run();
      for (const task of bench.tasks) {
        const key = `${group.title}/${task.name}`;
        const hz =
          (task.result as { throughput?: { mean: number } }).throughput?.mean ?? Number.NaN;
        samples.set(key, [...(samples.get(key) ?? []), hz]);
      }
    }
  }
  if (statusesRead.ok === 0) throw new Error(`${READS_STATUS}: its onResponse never ran`);
  // The stub's answers fit the specs: a drift here would mean the guard timed another path.
  for (const guard of [vectorSpecGuard, workflowSpecGuard]) {
    if (guard.report().length > 0) {
      throw new Error(`${GUARDED}: reported ${JSON.stringify(guard.report())}`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const rounds = (group: Group, name: string) => samples.get(`${group.title}/${name}`) ?? [];
  const hz = (group: Group, name: string) => median(rounds(group, name));
  /** `f` of two rows, round by round (each round ran them back to back), then the median. */
  const paired = (group: Group, a: string, b: string, f: (x: number, y: number) => number) => {
    const ys = rounds(group, b);
    return median(rounds(group, a).map((x, round) => f(x, ys[round] ?? Number.NaN)));
  };
  const micros = (ops: number) => 1e6 / ops;

  const sections: string[] = [];
  const budget: string[] = [];
  const guards: string[] = [];
  for (const group of GROUPS) {
    const base = hz(group, group.base);
    // "vs the SDK" is against the SDK as it comes, the first budget's reference.
    const first = group.budgets?.[0];
    const reference = first ? hz(group, first.reference) : undefined;
    const rows = group.contenders.map((c) => {
      const s = seen.get(`${group.title}/${c.name}`) as Seen;
      const ops = hz(group, c.name);
      return [
        c.name,
        fmt.int(ops),
        fmt.ratio(ops / base),
        reference ? fmt.ratio(ops / reference) : "",
        `${micros(ops).toFixed(1)} µs`,
        `${Object.keys(s.headers).length} headers, ${s.body.length} B body`,
      ];
    });
    sections.push(
      `### ${group.title}\n\n${table(
        ["client", "ops/s", "vs bare fetch", "vs the SDK", "per call", "request sent"],
        rows,
      )}`,
    );
    for (const { ours: name, reference: other, why } of group.budgets ?? []) {
      const ratio = paired(group, name, other, (x, y) => x / y);
      const because = why ? ` (${why})` : "";
      budget.push(
        `- ${group.title}: ${name} = **${fmt.ratio(ratio)}** ${other} (budget >= 0.95x)${because}: ${ratio >= 0.95 ? "ok" : "**missed**"}`,
      );
    }
    if (group.guarded) {
      const { name, of } = group.guarded;
      const added = paired(group, name, of, (x, y) => micros(x) - micros(y));
      const ratio = paired(group, name, of, (x, y) => x / y);
      guards.push(
        `- ${group.title}: ${GUARDED} adds **${added.toFixed(1)} µs** per call; the guarded call runs at **${fmt.ratio(ratio)}** the unguarded one's rate (no budget)`,
      );
    }
    for (const extra of group.extras ?? []) {
      const added = paired(group, extra.name, extra.of, (x, y) => micros(x) - micros(y));
      const what = `- ${group.title}: ${extra.name.slice(extra.of.length + 2)} adds **${added.toFixed(1)} µs**`;
      budget.push(
        extra.micros === undefined
          ? `${what} (no budget)`
          : `${what} (budget <= +${extra.micros} µs): ${added <= extra.micros ? "ok" : "**missed**"}`,
      );
    }
  }
  const markdown = [
    "## Per-call CPU overhead (stub fetch, next tick)",
    "",
    `Node ${process.version}. Same process and run; each client answered by one stub fetch that builds a \`Request\` from its`,
    `arguments (as undici's fetch does) and resolves on the next tick. Median of ${ROUNDS} rounds of`,
    `${TIME} ms per task, in rotated order. "request sent" counts what the stub received.`,
    '"openapi-fetch, tuned options" passes a function `querySerializer`, `JSON.stringify` as',
    "`bodySerializer`, and a `Request` option that only carries url and init, so the `Request` is",
    "built once (by fetch) instead of twice; no middleware is registered in either openapi-fetch row.",
    `"${TRACED}" is \`tracing()\` of @x/otel without an SDK; "${WITH_MIDDLEWARE}" has one \`onRequest\` that returns nothing;`,
    `"${SETS_HEADER}" sets \`x-request-id\` on \`request.headers\` (so the request is built and read back);`,
    `"${READS_STATUS}" reads \`response.status\` and never the request.`,
    "",
    "Each vector operation has two budget lines. The first is against `@upstash/vector` as it",
    "comes, which sends no signal: a call to a stalled server waits as long as the socket does.",
    `The second ("${LIKE_FOR_LIKE}") is against the same SDK given`,
    "`signal: () => AbortSignal.timeout(30_000)`, its own option for a per-request timeout, which",
    "is what our default `timeoutMs` does per attempt. A signal has a cost in fetch itself",
    `(undici's Request registers it; see "${TIMED}" against the bare row), so no client that`,
    "cuts its calls can reach 0.95x of one that never does; the first line shows that cost, the",
    "second whether our own layers keep up with the same guarantee.",
    "",
    ...budget,
    "",
    `The spec guard's cost, each pair in the same rounds: "${GUARDED}" reads each answer's body`,
    "(and hands the call a copy to read), parses it and walks it beside the schema generated from",
    "the spec; it is an `onResponse`, so the call also pays for a readable answer.",
    "",
    ...guards,
    "",
    sections.join("\n\n"),
  ].join("\n");
  return { markdown, ok: !budget.some((b) => b.includes("missed")) };
}

if (isMain(import.meta.url)) {
  const { markdown } = await runCalls();
  writeSection("calls", markdown);
  console.log(markdown);
}
